#pragma once

// The wire form of the level's platforms and crates (in a Welcome and in replays): every number
// range-checked both ways with the limits the level loader enforces.

#include "net/wire_range.h"
#include "sim/level_bodies.h"

namespace coyote {

template <class Archive>
void serializeBodySize(Archive& archive, Vec2& size, const char* what) {
  net::rangedValue(archive, size.x, kMinBodySide, kMaxBodySide, what);
  net::rangedValue(archive, size.y, kMinBodySide, kMaxBodySide, what);
}

template <class Archive>
void serialize(Archive& archive, PlatformDefinition& platform) {
  serializeBodySize(archive, platform.size, "platform size");
  net::boundedVector(archive, platform.path, kMaxPathPoints, "platform path point");
  if (platform.path.empty()) {
    throw WireError("platform path is empty");
  }
  net::rangedValue(archive, platform.speed, 0.01f, kMaxPlatformSpeed, "platform speed");
  auto mode = static_cast<std::uint8_t>(platform.mode);
  net::rangedValue(archive, mode, std::uint8_t{0}, std::uint8_t{1}, "platform mode");
  platform.mode = static_cast<PathMode>(mode);
  net::rangedValue(archive, platform.wait, 0.0f, kMaxPlatformWait, "platform wait");
  net::wireBool(archive, platform.oneWay, "platform oneway");
}

template <class Archive>
void serialize(Archive& archive, CrateDefinition& crate) {
  archive(crate.position);
  serializeBodySize(archive, crate.size, "crate size");
  net::rangedValue(archive, crate.mass, kMinBodyMass, kMaxBodyMass, "crate mass");
}

}  // namespace coyote
