#include "server/session/enet_outbox.h"

#include "net/enet_host.h"

namespace coyote {

void EnetOutbox::send(Connection& to, std::span<const std::uint8_t> encoded) {
  net::sendEncoded(to.peer, encoded, net::kReliableChannel);
}

void EnetOutbox::kick(Connection& connection, const net::Goodbye& goodbye, double now) {
  net::sendMessage(connection.peer, goodbye, net::kReliableChannel);
  enet_peer_disconnect_later(connection.peer, 0);
  connection.kicked = true;
  connection.closingSince = now;
}

}  // namespace coyote
