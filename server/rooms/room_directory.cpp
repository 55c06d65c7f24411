#include "server/rooms/room_directory.h"

#include <fmt/format.h>

#include "server/names/player_name.h"
#include "wire/text_check.h"

namespace coyote {

RoomDirectory::RoomDirectory(const ServerConfig& config, RoomCatalog catalog,
                             std::shared_ptr<spdlog::logger> log, Outbox& outbox, Hooks hooks,
                             double now)
    : config_(config),
      catalog_(std::move(catalog)),
      log_(std::move(log)),
      outbox_(outbox),
      hooks_(std::move(hooks)),
      opens_(config.roomOpensPerAddress, 60.0) {
  const std::string main(net::kDefaultRoom);
  open(main, *catalog_.levelFor(main), now);
}

Room& RoomDirectory::open(const std::string& name, const Level& level, double now,
                          std::uint16_t levelEpoch, bool recorded) {
  const std::string record = recorded ? roomRecordPath(config_.record, name) : "";
  Room& room =
      *(rooms_[name] = std::make_unique<Room>(name, level, config_, log_, record, levelEpoch));
  room.opened(now);
  log_->info("room {} opened ({}x{} level, {} of {} rooms){}", name, level.width(), level.height(),
             rooms_.size(), config_.maxRooms,
             record.empty() ? (config_.record.empty() ? ""
                                                      : "; not recorded: world.record has "
                                                        "no {room}")
                            : ", recording to " + record);
  return room;
}

// The first Hello naming a room opens it, if the catalog knows a level for it and a room is left.
std::variant<Room*, std::string> RoomDirectory::roomFor(const std::string& name,
                                                        std::uint32_t address, bool busy,
                                                        double now) {
  if (std::string problem = net::roomNameProblem(name); !problem.empty()) {
    return problem;
  }
  if (const auto found = rooms_.find(name); found != rooms_.end()) {
    return found->second.get();
  }
  const Level* level = catalog_.levelFor(name);
  if (level == nullptr) {
    return fmt::format("this server has no room named {}", name);
  }
  if (busy) {
    return std::string("server busy (overloaded); try again later");
  }
  return openFor(name, *level, address, now);
}

// Rooms cannot be hoarded: one address opens at most rooms.opens_per_address a minute, and when
// every room is open, one that no player or spectator attends (only reservations, or nobody yet)
// gives way to the newcomer, as a reservation gives way to a player.
std::variant<Room*, std::string> RoomDirectory::openFor(const std::string& name, const Level& level,
                                                        std::uint32_t address, double now) {
  if (!opens_.admit(address, now)) {
    return fmt::format("this address opened {} rooms in the last minute; try again later",
                       config_.roomOpensPerAddress);
  }
  if (rooms_.size() >= static_cast<std::size_t>(config_.maxRooms) && !giveUpUnattended(name, now)) {
    return fmt::format("all {} rooms of this server are in use; try again later", config_.maxRooms);
  }
  try {
    return &open(name, level, now);
  } catch (const std::runtime_error& error) {  // its replay file cannot be written
    log_->error("room {} could not be opened: {}", name, error.what());
    return fmt::format("room {} could not be opened", name);
  }
}

bool RoomDirectory::giveUpUnattended(const std::string& forRoom, double now) {
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
             now - chosen->second->lastAttendedAt(), forRoom);
  close(chosen, now);
  return true;
}

void RoomDirectory::close(Rooms::iterator room, double now) {
  // A connection still in it was kicked or refused a moment ago and is on its way out: it goes
  // now, with the room, rather than outlive it pointing at it.
  const std::vector<Connection*> left = room->second->members();
  for (Connection* connection : left) {
    outbox_.close(*connection, {Closing::Kind::kDropped, {}}, now);
  }
  hooks_.closed(*room->second);                           // its vote goes with it
  room->second->close();                                  // and its next level
  closedRooms_.addRoomCounters(room->second->metrics());  // the process's counters never go down
  rooms_.erase(room);
}

