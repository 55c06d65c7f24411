// GameServer's receiving half: what the sessions hand it, each client message routed to the
// part whose job it is.
#include <algorithm>

#include <fmt/format.h>

#include "server/game_server.h"
#include "server/names/player_name.h"
#include "wire/codec.h"

namespace coyote {

void GameServer::receive(int waitMs) {
  sessions_.receive(waitMs, now_);
}

void GameServer::onClosed(Connection& connection, bool announceLeaving) {
  // What each part kept about the session goes with it (session/per_session.h).
  malformed_.forget(connection);
  chat_.forget(connection);
  votes_.forget(connection);
  recordsBridge_.forget(connection);
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
    const std::optional<std::uint16_t> version = net::helloVersion(packet);
    if (connection.role != Connection::Role::Pending || !version ||
        !handshake_.unreadableHello(connection, *version, now_)) {
      rejectPacket(connection, error);
    }
  } else if (const auto* hello = std::get_if<net::Hello>(&*message)) {
    if (connection.role == Connection::Role::Pending) {
      handshake_.hello(connection, *hello, now_);
      metrics_.peakPlayers = std::max(metrics_.peakPlayers, players());
    } else {
      handshake_.repeatedHello(connection, now_);  // a copy: the client has no Welcome yet
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
    room.repairDesync(sessions_, connection, *report, now_, repairs_);
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
  if (malformed_.reject(connection, reason, now_)) {
    ++metrics_.malformedPackets;
  }
}

}  // namespace coyote
