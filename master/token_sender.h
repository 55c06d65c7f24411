#pragma once

#include <cstdint>

#include "listing/master_token.h"
#include "wire/player_identity.h"

namespace coyote {

/// The master's UDP socket: sends token datagrams (listing/master_token.h) to game ports, and
/// reads nothing.
class TokenSender {
 public:
  TokenSender();  ///< throws std::runtime_error if no socket can be made
  ~TokenSender();
  TokenSender(const TokenSender&) = delete;
  TokenSender& operator=(const TokenSender&) = delete;

  /// Sends one datagram to `to`; false if the system would not take it.
  bool send(const net::ServerEndpoint& to, const listing::MasterToken& token);

 private:
  int socket_ = -1;
};

}  // namespace coyote
