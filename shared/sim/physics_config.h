#pragma once

#include <cstdint>

namespace coyote {

/// Every tunable of the character physics (SPEC §3), with its default and unit. Distances are in
/// tiles, times in seconds, speeds in tiles/s. `configs/physics.toml` mirrors it key for key
/// (snake_case keys in `[sim]` and `[physics]`); `loadPhysicsConfig` validates the ranges.
struct PhysicsConfig {
  // [sim]
  std::int32_t tickRate = 60;  ///< Hz; the fixed step is 1 / tickRate seconds.

  // [physics] body
  float playerWidth = 0.4f;   ///< tiles
  float playerHeight = 0.8f;  ///< tiles
  float mass = 1.0f;          ///< mass units; a heavier body is slowed less by drag.

  // [physics] gravity and drag (§3.3)
  float gravity = 60.0f;               ///< tiles/s², rising.
  float fallGravityMultiplier = 1.5f;  ///< × gravity while falling (vy >= 0).
  float fastFallMultiplier = 1.5f;     ///< extra × while falling with down held.
  float apexThreshold = 2.0f;          ///< tiles/s; |vy| below this is the apex of a jump.
  float apexGravityMultiplier = 0.5f;  ///< × gravity at the apex (< 1: a short float).
  float fallDragCoefficient = 3.6f;    ///< mass/s; terminal speed = mass * gEff / this (25).

  // [physics] horizontal movement (§3.4)
  float maxRunSpeed = 9.0f;   ///< tiles/s
  float groundAccel = 60.0f;  ///< tiles/s², speeding up on the ground.
  float groundDecel = 84.0f;  ///< tiles/s², braking on the ground (1.4 × accel).
  float airAccel = 30.0f;     ///< tiles/s²; also the rate at which speed above max decays.

  // [physics] jump (§3.5)
  float jumpSpeed = 20.0f;       ///< tiles/s, initial upward speed of a ground or air jump.
  float jumpCutFactor = 0.3f;    ///< vy multiplier when jump is released while rising.
  float coyoteTime = 0.10f;      ///< s a jump is still allowed after leaving the ground.
  float jumpBufferTime = 0.12f;  ///< s a press is remembered before landing.
  std::int32_t airJumps = 1;     ///< extra jumps in the air, refilled on the ground.

  // [physics] dash (§3.5)
  float dashSpeed = 24.0f;     ///< tiles/s, constant during the dash.
  float dashDuration = 0.15f;  ///< s

  // [physics] walls (§3.5)
  float wallSlideSpeed = 5.0f;     ///< tiles/s, fall speed cap against a wall.
  float wallJumpSpeedX = 11.0f;    ///< tiles/s away from the wall.
  float wallJumpSpeedY = 18.0f;    ///< tiles/s upward.
  float wallJumpLockTime = 0.15f;  ///< s horizontal input is ignored after a wall jump.

  // [physics] slopes (§3.2)
  float groundSnapDistance = 0.3f;  ///< tiles a grounded box is pulled down on descents.

  float dt() const { return 1.0f / static_cast<float>(tickRate); }
};

/// Whole ticks in a duration, rounded to nearest (0.10 s at 60 Hz = 6 ticks, 0.12 s = 7).
std::int32_t ticksFor(float seconds, std::int32_t tickRate);

}  // namespace coyote
