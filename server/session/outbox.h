#pragma once

#include <cstdint>
#include <span>

#include "server/session/connection.h"
#include "wire/messages.h"
#include "wire/protocol.h"

namespace coyote {

/// What the parts above the sessions (the handshake, rooms and their frames, chat, votes,
/// records) may do to a connection: send it a message, or close it. The one door out:
/// SessionHost does it over ENet; a test records it, so that each of them runs without a socket.
class Outbox {
 public:
  virtual ~Outbox() = default;
  /// Sends `encoded` (one encoded message, or a ServerFrames) to `to` on `channel`.
  virtual void send(Connection& to, std::span<const std::uint8_t> encoded,
                    net::Channel channel) = 0;
  /// Ends `connection` as `why` says (Closing in connection.h): after a Refusal or a Goodbye it
  /// is no longer heard and goes once its last word had its chance; dropped or replaced, it goes
  /// at once (and must not be used again).
  virtual void close(Connection& connection, const Closing& why, double now) = 0;
  /// Sends `goodbye` and closes `connection` as kicked at server time `now`: its player keeps no
  /// reservation.
  void kick(Connection& connection, const net::Goodbye& goodbye, double now) {
    close(connection, {Closing::Kind::kKicked, goodbye.reason}, now);
  }
};

}  // namespace coyote
