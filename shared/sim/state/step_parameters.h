#pragma once

#include <cstdint>

#include "sim/state/physics_config.h"

namespace coyote {

/// Per-step constants derived once from the config (durations in whole ticks).
struct StepParameters {
  PhysicsConfig config;
  float dt = 0.0f;                   ///< s, one fixed step
  std::int32_t coyoteTicks = 0;      ///< coyoteTime in ticks
  std::int32_t jumpBufferTicks = 0;  ///< jumpBufferTime in ticks
  std::int32_t wallJumpLockTicks = 0;
  std::int32_t dashTicks = 0;
  /// Tiles a character step's reach extends beside its swept box: the widest corner nudge and
  /// the wall probe's skin (stepReach, character_step.cpp), found once rather than every step.
  float reachSideways = 0.0f;
  /// Sines of the walkable-slope limits (docs/simulation.md#walkable-slopes): a surface whose
  /// incline has a larger sine is no ground for a character arriving on it (`arriveSine`) or for
  /// one already standing on it (`staySine`, the limit plus the hysteresis).
  float arriveSine = 0.0f;
  float staySine = 0.0f;

  explicit StepParameters(const PhysicsConfig& physics);
};

}  // namespace coyote
