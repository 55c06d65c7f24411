#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "listing/master_token.h"
#include "wire/server_info.h"

namespace coyote::listing {

/// The longest registration a master reads: a server's info with kMaxInfoRooms rooms fits.
inline constexpr std::size_t kMaxRegistrationBytes = 16 * 1024;

/// What a game server POSTs to a master's `/register` every 15 s, as JSON:
/// `{"port", "address"?, "challenge", "token"?, "info", "leaving"?}`
/// (docs/protocol.md#the-server-list).
struct Registration {
  std::uint16_t port = 0;  ///< the game port players connect to
  /// "a.b.c.d" players reach the server at when it is not the address the registration comes
  /// from (a fleet's node, a NAT); "" = that address.
  std::string address;
  Challenge challenge{};
  std::optional<Token> token;  ///< the last token this master sent for `challenge`
  net::ServerInfo info;
  /// The server is stopping: take it off the list now rather than at its expiry (a proven
  /// registration of the same challenge only).
  bool leaving = false;
};

std::string registrationJson(const Registration& registration);
/// A registration within its bounds (kMaxRegistrationBytes, a port from 1, an IPv4 address,
/// challenge and token of 32 hex digits, infoFromJson's checks); nullopt and the reason naming
/// the field otherwise.
std::optional<Registration> parseRegistration(std::string_view body, std::string& error);

}  // namespace coyote::listing
