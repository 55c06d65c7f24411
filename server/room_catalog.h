#pragma once

#include <map>
#include <string>
#include <string_view>

#include "sim/state/level.h"
#include "wire/room_name.h"

namespace coyote {

/// Levels by room name, as `[rooms.levels]` lists them.
using RoomLevels = std::map<std::string, Level, std::less<>>;

/// Which level each room plays (the `[rooms]` config): the rooms of `[rooms.levels]` play theirs,
/// `main` plays world.level unless listed, and any other name plays world.level when
/// `rooms.create_unknown` allows it. Every level is loaded before the server listens, so opening
/// a room never reads a file inside the tick loop.
class RoomCatalog {
 public:
  RoomCatalog(Level defaultLevel, RoomLevels named, bool createUnknown)
      : default_(std::move(defaultLevel)),
        named_(std::move(named)),
        createUnknown_(createUnknown) {}

  /// The level of room `room`, or nullptr when this server opens no room of that name.
  const Level* levelFor(std::string_view room) const {
    if (const auto found = named_.find(room); found != named_.end()) {
      return &found->second;
    }
    return room == net::kDefaultRoom || createUnknown_ ? &default_ : nullptr;
  }

 private:
  Level default_;
  RoomLevels named_;
  bool createUnknown_;
};

}  // namespace coyote
