#pragma once

#include "sim/bodies/joint_links.h"
#include "sim/collision/crates_in_reach.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/settled_crates.h"
#include "sim/state/step_events.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Moves every awake crate one step (docs/simulation.md#crates): gravity and drag, braking on the
/// ground, then a swept move (in sub-steps of at most a tile) with up to 4 slides against the
/// tiles, the platforms, the characters and the other crates. Crates go from the lowest to the
/// highest (then by id), so a stack settles from the ground up and the result never depends on the
/// order they are stored in. A crate in `links.launched` already had this step's gravity and water
/// applied (by the joint stage) and flies straight at its velocity; it never collides with a body
/// `links.ignores`. With `inReach` (the step's), only its crates move and are obstacles (the
/// awake ones are all in it; a sleeper left out is found when a crate reaches beyond its zone).
/// `bodies` holds the platforms, the crates (of `inReach`) and the characters as the state has
/// them; the pass keeps it so, moving each body in it as it moves the body (the character pass
/// then reads it).
void stepCrates(WorldState& state, const ActiveCharacters& active, const Level& level,
                const StepParameters& parameters, ObstacleSet& bodies, EventBatch* events = nullptr,
                const JointLinks* links = nullptr, const CratesInReach* inReach = nullptr);

}  // namespace coyote
