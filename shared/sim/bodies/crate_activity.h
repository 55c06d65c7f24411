#pragma once

#include <cstddef>
#include <cstdint>

#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/settled_crates.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Activity (docs/simulation.md#activity-and-sleep). A sleeping crate is not
/// simulated — no gravity, no move — but stays an obstacle, drawn where it is. It sleeps:
/// - at rest: slower than `physics.sleep_speed` on both axes for `physics.sleep_time`
///   (`restTicks` reaches `restingTicks`); it stays asleep until a hit, a push, a platform
///   moving it or its support waking wakes it;
/// - out of range: farther than `sim.simulation_radius` from every character, until one comes
///   back within it;
/// - over budget: beyond `budgets.max_active_bodies` awake crates, the farthest from a character
///   first, the oldest (lowest level index) first at equal distance.
/// The flags are state (hashed, sent), so every machine sleeps the same crates on the same tick.

/// Ticks at rest after which a crate sleeps (at least 1, at most 255).
std::uint8_t restingTicks(const PhysicsConfig& config);

/// Wakes crate `crate` of `state` (a hit, a push, a platform): simulated from its next move,
/// counting rest anew; a settled one leaves the state's index of them at the step's end.
void wakeCrate(WorldState& state, Crate& crate, EventBatch* events);

/// The activity rules in force: `sim.simulation_radius` (tiles, 0 = unlimited) and
/// `budgets.max_active_bodies`, each capped by the overload governor's limit in the state when it
/// set one (`radiusLimit`, `activeBodiesLimit`; 0 = none).
struct ActivityLimits {
  float radius = 0.0f;
  std::size_t activeBodies = 0;
};
ActivityLimits activityLimits(const WorldState& state, const PhysicsConfig& config);

/// After a crate's move: one more tick at rest, or none; asleep once it has rested long enough.
void noteRest(Crate& crate, const PhysicsConfig& config, EventBatch* events);

/// Before the bodies move: wakes sleepers whose support moves or is gone, then decides which of
/// the crates that are not resting are awake (range, then budget). Only `stirring` crates are
/// looked at: a settled one (settled_crates.h) is resting on the tiles.
void updateCrateActivity(WorldState& state, const ActiveCharacters& active, const Level& level,
                         const PhysicsConfig& config, const CrateBits& stirring,
                         EventBatch* events);

}  // namespace coyote
