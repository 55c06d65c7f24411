#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/state/body.h"
#include "sim/state/collision_groups.h"
#include "sim/state/vec2.h"

namespace coyote {

/// How a platform goes round its path: back to the first point after the last (`Loop`), or back
/// along the path (`PingPong`).
enum class PathMode : std::uint8_t { Loop, PingPong };

/// A moving platform as the level declares it (docs/simulation.md#platforms): static, so not in the
/// state.
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

/// A crate's box: where it is now, the size its level gives it (inline: the step's obstacle
/// look-ups ask it of every crate they test).
inline Aabb crateBox(const Crate& crate, const CrateDefinition& definition) {
  return Aabb{crate.position, definition.size};
}

/// A checkpoint (docs/simulation.md#checkpoints-and-hazards): touching its area makes it the
/// character's respawn point.
struct CheckpointDefinition {
  Vec2 position;  ///< top-left, tiles
  Vec2 size{1.0f, 1.0f};
  std::uint8_t order = 0;  ///< its place in the level's race (1, 2, …); 0: not part of it

  /// Where a character respawns: the bottom-centre of the area.
  Vec2 respawnPoint() const { return {position.x + size.x * 0.5f, position.y + size.y}; }
};

/// A race (docs/levels.md#races): leaving `start` starts a run, the checkpoints of order 1, 2, …
/// count in turn, and reaching `finish` after the last of them ends a lap; `laps` of them end the
/// run.
struct RaceDefinition {
  bool present = false;  ///< the level has a start and a finish
  Aabb start;
  Aabb finish;
  std::int32_t laps = 1;
  std::string name;  ///< what players see; the level's name unless the map gives one
};
inline constexpr std::int32_t kMaxLaps = 100;
inline constexpr std::size_t kMaxRaceNameLength = 32;

/// The joints a world of axis-aligned boxes can use (docs/simulation.md#joints): none
/// turns a body, so revolute and spherical joints are left out.
enum class JointKind : std::uint8_t {
  Rope,    ///< at most `length` apart; slack below it
  Spring,  ///< pulled toward `length` apart with `stiffness` and `damping`
  Rail,    ///< along `axis` only (prismatic), between `lower` and `upper`, with an optional motor
  Weld,    ///< held at `offset`
};
inline constexpr std::size_t kJointKindCount = 4;
inline constexpr float kMaxRailTravel = 4096.0f;  ///< tiles: a rail without limits

/// A joint as the level declares it: `body` (a crate) held to `to` (a crate, a platform, or the
/// world when kNoBody). A joint pulls at the crate's centre and at `anchor` on `to`: a point of
/// the world, an offset from a platform's top-left, or an offset from a crate's centre. Boxes never
/// turn, so a joint transmits forces, not torques.
struct JointDefinition {
  JointKind kind = JointKind::Rope;
  BodyId body = kNoBody;
  BodyId to = kNoBody;
  Vec2 anchor;
  float length = 1.0f;  ///< tiles: a rope's longest, a spring's rest length
  Vec2 offset;          ///< tiles: weld and rail, body's centre − anchor as the level placed them
  Vec2 axis{1.0f, 0.0f};          ///< rail: unit direction of travel
  float lower = -kMaxRailTravel;  ///< tiles along the axis from `offset` (rail limits)
  float upper = kMaxRailTravel;
  float stiffness = 0.0f;  ///< spring: mass/s²; rail: 1/s, how fast the motor closes on its target
  float damping = 0.0f;    ///< mass/s: along a spring, or along a rail (its friction)
  float motorSpeed = 0.0f;   ///< rail: tiles/s the motor drives at (0: no motor)
  bool reverse = false;      ///< rail: the motor turns back at each limit (a lift going to and fro)
  bool hasTarget = false;    ///< rail: the motor drives to `motorTarget` and holds it there
  float motorTarget = 0.0f;  ///< tiles along the axis
  float maxForce = 0.0f;     ///< rail motor, mass·tiles/s² (0: as strong as needed)
  float breakForce = 0.0f;   ///< mass·tiles/s²: a joint carrying more breaks (0: never)
  bool collide = false;      ///< whether the two bodies still collide with each other
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
inline constexpr float kMinJointLength = 0.0f;     ///< tiles
inline constexpr float kMaxJointLength = 64.0f;    ///< tiles
inline constexpr float kMaxJointStiffness = 1.0e6f;
inline constexpr float kMaxJointForce = 1.0e7f;  ///< mass·tiles/s²

}  // namespace coyote
