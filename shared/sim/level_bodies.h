#pragma once

#include <cstdint>
#include <vector>

#include "sim/collision_groups.h"
#include "sim/vec2.h"

namespace coyote {

/// How a platform goes round its path: back to the first point after the last (`Loop`), or back
/// along the path (`PingPong`).
enum class PathMode : std::uint8_t { Loop, PingPong };

/// A moving platform as the level declares it (SPEC §4, issue 8): static, so not in the state.
struct PlatformDefinition {
  Vec2 size;               ///< tiles
  std::vector<Vec2> path;  ///< top-left positions in tiles; the platform starts at the first
  float speed = 1.0f;      ///< tiles/s along the path
  PathMode mode = PathMode::Loop;
  float wait = 0.0f;    ///< s at each end (ping-pong) or at the first point (loop)
  bool oneWay = false;  ///< blocks only from above, like a one-way tile
  CollisionFilter filter = kDefaultPlatformFilter;
};

/// A crate as the level declares it: where it starts (and respawns), its size and its mass.
struct CrateDefinition {
  Vec2 position;  ///< top-left, tiles
  Vec2 size{1.0f, 1.0f};
  float mass = 1.0f;
  std::uint8_t material = 0;  ///< index into `Level::materials`
  CollisionFilter filter = kDefaultCrateFilter;
};

/// A checkpoint (SPEC §4): touching its area makes it the character's respawn point.
struct CheckpointDefinition {
  Vec2 position;  ///< top-left, tiles
  Vec2 size{1.0f, 1.0f};

  /// Where a character respawns: the bottom-centre of the area.
  Vec2 respawnPoint() const { return {position.x + size.x * 0.5f, position.y + size.y}; }
};

/// Limits a level file and the wire both enforce.
inline constexpr std::size_t kMaxPathPoints = 32;
inline constexpr std::size_t kMaxCheckpoints = 64;
inline constexpr float kMinBodySide = 0.25f;  ///< tiles
inline constexpr float kMaxBodySide = 8.0f;   ///< tiles
inline constexpr float kMinBodyMass = 0.05f;  ///< mass units
inline constexpr float kMaxBodyMass = 1000.0f;
inline constexpr float kMaxPlatformSpeed = 60.0f;  ///< tiles/s
inline constexpr float kMaxPlatformWait = 60.0f;   ///< s

}  // namespace coyote
