// GameServer's chat (docs/playing.md#chat): players' lines checked and rate-limited, then sent to
// everyone in the room; the server's own lines (joins, leaves, runs, kicks); notices to a sender
// whose line did not go.
#include <cmath>

#include <fmt/format.h>

#include "server/game_server.h"
#include "wire/codec.h"
#include "wire/text_check.h"

namespace coyote {

// A line is checked before anything else: text no client of ours sends is a malformed packet.
void GameServer::handleChat(Connection& connection, const net::ChatSay& say) {
  if (connection.kicked) {
    return;  // on its way out: what it still says reaches nobody
  }
  Room& room = *connection.room;
  if (const std::string problem = net::chatLineProblem(say.text); !problem.empty()) {
    notice(connection, "not sent: " + problem);
    rejectPacket(connection, "chat: " + problem);
    return;
  }
  if (say.text.starts_with('/')) {
    handleChatCommand(connection, say.text);
    return;
  }
  const std::string name = connection.role == Connection::Role::Player
                               ? room.slotName(connection.slot)
                               : std::string("spectator");
  if (const double muted = mutedFor(name); muted > 0.0) {
    notice(connection,
           fmt::format("not sent: you are muted for {:.0f} more minutes", std::ceil(muted / 60.0)));
    return;
  }
  if (!connection.chat.admit(now_)) {
    if (connection.chat.flooding()) {
      kick(connection, "chat flood");
    } else {
      notice(connection, "not sent: at most 5 lines at once, then 1 a second");
    }
    return;
  }
  const net::ChatLine line{net::ChatKind::Player, name, say.text};
  if (!room.admitChat(now_, net::encode(line).size())) {
    notice(connection, "not sent: the room's chat is busy; try again in a moment");
    return;
  }
  log_->info("room {}: chat: {}: {}", room.name(), name, say.text);
  sayToRoom(room, line);
}

void GameServer::sayToRoom(const Room& room, const net::ChatLine& line) {
  const std::vector<std::uint8_t> encoded = net::encode(line);
  for (const auto& [peer, connection] : connections_) {
    if (connection->room == &room && !connection->refused && !connection->kicked) {
      net::sendEncoded(peer, encoded, net::kReliableChannel);
    }
  }
}

void GameServer::announce(const Room& room, const std::string& text) {
  sayToRoom(room, net::ChatLine{net::ChatKind::Server, "", text});
}

// At most one notice a second: a flooder draws no more from the server than it sends.
void GameServer::notice(Connection& connection, const std::string& text) {
  if (now_ - connection.lastChatNotice < 1.0) {
    return;
  }
  connection.lastChatNotice = now_;
  net::sendMessage(connection.peer, net::ChatLine{net::ChatKind::Notice, "", text},
                   net::kReliableChannel);
}

void GameServer::kick(Connection& connection, const std::string& reason) {
  Room& room = *connection.room;
  const std::string name = connection.role == Connection::Role::Player
                               ? room.slotName(connection.slot)
                               : std::string("a spectator");
  log_->warn("room {}: {} ({}) kicked: {}", room.name(), name, connection.address, reason);
  net::sendMessage(connection.peer, net::Goodbye{"kicked: " + reason}, net::kReliableChannel);
  enet_peer_disconnect_later(connection.peer, 0);
  connection.kicked = true;
  connection.closingSince = now_;
  announce(room, fmt::format("{} was kicked ({})", name, reason));
  if (room.vote() && connection.role == Connection::Role::Player &&
      room.vote()->targetSlot() == connection.slot) {
    room.vote().reset();  // whom it named is gone: nothing left to vote on
  }
}

}  // namespace coyote
