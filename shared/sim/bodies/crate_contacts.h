#pragma once

#include "sim/collision/sweep.h"
#include "sim/state/level.h"
#include "sim/state/step_events.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// A crate's flight through one step: constant acceleration integrated exactly (position
/// v·T + ½·a·T²), so a fall and a rebound rise exactly as far as (v·e)² / 2g says; `time` is
/// what is left of the step.
struct CrateFlight {
  Aabb box;
  Vec2 velocity;
  float gravity = 0.0f;
  float time = 0.0f;

  Vec2 delta() const {
    return {velocity.x * time, velocity.y * time + 0.5f * gravity * time * time};
  }
};

/// What a moving crate does to the crates it runs into.
/// - It wakes a sleeper it runs into sideways or from below, or lands on faster than
///   `physics.min_bounce_speed` (resting on one, hitting it at a step's worth of gravity each
///   step, does not wake it).
/// - Sideways, the two share momentum along the normal with the pair's restitution e
///   (exchangeMomentum). The one hit moves on its own turn (or next step, if it already moved).
///   Vertically a crate on a crate is support, not a collision: stacks stay still.
struct CrateContacts {
  WorldState& state;
  const Level& level;
  EventBatch* events = nullptr;

  /// Answers a hit on a crate; false when `hit` is not one this rule answers (then it is a wall).
  bool answer(const BoxHit& hit, float& normalSpeed, float mass, const Material& own,
              const PhysicsConfig& config) const;
};

/// Moves the flight to a contact `hit` (a fraction of what is left) and answers it: the speed
/// along the normal comes back at v · e, or stops (or is shared with a crate it ran into); a
/// crate that stops on a floor rests (no more gravity this step) on what it hit.
void answerHit(CrateFlight& flight, Crate& crate, const BoxHit& hit,
               const CrateDefinition& definition, const PhysicsConfig& config,
               const CrateContacts& contacts);

}  // namespace coyote
