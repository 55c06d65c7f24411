#pragma once

#include <cstdint>
#include <span>

#include "server/session/connection.h"
#include "wire/messages.h"

namespace coyote {

/// What the parts above the sessions (chat, votes, moderation) may do to a connection: send it
/// a message, or close it with a last word. GameServer's sessions do it over ENet; a test
/// records it, so that chat, votes and bans run without a socket.
class Outbox {
 public:
  virtual ~Outbox() = default;
  /// Sends `encoded` (one encoded message) to `to` on the reliable channel.
  virtual void send(Connection& to, std::span<const std::uint8_t> encoded) = 0;
  /// Sends `goodbye` to `connection` and closes it as kicked at server time `now`: nothing more it
  /// says is heard, its player keeps no reservation, and it goes once its last word had its
  /// chance.
  virtual void kick(Connection& connection, const net::Goodbye& goodbye, double now) = 0;
};

}  // namespace coyote
