#pragma once

#include "server/session/outbox.h"

namespace coyote {

/// The Outbox over ENet: messages on the connection's peer, a kick as a reliable Goodbye then a
/// disconnect once it is delivered (the server resets the peer kClosingSeconds later if it never
/// is).
class EnetOutbox final : public Outbox {
 public:
  void send(Connection& to, std::span<const std::uint8_t> encoded) override;
  void kick(Connection& connection, const net::Goodbye& goodbye, double now) override;
};

}  // namespace coyote
