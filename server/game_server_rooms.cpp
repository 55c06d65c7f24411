// GameServer's rooms: opening one for the first Hello that names it, closing it once it has been
// empty for rooms.idle_seconds, and the figures of all of them together.
#include <fmt/format.h>

#include "server/game_server.h"
#include "wire/text_check.h"

namespace coyote {

Room& GameServer::openRoom(const std::string& name, const Level& level, std::uint16_t levelEpoch,
                           bool recorded) {
  const std::string record = recorded ? roomRecordPath(config_.record, name) : "";
  Room& room =
      *(rooms_[name] = std::make_unique<Room>(name, level, config_, log_, record, levelEpoch));
  room.opened(now_);
  log_->info("room {} opened ({}x{} level, {} of {} rooms){}", name, level.width(), level.height(),
             rooms_.size(), config_.maxRooms,
             record.empty() ? (config_.record.empty() ? ""
                                                      : "; not recorded: world.record has "
                                                        "no {room}")
                            : ", recording to " + record);
  return room;
}

// The first Hello naming a room opens it, if the catalog knows a level for it and a room is left.
Room* GameServer::roomFor(Connection& connection, const net::Hello& hello) {
  if (const std::string problem = net::roomNameProblem(hello.room); !problem.empty()) {
    refuse(connection.peer, problem);
    return nullptr;
  }
  if (const auto found = rooms_.find(hello.room); found != rooms_.end()) {
    return found->second.get();
  }
  const Level* level = catalog_.levelFor(hello.room);
  if (level == nullptr) {
    refuse(connection.peer, fmt::format("this server has no room named {}", hello.room));
    return nullptr;
  }
  if (governor_.refusesJoins()) {
    refuse(connection.peer, "server busy (overloaded); try again later");
    return nullptr;
  }
  return openRoomFor(connection, hello.room, *level);
}

// Rooms cannot be hoarded: one address opens at most rooms.opens_per_address a minute, and when
// every room is open, one that no player or spectator attends (only reservations, or nobody yet)
// gives way to the newcomer, as a reservation gives way to a player.
Room* GameServer::openRoomFor(Connection& connection, const std::string& name, const Level& level) {
  if (!roomOpens_.admit(connection.peer->address.host, now_)) {
    refuse(connection.peer,
           fmt::format("this address opened {} rooms in the last minute; try again later",
                       config_.roomOpensPerAddress));
    return nullptr;
  }
  if (rooms_.size() >= static_cast<std::size_t>(config_.maxRooms) && !giveUpUnattendedRoom(name)) {
    refuse(connection.peer, fmt::format("all {} rooms of this server are in use; try again later",
                                        config_.maxRooms));
    return nullptr;
  }
  try {
    return &openRoom(name, level);
  } catch (const std::runtime_error& error) {  // its replay file cannot be written
    log_->error("room {} could not be opened: {}", name, error.what());
    refuse(connection.peer, fmt::format("room {} could not be opened", name));
    return nullptr;
  }
}

bool GameServer::giveUpUnattendedRoom(const std::string& forRoom) {
  auto chosen = rooms_.end();
  for (auto it = rooms_.begin(); it != rooms_.end(); ++it) {
    const Room& room = *it->second;
    if (room.name() != net::kDefaultRoom && !room.attended() &&
        (chosen == rooms_.end() || room.lastAttendedAt() < chosen->second->lastAttendedAt())) {
      chosen = it;
    }
  }
  if (chosen == rooms_.end()) {
    return false;
  }
  log_->info("room {} (nobody in it since {:.0f} s ago) gives way to room {}", chosen->first,
             now_ - chosen->second->lastAttendedAt(), forRoom);
  closeRoom(chosen);
  return true;
}

void GameServer::closeRoom(
    std::map<std::string, std::unique_ptr<Room>, std::less<>>::iterator room) {
  // A connection still in it was kicked or refused a moment ago and is on its way out: it goes
  // now, with the room, rather than outlive it pointing at it.
  const std::vector<Connection*> left = room->second->members();
  for (Connection* connection : left) {
    dropConnection(connection->peer);
  }
  room->second->close();                              // its vote and its next level go with it
  metrics_.addRoomCounters(room->second->metrics());  // the process's counters never go down
  rooms_.erase(room);
}

void GameServer::closeIdleRooms() {
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    Room& room = *it->second;
    if (room.name() == net::kDefaultRoom || !room.idleFor(config_.roomIdleSeconds, now_)) {
      ++it;
      continue;
    }
    log_->info("room {} closed after {} s empty, at tick {}", room.name(), config_.roomIdleSeconds,
               room.tick());
    closeRoom(it++);
  }
}

ServerMetrics GameServer::metrics() const {
  ServerMetrics total = metrics_;
  for (const auto& [name, room] : rooms_) {
    total.addRoomCounters(room->metrics());
  }
  if (records_) {
    const RecordsService::Counters& counters = records_->counters();
    total.records = {counters.written.load(),  counters.waiting.load(), counters.dropped.load(),
                     counters.failures.load(), counters.lookups.load(), counters.lookupsLost.load(),
                     records_->writeTimes()};
  }
  return total;
}

net::ServerInfo GameServer::serverInfo(std::uint16_t firstRoom) const {
  net::ServerInfo info;
  info.protocolVersion = net::kProtocolVersion;
  info.name = config_.serverName;
  info.motd = config_.motd;
  info.password = !config_.password.empty();
  info.version = fmt::format("coyote protocol {}", net::kProtocolVersion);
  info.players = static_cast<std::uint16_t>(players());
  info.maxPlayers = static_cast<std::uint16_t>(config_.maxPlayers * config_.maxRooms);
  info.roomCount = static_cast<std::uint16_t>(rooms_.size());
  info.firstRoom = firstRoom;
  std::uint16_t index = 0;
  for (const auto& [name, room] : rooms_) {
    if (index++ < firstRoom) {
      continue;
    }
    const Level& level = room->level();
    info.rooms.push_back({name, net::printablePrefix(level.name, net::kMaxInfoLevelNameLength),
                          level.race.present ? "race" : "play",
                          static_cast<std::uint16_t>(room->metrics().players),
                          static_cast<std::uint16_t>(config_.maxPlayers)});
  }
  return info;
}

int GameServer::players() const {
  int players = 0;
  for (const auto& [name, room] : rooms_) {
    players += room->metrics().players;
  }
  return players;
}

std::vector<RoomFigures> GameServer::roomFigures() const {
  std::vector<RoomFigures> figures;
  for (const auto& [name, room] : rooms_) {
    figures.push_back(
        {name, room->tick(), &room->metrics(), room->memoryBytes(), room->activeBodies()});
  }
  return figures;
}

}  // namespace coyote
