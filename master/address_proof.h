#pragma once

#include <array>
#include <cstdint>

#include "listing/master_token.h"
#include "wire/player_identity.h"

namespace coyote {

/// The master's tokens (listing/master_token.h), computed rather than stored: a token is the
/// keyed BLAKE2b hash of the address, the port, the challenge, the IP that asked for it and the
/// minute, under a key drawn at start. Bound to the IP that asked, a token seen on the wire is no
/// use from any other: an entry changes or leaves only from the address that proved it. A
/// registration that is never proven costs the master no memory, and a token is good for the minute
/// it was made in and the next, so a server sends the same one with every heartbeat and is asked
/// for a new one about once a minute, which proves again that it is still where it says. A
/// restarted master has a new key: each server's next heartbeat gets a new token.
class AddressProof {
 public:
  static constexpr double kEpochSeconds = 60.0;

  AddressProof();  ///< draws the key (libsodium's randombytes)

  /// The token for `endpoint` and `challenge`, asked for by `source` (IPv4, network order).
  listing::Token token(const net::ServerEndpoint& endpoint, const listing::Challenge& challenge,
                       std::uint32_t source, double now) const;
  /// Whether `token` is this master's for the endpoint and challenge as asked for by `source`,
  /// made this minute or the last (compared in constant time).
  bool valid(const net::ServerEndpoint& endpoint, const listing::Challenge& challenge,
             std::uint32_t source, const listing::Token& token, double now) const;

 private:
  listing::Token tokenAt(const net::ServerEndpoint& endpoint, const listing::Challenge& challenge,
                         std::uint32_t source, std::uint64_t epoch) const;

  std::array<std::uint8_t, 32> key_{};
};

}  // namespace coyote
