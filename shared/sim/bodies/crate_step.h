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

/// The velocity a crate leaves with this step when its gravity (or, in water, buoyancy and drag)
/// is applied at once, before it moves (symplectic Euler): how the joint stage launches the crates
/// it holds, so the constraints see the velocity the crate will really fly with.
Vec2 launchAtOnce(const Crate& crate, const Level& level, const StepParameters& parameters);

/// A character (of `physics.mass`) walking at `pushSpeed` into crate `id`: the pair's
/// inelastic impulse (docs/simulation.md#pushing) gives both the common speed
/// (m·v_c + M·v) / (m + M). Returns the character's speed after it: the common speed, or 0 when
/// the crate already moves away faster, or cannot move at all (its floor's friction holds it, or
/// it touches a tile, a platform or a row of crates held so): the character is only blocked.
/// `bodies`: what the crate may touch (nullptr: the tiles alone).
float pushCrate(WorldState& state, BodyId id, float pushSpeed, const Level& level,
                const StepParameters& parameters, EventBatch* events = nullptr,
                const ObstacleSet* bodies = nullptr);

/// Sends a crate back to where the level placed it, at rest (after a squeeze or a fall), `away`:
/// out of the world — not simulated, not an obstacle, not drawn — until that place is free.
void respawnCrate(Crate& crate, const CrateDefinition& definition);

/// Brings back each crate of `stirring` that is away, once no body overlaps its place (first thing
/// in a step, so a squeezed crate never reappears inside something).
void returnCrates(WorldState& state, const Level& level, const PhysicsConfig& config,
                  const CrateBits& stirring);

}  // namespace coyote
