#include "match/authoritative_tick.h"

namespace coyote {

void applyRosterEvents(WorldState& state, const std::vector<RosterEvent>& events,
                       const Level& level, const PhysicsConfig& config) {
  for (const RosterEvent& event : events) {
    if (event.kind == RosterEvent::kJoin) {
      addCharacter(state, event.slot, level, config);
    } else if (event.kind == RosterEvent::kLeave) {
      removeCharacter(state, event.slot);
    } else if (event.kind == RosterEvent::kLimits) {
      state.radiusLimit = event.radius;
      state.activeBodiesLimit = event.activeBodies;
    }
  }
}

void applyAuthoritativeTick(WorldState& state, const std::vector<RosterEvent>& events,
                            const TickInputs& inputs, const Level& level,
                            const StepParameters& parameters, EventBatch* stepEvents) {
  applyRosterEvents(state, events, level, parameters.config);
  stepWorld(state, inputs, level, parameters, nullptr, stepEvents);
}

std::vector<SlotInput> activeInputs(const WorldState& state, const TickInputs& inputs) {
  std::vector<SlotInput> result;
  for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
    if (state.characters[slot].active) {
      result.push_back({static_cast<std::uint8_t>(slot), inputs[slot]});
    }
  }
  return result;
}

TickInputs expandInputs(const std::vector<SlotInput>& inputs) {
  TickInputs expanded{};
  for (const SlotInput& entry : inputs) {
    expanded[entry.slot] = entry.input;
  }
  return expanded;
}

}  // namespace coyote
