#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "sim/active_characters.h"
#include "sim/level.h"
#include "sim/motion_zone.h"
#include "sim/settled_crates.h"
#include "sim/step_parameters.h"
#include "sim/world_state.h"

namespace coyote {

/// The crates a step's obstacle sets hold, gathered once a step after the joints (the last stage
/// to wake crates before they move): every present crate that is awake or touches the step's
/// motion zone, in slot order. A sleeper outside the zone is left out of the sets — nothing
/// reaches it this step — so it costs the step one cell test instead of a place in two sorted
/// sets; `bits` is what an obstacle set asks to know which crates it left out.
struct CratesInReach {
  MotionZone zone;
  std::array<std::uint16_t, kMaxCrates> slots;  ///< the first `count` filled, the rest never read
  std::size_t count = 0;
  CrateBits bits;  ///< the same slots, as a set
};

/// The zone is every awake crate's and every character's reach this step (a bound from their
/// velocity and what a step can add to it). An obstacle set asked about an area the zone does not
/// cover looks at the crates left out too, so the bound decides only the speed, never a result.
void gatherCratesInReach(const WorldState& state, const ActiveCharacters& active,
                         const Level& level, const StepParameters& parameters,
                         CratesInReach& inReach);

}  // namespace coyote
