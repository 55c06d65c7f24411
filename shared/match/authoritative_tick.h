#pragma once

#include <vector>

#include "match/roster_event.h"
#include "match/slot_input.h"
#include "sim/world_step.h"

namespace coyote {

/// Roster events of a tick: a join spawns its character, a leave frees the slot, limits set the
/// activity limits in force.
void applyRosterEvents(WorldState& state, const std::vector<RosterEvent>& events,
                       const Level& level, const PhysicsConfig& config);

/// One authoritative tick, the same on the server, the client's confirmed state and a replay:
/// roster events first (a join spawns its character, a leave frees the slot), then the step
/// (reporting into `stepEvents` if given).
void applyAuthoritativeTick(WorldState& state, const std::vector<RosterEvent>& events,
                            const TickInputs& inputs, const Level& level,
                            const StepParameters& parameters, EventBatch* stepEvents = nullptr);

/// The inputs of the active slots, for snapshots and replays.
std::vector<SlotInput> activeInputs(const WorldState& state, const TickInputs& inputs);

/// Expands (slot, input) pairs into a full tick; missing slots are neutral.
TickInputs expandInputs(const std::vector<SlotInput>& inputs);

}  // namespace coyote
