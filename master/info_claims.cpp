#include "master/info_claims.h"

#include <fmt/format.h>

#include "wire/protocol.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

std::string roomProblem(const net::RoomInfo& room, std::size_t index, const net::ServerInfo& info) {
  if (room.mode != "play" && room.mode != "race") {
    return fmt::format("info.rooms[{}].mode: \"{}\" is none of this master's (play, race)", index,
                       room.mode);
  }
  if (room.players > room.maxPlayers) {
    return fmt::format("info.rooms[{}].players: {} players of a capacity of {}", index,
                       room.players, room.maxPlayers);
  }
  if (room.maxPlayers > info.maxPlayers) {
    return fmt::format("info.rooms[{}].max_players: {}, more than the server's {}", index,
                       room.maxPlayers, info.maxPlayers);
  }
  return "";
}

}  // namespace

std::string infoClaimProblem(const net::ServerInfo& info) {
  if (info.protocolVersion < 1 || info.protocolVersion > net::kProtocolVersion) {
    return fmt::format("info.protocol: {} is not a protocol this master knows (1 to {})",
                       info.protocolVersion, net::kProtocolVersion);
  }
  if (std::string problem = net::nameTextProblem(info.name, "info.name"); !problem.empty()) {
    return problem;
  }
  if (info.players > info.maxPlayers) {
    return fmt::format("info.players: {} players of a capacity of {}", info.players,
                       info.maxPlayers);
  }
  std::size_t inRooms = 0;
  for (std::size_t index = 0; index < info.rooms.size(); ++index) {
    if (std::string problem = roomProblem(info.rooms[index], index, info); !problem.empty()) {
      return problem;
    }
    inRooms += info.rooms[index].players;
  }
  // Every room is listed unless there were more than a registration holds.
  const bool allRooms = info.rooms.size() < net::kMaxInfoRooms;
  if (!info.rooms.empty() && (allRooms ? inRooms != info.players : inRooms > info.players)) {
    return fmt::format("info.rooms: their players add up to {}, not the {} of info.players",
                       inRooms, info.players);
  }
  return "";
}

}  // namespace coyote
