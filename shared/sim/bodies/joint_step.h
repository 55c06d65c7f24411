#pragma once

#include "sim/bodies/joint_links.h"
#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/step_events.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Gauss-Seidel passes over the rigid joints (rope, weld, rail) each step.
inline constexpr int kJointIterations = 4;

/// The joint stage of a step (docs/simulation.md#joints), after the platforms and before
/// the crates move. It launches every awake crate a joint holds (this step's gravity applied at
/// once), wakes a sleeping crate its partner pulls, then changes the launched velocities so that
/// where the crates will be at the end of the step keeps each joint:
/// - springs push and pull with `stiffness`·stretch and `damping`·speed (once, explicit);
/// - a rail's motor drives its crate along the axis, up to `max_force`;
/// - ropes, welds and rails are position constraints solved on the predicted positions in
///   kJointIterations passes, in level order (the storage order of crates never matters).
/// The crates' swept move then carries the result out, so a joint never pulls a crate through a
/// tile or a body. A joint that carried more than its `break_force` breaks (`joint_broken`, its
/// body, the force). Platforms and the world are immovable ends; so is a sleeping crate.
void stepJoints(WorldState& state, const ActiveCharacters& active, const Level& level,
                const StepParameters& parameters, JointLinks& links, EventBatch* events = nullptr);

/// Where joint `index` pulls on its two ends now (a crate's centre; the anchor on the other end),
/// or false when one end is missing (away): for drawing and for tests.
bool jointEnds(const WorldState& state, const Level& level, std::size_t index, Vec2& body,
               Vec2& to);

}  // namespace coyote
