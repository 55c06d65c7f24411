// GameServer's view of its rooms (the directory opens and closes them): the room a Hello gets,
// and the figures of all of them together.
#include <fmt/format.h>

#include "server/game_server.h"
#include "wire/text_check.h"

namespace coyote {

ServerMetrics GameServer::metrics() const {
  ServerMetrics total = metrics_;
  total.addRoomCounters(directory_.closedRooms());
  total.welcomeCopies = handshake_.counters().welcomeCopies;
  for (const auto& [name, room] : directory_.rooms()) {
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
  info.roomCount = static_cast<std::uint16_t>(directory_.rooms().size());
  info.firstRoom = firstRoom;
  std::uint16_t index = 0;
  for (const auto& [name, room] : directory_.rooms()) {
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
  for (const auto& [name, room] : directory_.rooms()) {
    players += room->metrics().players;
  }
  return players;
}

std::vector<RoomFigures> GameServer::roomFigures() const {
  std::vector<RoomFigures> figures;
  for (const auto& [name, room] : directory_.rooms()) {
    figures.push_back(
        {name, room->tick(), &room->metrics(), room->memoryBytes(), room->activeBodies()});
  }
  return figures;
}

}  // namespace coyote