bool RoomDirectory::nameTakenFor(std::string_view name, std::string_view fingerprint) const {
  const std::string key = nameKey(name);
  return std::ranges::any_of(
      rooms_, [&](const auto& room) { return room.second->nameTakenFor(key, fingerprint); });
}

void RoomDirectory::releaseReservationsOf(std::string_view name, std::string_view fingerprint,
                                          const Room& except) {
  const std::string key = nameKey(name);
  for (auto& [roomName, room] : rooms_) {
    if (room.get() != &except) {
      room->releaseReservationOf(key, fingerprint);
    }
  }
}

void RoomDirectory::closeIdle(double now) {
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    Room& room = *it->second;
    if (room.name() == net::kDefaultRoom || !room.idleFor(config_.roomIdleSeconds, now)) {
      ++it;
      continue;
    }
    log_->info("room {} closed after {} s empty, at tick {}", room.name(), config_.roomIdleSeconds,
               room.tick());
    close(it++, now);
  }
}

// ---- level changes (docs/hosting.md#changing-a-rooms-level) ------------------------------------

RoomDirectory::LevelSet RoomDirectory::setLevel(const std::string& name, const Level& level,
                                                bool atRacesEnd, double wait, double now) {
  catalog_.setLevel(name, level);
  log_->info("admin: room {} plays {} from {}", name, level.name,
             atRacesEnd ? "the end of the runs underway" : "now");
  const auto room = rooms_.find(name);
  if (room == rooms_.end()) {
    return LevelSet::kWhenTheRoomOpens;
  }
  room->second->nextLevel() = Room::NextLevel{&level, now + (atRacesEnd ? wait : 0.0)};
  if (atRacesEnd && room->second->runnersUnderway() > 0) {
    hooks_.announce(*room->second, fmt::format("the level changes to {} when the runs underway end "
                                               "(at most {:.0f} s)",
                                               level.name, wait));
  }
  applyLevelChanges(now);
  const auto same = rooms_.find(name);  // a room that changed level is a new Room
  return same == rooms_.end() || !same->second->nextLevel() ? LevelSet::kNow
                                                            : LevelSet::kAtTheRacesEnd;
}

// Looked at every loop turn while a change waits: a room takes its new level once nobody in it
// is on a run, or at the deadline.
void RoomDirectory::applyLevelChanges(double now) {
  std::vector<std::string> due;  // by name: a change closes the room and opens a new one
  for (const auto& [name, room] : rooms_) {
    const std::optional<Room::NextLevel>& next = room->nextLevel();
    if (next && (now >= next->deadline || room->runnersUnderway() == 0)) {
      due.push_back(name);
    }
  }
  for (const std::string& name : due) {
    const auto room = rooms_.find(name);
    changeLevel(room, *room->second->nextLevel()->level, now);  // a level of the catalog's
  }
}

void RoomDirectory::changeLevel(Rooms::iterator room, const Level& level, double now) {
  const std::string name = room->first;
  const auto epoch = static_cast<std::uint16_t>(room->second->levelEpoch() + 1);
  std::vector<std::pair<Connection*, std::string>> moving;  // and each player's name
  for (Connection* member : room->second->members()) {
    if (!member->closing()) {
      const bool player = member->role == Connection::Role::Player;
      moving.emplace_back(member, player ? room->second->slotName(member->slot) : "");
    }
  }
  for (const auto& [connection, player] : moving) {
    room->second->handOver(*connection);
  }
  const std::string oldLevel = room->second->level().name;
  close(room, now);  // those kicked or refused a moment ago go with it; its counters are kept
  Room* next = nullptr;
  try {
    next = &open(name, level, now, epoch);
  } catch (const std::runtime_error& error) {  // its replay file cannot be written
    log_->error("room {} could not be opened on {}: {}", name, level.name, error.what());
    next = &open(name, level, now, epoch, /*recorded=*/false);
  }
  log_->info("room {}: level {} replaced by {}; {} clients move to it", name, oldLevel, level.name,
             moving.size());
  for (const auto& [connection, player] : moving) {
    hooks_.move(*connection, *next, player);
  }
  hooks_.announce(*next, fmt::format("the level is now {}", level.name));
}

}  // namespace coyote
