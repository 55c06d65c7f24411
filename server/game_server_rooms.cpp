// GameServer's rooms: opening one for the first Hello that names it, closing it once it has been
// empty for rooms.idle_seconds, and the figures of all of them together.
#include <fmt/format.h>

#include "server/game_server.h"

namespace coyote {

Room& GameServer::openRoom(const std::string& name, const Level& level) {
  const std::string record = roomRecordPath(config_.record, name);
  Room& room = *(rooms_[name] = std::make_unique<Room>(name, level, config_, log_, record));
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
  if (rooms_.size() >= static_cast<std::size_t>(config_.maxRooms)) {
    refuse(connection.peer, fmt::format("all {} rooms of this server are in use; try again later",
                                        config_.maxRooms));
    return nullptr;
  }
  try {
    return &openRoom(hello.room, *level);
  } catch (const std::runtime_error& error) {  // its replay file cannot be written
    log_->error("room {} could not be opened: {}", hello.room, error.what());
    refuse(connection.peer, fmt::format("room {} could not be opened", hello.room));
    return nullptr;
  }
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
    room.close();
    metrics_.addRoomCounters(room.metrics());  // the process's counters never go down
    it = rooms_.erase(it);
  }
}

ServerMetrics GameServer::metrics() const {
  ServerMetrics total = metrics_;
  for (const auto& [name, room] : rooms_) {
    total.addRoomCounters(room->metrics());
  }
  return total;
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
    figures.push_back({name, room->tick(), &room->metrics()});
  }
  return figures;
}

}  // namespace coyote
