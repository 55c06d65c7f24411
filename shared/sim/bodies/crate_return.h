#pragma once

#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/settled_crates.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Sends a crate back to where the level placed it, at rest (after a squeeze or a fall), `away`:
/// out of the world — not simulated, not an obstacle, not drawn — until that place is free.
void respawnCrate(Crate& crate, const CrateDefinition& definition);

/// Brings back each crate of `stirring` that is away, once no body overlaps its place (first thing
/// in a step, so a squeezed crate never reappears inside something).
void returnCrates(WorldState& state, const Level& level, const PhysicsConfig& config,
                  const CrateBits& stirring);

}  // namespace coyote
