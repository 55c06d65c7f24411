#pragma once

#include <cstdint>

#include "sim/state/vec2.h"

namespace coyote {

/// A row of assets/character.png (docs/art.md#characters).
enum class Pose : std::uint8_t {
  Idle,
  Run,
  Rise,
  Apex,
  Fall,
  Land,
  WallSlide,
  Dash,
  Swim,
  Respawn
};
inline constexpr int kPoseCount = 10;

/// How many frames each pose's row holds.
int poseFrames(Pose pose);

/// What the animation needs to know of a character this frame.
struct AnimationInput {
  bool grounded = false;
  bool swimming = false;
  bool dashing = false;
  int wallDirection = 0;  ///< -1, 0, +1: a wall touched
  Vec2 position;          ///< tiles: a run's frame follows the distance covered
  Vec2 velocity;          ///< tiles/s, y down
  double renderTick = 0.0;
  double ticksSinceLanding = 1e9;  ///< since its last landing (its dust effect)
  double ticksSinceRespawn = 1e9;  ///< since it was last sent back (its return effect)
};

struct AnimationFrame {
  Pose pose = Pose::Idle;
  int frame = 0;
  float scaleX = 1.0f;  ///< squash and stretch, about the feet
  float scaleY = 1.0f;
};

/// The frame to draw: respawn, then dash, swim, land, run or idle on the ground, and in the air
/// wall slide, rise, apex or fall. A run's frame advances with the distance run (2.5 frames a
/// tile), so the legs keep pace with any speed; landing squashes and rising stretches.
AnimationFrame animate(const AnimationInput& input);

}  // namespace coyote
