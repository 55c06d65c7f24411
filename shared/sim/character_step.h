#pragma once

#include "sim/character.h"
#include "sim/level.h"
#include "sim/physics_config.h"
#include "sim/player_input.h"
#include "sim/step_parameters.h"

namespace coyote {

/// Advances one character by one fixed step in the order of SPEC §3.6.
void stepCharacter(Character& character, PlayerInput input, const Level& level,
                   const StepParameters& parameters);

/// Places a character at a spawn point (bottom-centre) with fresh timers and the level budgets.
void spawnCharacter(Character& character, Vec2 spawn, const Level& level,
                    const PhysicsConfig& config);

/// The character's collision box.
Aabb characterBox(const Character& character, const PhysicsConfig& config);

}  // namespace coyote
