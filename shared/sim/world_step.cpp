#include "sim/world_step.h"

namespace coyote {
namespace {

// Below the grid there is nothing to stand on; such a character starts again at its spawn.
void respawnFallenCharacters(WorldState& state, const Level& level, const PhysicsConfig& config) {
  const float killLine = static_cast<float>(level.height()) + 2.0f;
  for (Character& character : state.characters) {
    if (character.active && character.position.y > killLine) {
      spawnCharacter(character, character.spawn, level, config);
    }
  }
}

void stepCharacters(WorldState& state, const TickInputs& inputs, const Level& level,
                    const StepParameters& parameters) {
  for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
    if (state.characters[slot].active) {
      stepCharacter(state.characters[slot], inputs[slot], level, parameters);
    }
  }
}

}  // namespace

void stepWorld(WorldState& state, const TickInputs& inputs, const Level& level,
               const StepParameters& parameters) {
  // Moving platforms and other bodies (SPEC §4) will move here, before the characters.
  stepCharacters(state, inputs, level, parameters);
  respawnFallenCharacters(state, level, parameters.config);
  ++state.tick;
}

void addCharacter(WorldState& state, int slot, const Level& level, const PhysicsConfig& config) {
  const Vec2 spawn = level.spawns.empty()
                         ? Vec2{static_cast<float>(level.width()) * 0.5f, 1.0f}
                         : level.spawns[static_cast<std::size_t>(slot) % level.spawns.size()];
  spawnCharacter(state.characters[static_cast<std::size_t>(slot)], spawn, level, config);
}

void removeCharacter(WorldState& state, int slot) {
  state.characters[static_cast<std::size_t>(slot)] = Character{};
}

WorldState makeWorld(int players, const Level& level, const PhysicsConfig& config) {
  WorldState state;
  for (int slot = 0; slot < players && slot < kMaxCharacters; ++slot) {
    addCharacter(state, slot, level, config);
  }
  return state;
}

}  // namespace coyote
