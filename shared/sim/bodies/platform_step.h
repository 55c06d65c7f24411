#pragma once

#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/settled_crates.h"
#include "sim/state/step_events.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Moves every platform one tick along its path (first of the moves, docs/simulation.md#platforms),
/// then, for each: carries its riders (the characters and crates standing on it, and theirs) by its
/// displacement, and pushes a body it runs into out along its motion, at most
/// `physics.max_depenetration` a step. A body that cannot be pushed out (a wall or the floor is in
/// the way, or it lies deeper than that) is squeezed: a character respawns at its spawn, a crate
/// where the level put it. A sleeping crate it moves wakes (body_woke). Riders are among the
/// `stirring` crates (a settled one rests on the tiles); any crate can be pushed.
void stepPlatforms(WorldState& state, const ActiveCharacters& active, const Level& level,
                   const StepParameters& parameters, const CrateBits& stirring,
                   EventBatch* events = nullptr);

/// Places the level's platforms and crates at their starting points (a fresh world).
void placeBodies(WorldState& state, const Level& level);

}  // namespace coyote
