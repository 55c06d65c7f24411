#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sim/state/level.h"
#include "wire/room_name.h"

namespace coyote {

/// Levels by room name, as `[rooms.levels]` lists them.
using RoomLevels = std::map<std::string, Level, std::less<>>;

/// Which level each room plays (the `[rooms]` config): the rooms of `[rooms.levels]` play theirs,
/// `main` plays world.level unless listed, and any other name plays world.level when
/// `rooms.create_unknown` allows it. Every level is loaded before the server listens, so opening
/// a room never reads a file inside the tick loop. An admin may set another of those levels for a
/// room (`setLevel`), which it then plays until the server stops.
class RoomCatalog {
 public:
  RoomCatalog(Level defaultLevel, RoomLevels named, bool createUnknown)
      : default_(std::move(defaultLevel)),
        named_(std::move(named)),
        createUnknown_(createUnknown) {}

  /// The level of room `room`, or nullptr when this server opens no room of that name.
  const Level* levelFor(std::string_view room) const {
    if (const auto set = set_.find(room); set != set_.end()) {
      return set->second;
    }
    if (const auto found = named_.find(room); found != named_.end()) {
      return &found->second;
    }
    return room == net::kDefaultRoom || createUnknown_ ? &default_ : nullptr;
  }

  /// Every level loaded, each name once (world.level's first): what `setLevel` may choose.
  std::vector<const Level*> levels() const {
    std::vector<const Level*> all{&default_};
    for (const auto& [room, level] : named_) {
      if (std::none_of(all.begin(), all.end(),
                       [&level](const Level* known) { return known->name == level.name; })) {
        all.push_back(&level);
      }
    }
    return all;
  }

  /// The loaded level of file name `name`, with or without its `.tmj`; nullptr if none.
  const Level* levelNamed(std::string_view name) const {
    const auto matches = [name](const Level& level) {
      return level.name == name || level.name == std::string(name) + ".tmj";
    };
    if (matches(default_)) {
      return &default_;
    }
    for (const auto& [room, level] : named_) {
      if (matches(level)) {
        return &level;
      }
    }
    return nullptr;
  }

  /// From now on room `room` plays `level` (one of `levels()`) when it opens.
  void setLevel(std::string_view room, const Level& level) {
    set_.insert_or_assign(std::string(room), &level);
  }

 private:
  Level default_;
  RoomLevels named_;
  std::map<std::string, const Level*, std::less<>> set_;  ///< by an admin
  bool createUnknown_;
};

}  // namespace coyote
