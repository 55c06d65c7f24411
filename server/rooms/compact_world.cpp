#include "server/rooms/compact_world.h"

namespace coyote {

// Every field of WorldState (world_state.h): a field added there must be added here too, or the
// restore test (CompactWorld.RestoresEveryField) fails.
void CompactWorld::take(const WorldState& state) {
  tick_ = state.tick;
  radiusLimit_ = state.radiusLimit;
  activeBodiesLimit_ = state.activeBodiesLimit;
  characters_.take(state.characters);
  platforms_.take(state.platforms);
  crates_.take(state.crates);
  joints_.take(state.joints);
}

void CompactWorld::restore(WorldState& state) const {
  state.tick = tick_;
  state.radiusLimit = radiusLimit_;
  state.activeBodiesLimit = activeBodiesLimit_;
  characters_.restore(state.characters);
  platforms_.restore(state.platforms);
  crates_.restore(state.crates);
  joints_.restore(state.joints);
  state.afterDecode();
}

std::size_t CompactWorld::bytes() const {
  return characters_.bytes() + platforms_.bytes() + crates_.bytes() + joints_.bytes();
}

void CompactInputs::take(const TickInputs& inputs) {
  held_.clear();
  for (std::size_t slot = 0; slot < inputs.size(); ++slot) {
    if (!(inputs[slot] == PlayerInput{})) {
      held_.push_back({static_cast<std::uint8_t>(slot), inputs[slot]});
    }
  }
  if (held_.capacity() > 2 * held_.size() + kSlack) {
    held_.shrink_to_fit();
  }
}

void CompactInputs::restore(TickInputs& inputs) const {
  inputs.fill(PlayerInput{});
  for (const SlotInput& input : held_) {
    inputs[input.slot] = input.input;
  }
}

}  // namespace coyote
