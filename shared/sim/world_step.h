#pragma once

#include <array>

#include "sim/character/character_step.h"
#include "sim/state/level.h"
#include "sim/state/player_input.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"
#include "sim/step_profile.h"

namespace coyote {

/// One tick's inputs, indexed by player slot. Inactive slots are ignored.
using TickInputs = std::array<PlayerInput, kMaxCharacters>;

/// Advances the world by one fixed step. Allocates nothing, and the same state, inputs, level and
/// parameters always give the same next state, bit for bit. With a `profile` it also times its
/// stages there (the only clock it reads, and nothing it computes depends on it); with `events`
/// it reports what happened (landings, jumps, splashes, impacts…) there, the same on every
/// machine, without changing the state either.
void stepWorld(WorldState& state, const TickInputs& inputs, const Level& level,
               const StepParameters& parameters, StepProfile* profile = nullptr,
               EventBatch* events = nullptr);

/// Activates a player slot at its spawn (slot modulo the level's spawn points).
void addCharacter(WorldState& state, int slot, const Level& level, const PhysicsConfig& config);

/// Frees a player slot.
void removeCharacter(WorldState& state, int slot);

/// A world with `players` characters in slots 0..players-1 at tick 0.
WorldState makeWorld(int players, const Level& level, const PhysicsConfig& config);

}  // namespace coyote
