#pragma once

#include "sim/state/level.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Continuous collision: a crate's move is cut into sub-steps of at most this many tiles on an
/// axis, each swept, so the tiles gathered for a cast stay few whatever the speed (at most
/// `physics.max_body_speed`, which the guard enforces) and nothing is ever passed through.
inline constexpr float kMaxTilesPerSubstep = 1.0f;

/// `value` within `physics.max_body_speed`, either way.
float clampBodySpeed(float value, const PhysicsConfig& config);

/// A crate is no character: no game-feel asymmetry and no air drag. On the ground it brakes by
/// `crate_ground_decel` scaled by the friction of crate and floor (the first phase of its step).
void brakeOnGround(Crate& crate, const CrateDefinition& definition, const Level& level,
                   const StepParameters& parameters);

/// How a crate starts its flight this step: its guarded velocity and the constant acceleration
/// the flight integrates exactly.
struct CrateLaunch {
  Vec2 velocity;
  float gravity = 0.0f;
};

/// In the air a crate's flight integrates gravity exactly. In water (docs/simulation.md#water) the
/// step first changes its velocity by gravity less buoyancy (Archimedes, by the submerged fraction
/// and the crate's density) and drag, read at the start of the step, then flies straight: a force
/// that grows with depth integrated that way (symplectic Euler) never gains energy, so a floating
/// crate settles where ρ_crate / ρ_water of it is under instead of bobbing for ever.
CrateLaunch launchCrate(const Crate& crate, const CrateDefinition& definition, const Aabb& box,
                        const Level& level, const StepParameters& parameters);

/// The velocity a crate leaves with this step when its gravity (or, in water, buoyancy and drag)
/// is applied at once, before it moves (symplectic Euler): how the joint stage launches the crates
/// it holds, so the constraints see the velocity the crate will really fly with.
Vec2 launchAtOnce(const Crate& crate, const Level& level, const StepParameters& parameters);

}  // namespace coyote
