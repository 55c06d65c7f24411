#pragma once

#include "sim/state/character.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Places a character at a spawn point (bottom-centre) with fresh timers and the level budgets.
/// Placed on something to stand on within `physics.ground_snap_distance` below the point — a
/// floor or slope of the tiles, or the top of a platform or crate of `world` — it stands there
/// from its first tick (docs/simulation.md#the-character-step): grounded, on that body if it is
/// one (a platform then carries it), so a jump on that tick is a ground jump and the air jump is
/// kept. The character may be one of `world`'s: only its bodies are read.
void spawnCharacter(Character& character, Vec2 spawn, const WorldState& world, const Level& level,
                    const PhysicsConfig& config);

}  // namespace coyote
