// GameServer's side of level changes (docs/hosting.md#changing-a-rooms-level): the admin API's
// commands, and each client of a room that changed level taken into the new room on the
// connection it has (RoomDirectory changes the rooms).
#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server/admin/admin_arguments.h"
#include "server/game_server.h"
#include "wire/codec.h"
#include "wire/room_name.h"

namespace coyote {
namespace {

// `key`: whole seconds from 0 to kMaxRaceEndWait, `fallback` when absent, nothing if malformed.
std::optional<double> secondsArgument(const HttpServer::Query& arguments, const std::string& key,
                                      double fallback) {
  const std::string text = adminArgument(arguments, key);
  if (text.empty()) {
    return fallback;
  }
  int seconds = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || seconds < 0 ||
      seconds > GameServer::kMaxRaceEndWait) {
    return std::nullopt;
  }
  return seconds;
}

nlohmann::json levelJson(const Level& level) {
  return {{"name", level.name},
          {"width", level.width()},
          {"height", level.height()},
          {"mode", level.race.present ? "race" : "play"}};
}

}  // namespace

AdminReply GameServer::adminLevels() const {
  nlohmann::json levels = nlohmann::json::array();
  for (const Level* level : directory_.catalog().levels()) {
    levels.push_back(levelJson(*level));
  }
  nlohmann::json rooms = nlohmann::json::array();
  for (const auto& [name, room] : directory_.rooms()) {
    nlohmann::json entry{{"name", name}, {"level", room->level().name}};
    if (const auto& next = room->nextLevel()) {
      entry["next_level"] = next->level->name;
      entry["next_level_within_seconds"] = std::max(0.0, next->deadline - now_);
    }
    rooms.push_back(entry);
  }
  return {200, nlohmann::json{{"levels", levels}, {"rooms", rooms}}.dump()};
}

// POST /admin/level: room (main), level (a loaded level's file name), when (now | race_end).
AdminReply GameServer::adminSetLevel(const HttpServer::Query& arguments) {
  const std::string roomName = arguments.contains("room") ? adminArgument(arguments, "room")
                                                          : std::string(net::kDefaultRoom);
  if (const std::string problem = net::roomNameProblem(roomName); !problem.empty()) {
    return adminFailure(400, "room: " + problem);
  }
  if (directory_.catalog().levelFor(roomName) == nullptr) {
    return adminFailure(404, "room: this server opens no room named " + roomName);
  }
  const Level* level = directory_.catalog().levelNamed(adminArgument(arguments, "level"));
  if (level == nullptr) {
    return adminFailure(400,
                        "level: the file name of a level this server loaded (GET "
                        "/admin/levels lists them)");
  }
  const std::string when = arguments.contains("when") ? adminArgument(arguments, "when") : "now";
  if (when != "now" && when != "race_end") {
    return adminFailure(400, "when: now or race_end");
  }
  const std::optional<double> wait = secondsArgument(arguments, "wait", kRaceEndWait);
  if (!wait) {
    return adminFailure(400, fmt::format("wait: whole seconds from 0 to {}", kMaxRaceEndWait));
  }
  const RoomDirectory::LevelSet set =
      directory_.setLevel(roomName, *level, when == "race_end", *wait, now_, mover());
  const char* applied = set == RoomDirectory::LevelSet::kWhenTheRoomOpens ? "when the room opens"
                        : set == RoomDirectory::LevelSet::kNow            ? "now"
                                                                          : "at the race's end";
  return {200, nlohmann::json{{"ok", true}, {"applied", applied}}.dump()};
}

RoomDirectory::Mover GameServer::mover() {
  return [this](Connection& connection, Room& room, const std::string& player) {
    moveIntoRoom(connection, room, player);
  };
}

// As a Hello would, but on the connection it has: a player (`player`: its name; "" for a
// spectator) takes a slot under its name (the slots are as many as before, so there is one), a
// spectator watches again.
void GameServer::moveIntoRoom(Connection& connection, Room& room, const std::string& player) {
  net::Hello hello;
  hello.spectator = player.empty();
  hello.name = player;
  connection.moveToNewRoom(now_);
  room.enter(connection);
  if (!player.empty()) {
    const int slot = room.claimSlot(hello.name);
    if (slot < 0) {
      chat_.kick(connection, "the room's new level has no place for you", now_);
      return;
    }
    room.admitPlayer(connection, slot, false);
  } else if (!room.admitSpectator(connection)) {
    chat_.kick(connection, "the room's new level has no place for another spectator", now_);
    return;
  }
  net::sendMessage(connection.peer, room.welcome(connection, hello, nextSendPhase(), now_),
                   net::kReliableChannel);
}

}  // namespace coyote
