#pragma once

#include "sim/collision/obstacle_set.h"
#include "sim/state/level.h"
#include "sim/state/step_events.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// A character (of `physics.mass`) walking at `pushSpeed` into crate `id`: the pair's
/// inelastic impulse (docs/simulation.md#pushing) gives both the common speed
/// (m·v_c + M·v) / (m + M). Returns the character's speed after it: the common speed, or 0 when
/// the crate already moves away faster, or cannot move at all (its floor's friction holds it, or
/// it touches a tile, a platform or a row of crates held so): the character is only blocked.
/// `bodies`: what the crate may touch (nullptr: the tiles alone).
float pushCrate(WorldState& state, BodyId id, float pushSpeed, const Level& level,
                const StepParameters& parameters, EventBatch* events = nullptr,
                const ObstacleSet* bodies = nullptr);

}  // namespace coyote
