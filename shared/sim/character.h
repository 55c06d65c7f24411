#pragma once

#include <cstdint>

#include "sim/vec2.h"

namespace coyote {

/// Saturation value of the "ticks since" counters, so they never overflow.
inline constexpr std::int32_t kTicksNever = 1 << 20;

/// One character's complete simulation state. Plain data: copied, compared and hashed as a value.
struct Character {
  bool active = false;  ///< slot holds a player.
  Vec2 position;        ///< top-left of the box, tiles.
  Vec2 velocity;        ///< tiles/s
  Vec2 spawn;           ///< bottom-centre where the character (re)appears.

  std::int8_t facing = 1;            ///< sign of the last non-zero move input.
  std::int8_t wallDirection = 0;     ///< -1 wall on the left, +1 on the right, 0 none.
  std::uint8_t previousButtons = 0;  ///< last tick's held buttons, to derive edges.
  bool grounded = false;
  bool onSlope = false;  ///< grounded on a followable surface this step.
  bool dashAvailable = true;

  std::int32_t ticksSinceGrounded = kTicksNever;     ///< coyote timer.
  std::int32_t ticksSinceJumpPressed = kTicksNever;  ///< jump buffer.
  std::int32_t wallJumpLockTicks = 0;
  std::int32_t dashTicksLeft = 0;
  Vec2 dashDirection;  ///< unit vector of the dash in progress.
  std::int32_t airJumpsLeft = 0;
  std::int32_t jumpsRemaining = -1;   ///< level budget, -1 unlimited.
  std::int32_t dashesRemaining = -1;  ///< level budget, -1 unlimited.

  /// Last sweep's blocking normals, kept for the debug overlay and wall detection.
  std::int8_t lastNormalX = 0;
  std::int8_t lastNormalY = 0;

  bool dashing() const { return dashTicksLeft > 0; }
};

}  // namespace coyote
