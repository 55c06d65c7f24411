// GameServer's receiving half: the ENet event pump, the handshake and each client message.
#include <algorithm>

#include <fmt/format.h>

#include "server/game_server.h"
#include "server/player_name.h"
#include "wire/codec.h"

namespace coyote {

void GameServer::receive(int waitMs) {
  sessions_.receive(waitMs, now_);
}

void GameServer::onClosed(Connection& connection, bool announceLeaving) {
  if (connection.room != nullptr) {
    if (announceLeaving && connection.role == Connection::Role::Player && !connection.kicked()) {
      chat_.announce(*connection.room,
                     fmt::format("{} left", connection.room->slotName(connection.slot)));
    }
    connection.room->leave(connection, now_);
  }
}

void GameServer::onPacket(Connection& connection, std::span<const std::uint8_t> packet) {
  std::string error;
  const std::optional<net::Message> message = net::decode(packet, error);
  if (!message) {
    rejectPacket(connection, error);
  } else if (const auto* hello = std::get_if<net::Hello>(&*message)) {
    if (connection.role == Connection::Role::Pending) {
      handleHello(connection, *hello);
    } else {
      repeatWelcome(connection);  // a copy: the client has no Welcome yet
    }
  } else if (connection.role == Connection::Role::Pending) {
    rejectPacket(connection, fmt::format("{} before Hello", net::messageName(*message)));
  } else {
    connection.sync.welcomeCopies.release();  // it plays, so it has a Welcome
    onMessage(connection, *message);
  }
}

void GameServer::onMessage(Connection& connection, const net::Message& message) {
  Room& room = *connection.room;  // set with its role when the Hello was accepted
  if (const auto* batch = std::get_if<net::InputBatch>(&message)) {
    if (const std::string refusal = room.receiveInputs(connection, *batch, now_);
        !refusal.empty()) {
      rejectPacket(connection, refusal);
    }
  } else if (const auto* report = std::get_if<net::DesyncReport>(&message)) {
    room.repairDesync(connection, *report, now_, repairs_);
  } else if (const auto* ghost = std::get_if<net::GhostRequest>(&message)) {
    recordsBridge_.requestGhost(connection, *ghost, now_);
  } else if (const auto* say = std::get_if<net::ChatSay>(&message)) {
    if (const std::string problem = chat_.hear(connection, say->text, now_); !problem.empty()) {
      rejectPacket(connection, problem);
    }
  } else if (const auto* stats = std::get_if<net::ClientReport>(&message)) {
    if (!room.noteClientReport(connection, *stats)) {
      ++metrics_.refusedClientReports;
      rejectPacket(connection, "implausible client report");
    }
  } else {
    rejectPacket(connection, fmt::format("unexpected {}", net::messageName(message)));
  }
}

void GameServer::rejectPacket(Connection& connection, const std::string& reason) {
  if (now_ - connection.movedAt < kMoveGraceSeconds) {
    return;
  }
  ++metrics_.malformedPackets;
  if (now_ - connection.badWindowStart > kBadPacketWindowSeconds) {
    connection.badWindowStart = now_;
    connection.badPackets = 0;
  }
  ++connection.badPackets;
  if (now_ - connection.lastBadLog >= 1.0) {  // once per peer per second
    log_->warn("{}: dropped malformed packet ({}); {} in the last {} s", connection.address, reason,
               connection.badPackets, kBadPacketWindowSeconds);
    connection.lastBadLog = now_;
  }
  if (connection.badPackets > static_cast<std::uint32_t>(config_.badPacketLimit)) {
    log_->warn("{}: disconnected after {} malformed packets", connection.address,
               connection.badPackets);
    sessions_.kick(connection, net::Goodbye{"too many malformed packets"}, now_);
    connection.badPackets = 0;
  }
}

void GameServer::refuse(Connection& connection, const std::string& reason) {
  sessions_.close(connection, {Closing::Kind::kRefused, reason}, now_);
}

// ---- the handshake -----------------------------------------------------------------------------

void GameServer::handleHello(Connection& connection, const net::Hello& hello) {
  if (hello.protocolVersion != net::kProtocolVersion) {
    log_->warn("{}: refused: protocol version {} (server speaks {})", connection.address,
               hello.protocolVersion, net::kProtocolVersion);
    refuse(connection, fmt::format("protocol version {} is not supported; the server speaks "
                                   "version {}",
                                   hello.protocolVersion, net::kProtocolVersion));
    return;
  }
  if (const std::string problem = nameProblem(hello.name); !problem.empty()) {
    refuse(connection, problem);
    return;
  }
  if (!joins_.admit(connection.peer->address.host, now_)) {
    refuse(connection, "too many joins from this address; try again in a few seconds");
    return;
  }
  if (const std::string refusal = moderation_.joinRefusal(
          connection.peer->address.host, connection.host, hello.name, hello.password, now_);
      !refusal.empty()) {
    log_->info("{}: refused {:?}: {}", connection.address, hello.name, refusal);
    refuse(connection, refusal);
    return;
  }
  Room* room = roomFor(connection, hello);
  if (room == nullptr) {
    return;
  }
  const bool newcomer = !hello.spectator && room->reservedSlot(hello.reconnectToken) < 0;
  const bool admitted =
      hello.spectator ? admitSpectator(*room, connection) : admitPlayer(*room, connection, hello);
  if (!admitted) {
    return;
  }
  room->enter(connection);
  const net::Welcome welcome =
      room->welcome(connection, hello, sendPhases_++ % ticksPerSend_, now_);
  std::vector<std::uint8_t> encoded = net::encode(welcome);
  net::sendEncoded(connection.peer, encoded, net::kReliableChannel);
  connection.sync.welcomeCopies.keep(std::move(encoded), now_);
  if (newcomer) {  // after the Welcome, so that the newcomer reads it too
    chat_.announce(*room, fmt::format("{} joined", room->slotName(connection.slot)));
  }
}

// The client repeats its Hello until a Welcome comes: answered with a copy (welcome_copies.h).
void GameServer::repeatWelcome(Connection& connection) {
  const double roundTrip = static_cast<double>(connection.peer->roundTripTime) / 1000.0;
  const std::span<const std::uint8_t> copy =
      connection.sync.welcomeCopies.answerRepeatedHello(now_, roundTrip, connection.bytesReceived);
  if (!copy.empty()) {
    net::sendEncoded(connection.peer, copy, net::kUnreliableChannel);
    ++metrics_.welcomeCopies;
  }
}

bool GameServer::admitSpectator(Room& room, Connection& connection) {
  if (governor_.refusesJoins()) {
    refuse(connection, "server busy (overloaded); try again later");
    return false;
  }
  if (!room.admitSpectator(connection)) {
    refuse(connection, "no room for another spectator");
    return false;
  }
  return true;
}

// The slot a reconnect token reserves in `room`, or -1; -2 when the token reserves nothing and
// this address has guessed wrong too often. A correct token is checked first and always let in:
// only wrong guesses are limited (5 per address in 10 s, address_rate_limit.h).
int GameServer::reconnectingSlot(Room& room, Connection& connection,
                                 const net::ReconnectToken& token) {
  if (token.empty()) {
    return -1;
  }
  const int slot = room.reservedSlot(token);
  if (slot < 0) {
    if (!wrongTokens_.admit(connection.peer->address.host, now_)) {
      return -2;
    }
    log_->info("{}: reconnect token {} reserves nothing in room {}", connection.address,
               token.shortForm(), room.name());
    return -1;
  }
  if (room.slotConnected(slot) && !closeOldConnection(room, slot)) {
    return -1;  // its old connection was kicked: the slot is not coming back
  }
  return slot;
}

// The player came back on a new connection before the server noticed that its old one died:
// the old one is closed quietly and the slot handed over (false if it was kicked).
bool GameServer::closeOldConnection(const Room& room, int slot) {
  for (const auto& [peer, connection] : sessions_.connections()) {
    if (connection->role == Connection::Role::Player && connection->room == &room &&
        connection->slot == slot) {
      if (connection->kicked()) {
        return false;
      }
      log_->info(
          "player {} (slot {}) came back on a new connection; the old one from {} is "
          "closed",
          room.slotName(slot), slot, connection->address);
      sessions_.close(*connection, {Closing::Kind::kReplaced, {}}, now_);  // nobody left
      return true;
    }
  }
  return true;
}

bool GameServer::admitPlayer(Room& room, Connection& connection, const net::Hello& hello) {
  int slot = reconnectingSlot(room, connection, hello.reconnectToken);
  if (slot == -2) {
    refuse(connection, "too many wrong reconnect tokens from this address; try later");
    return false;
  }
  const bool reconnecting = slot >= 0;
  if (!reconnecting && governor_.refusesJoins()) {
    refuse(connection, "server busy (overloaded); try again later");
    return false;
  }
  if (!reconnecting) {
    slot = room.claimSlot(hello.name);
    if (slot < 0) {
      refuse(connection,
             fmt::format("room {} is full ({} players)", room.name(), config_.maxPlayers));
      return false;
    }
  }
  room.admitPlayer(connection, slot, reconnecting);
  metrics_.peakPlayers = std::max(metrics_.peakPlayers, players());
  recordsBridge_.playerJoined(room, slot);
  return true;
}

}  // namespace coyote
