// GameServer's level changes (docs/hosting.md#changing-a-rooms-level): an admin sets another of
// the loaded levels for a room, at once or when nobody in it is racing; the room starts over on
// it and every client in it gets the new room's Welcome on the connection it has.
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
  for (const Level* level : catalog_.levels()) {
    levels.push_back(levelJson(*level));
  }
  nlohmann::json rooms = nlohmann::json::array();
  for (const auto& [name, room] : rooms_) {
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
  if (catalog_.levelFor(roomName) == nullptr) {
    return adminFailure(404, "room: this server opens no room named " + roomName);
  }
  const Level* level = catalog_.levelNamed(adminArgument(arguments, "level"));
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
  catalog_.setLevel(roomName, *level);
  log_->info("admin: room {} plays {} from {}", roomName, level->name,
             when == "now" ? "now" : "the end of the runs underway");
  const auto room = rooms_.find(roomName);
  if (room == rooms_.end()) {
    return {200, nlohmann::json{{"ok", true}, {"applied", "when the room opens"}}.dump()};
  }
  room->second->nextLevel() = Room::NextLevel{level, now_ + (when == "now" ? 0.0 : *wait)};
  if (when == "race_end" && room->second->runnersUnderway() > 0) {
    chat_.announce(*room->second, fmt::format("the level changes to {} when the runs underway end "
                                              "(at most {:.0f} s)",
                                              level->name, *wait));
  }
  applyLevelChanges();
  const auto same = rooms_.find(roomName);  // a room that changed level is a new Room
  const bool applied = same == rooms_.end() || !same->second->nextLevel();
  return {200,
          nlohmann::json{{"ok", true}, {"applied", applied ? "now" : "at the race's end"}}.dump()};
}

// Looked at every loop turn while a change waits: a room takes its new level once nobody in it
// is on a run, or at the deadline.
void GameServer::applyLevelChanges() {
  std::vector<std::string> due;  // by name: a change closes the room and opens a new one
  for (const auto& [name, room] : rooms_) {
    const std::optional<Room::NextLevel>& next = room->nextLevel();
    if (next && (now_ >= next->deadline || room->runnersUnderway() == 0)) {
      due.push_back(name);
    }
  }
  for (const std::string& name : due) {
    const auto room = rooms_.find(name);
    changeLevel(room, *room->second->nextLevel()->level);  // a level of the catalog's
  }
}

void GameServer::changeLevel(RoomMap::iterator room, const Level& level) {
  const std::string name = room->first;
  const auto epoch = static_cast<std::uint16_t>(room->second->levelEpoch() + 1);
  std::vector<std::pair<Connection*, std::string>> moving;  // and each player's name
  for (Connection* member : room->second->members()) {
    if (!member->kicked && !member->refused) {
      const bool player = member->role == Connection::Role::Player;
      moving.emplace_back(member, player ? room->second->slotName(member->slot) : "");
    }
  }
  for (const auto& [connection, player] : moving) {
    room->second->handOver(*connection);
  }
  const std::string oldLevel = room->second->level().name;
  closeRoom(room);  // those kicked or refused a moment ago go with it; its counters are kept
  Room* next = nullptr;
  try {
    next = &openRoom(name, level, epoch);
  } catch (const std::runtime_error& error) {  // its replay file cannot be written
    log_->error("room {} could not be opened on {}: {}", name, level.name, error.what());
    next = &openRoom(name, level, epoch, /*recorded=*/false);
  }
  log_->info("room {}: level {} replaced by {}; {} clients move to it", name, oldLevel, level.name,
             moving.size());
  for (const auto& [connection, player] : moving) {
    moveIntoRoom(*connection, *next, player);
  }
  chat_.announce(*next, fmt::format("the level is now {}", level.name));
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
  net::sendMessage(connection.peer,
                   room.welcome(connection, hello, sendPhases_++ % ticksPerSend_, now_),
                   net::kReliableChannel);
}

}  // namespace coyote
