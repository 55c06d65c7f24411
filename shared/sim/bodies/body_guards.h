#pragma once

#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/settled_crates.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// The guards of the step (docs/simulation.md#guards), run first in every
/// step so no phase ever reads a broken body:
/// - a character whose position or velocity is not finite, or that is farther than kLevelMargin
///   outside the level, respawns (body_recovered); a sound one has each axis of its velocity
///   clamped to `physics.max_character_speed` (velocity_clamped, with the speed it had);
/// - a crate likewise goes back to its last sound position (`Crate::lastValid`, else where the
///   level placed it), at rest and asleep (body_recovered, body_slept); a sound one is clamped to
///   `physics.max_body_speed`.
/// Only the crates of `stirring` are guarded: those of the state's index of settled crates
/// (settled_crates.h) are sound and still, or they would not be there. A level without crates
/// pays for its characters alone.
void guardCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                     const PhysicsConfig& config, EventBatch* events);
void guardCrates(WorldState& state, const Level& level, const PhysicsConfig& config,
                 EventBatch* events, const CrateBits& stirring);

/// Last thing in a step: each crate of `visited` (those that could have moved this step) whose
/// position is sound keeps it as `lastValid`, where the guard returns it if the state is later
/// found broken.
void recordSoundCrates(WorldState& state, const Level& level, const CrateBits& visited);

}  // namespace coyote
