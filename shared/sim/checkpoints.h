#pragma once

#include "sim/active_characters.h"
#include "sim/level.h"
#include "sim/physics_config.h"
#include "sim/step_events.h"
#include "sim/world_state.h"

namespace coyote {

/// Sends a character back to the last checkpoint it touched, or to its spawn if none (a hazard,
/// a squeeze, a fall off the level). It keeps its spawn and its checkpoint.
void respawnCharacter(Character& character, const Level& level, const PhysicsConfig& config);

/// After the characters moved: a character touching a checkpoint's area activates it (its
/// respawn point from now on); one touching a hazard tile respawns (SPEC §4).
void touchCheckpointsAndHazards(WorldState& state, const ActiveCharacters& active,
                                const Level& level, const PhysicsConfig& config,
                                EventBatch* events = nullptr);

}  // namespace coyote
