#pragma once

#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Sends a character back to the last checkpoint it touched, or to its spawn if none (a hazard,
/// a squeeze, a fall off the level, the respawn button). It keeps its spawn and its checkpoint,
/// and stands on whatever body of `world` is there (spawn.h).
void respawnCharacter(Character& character, const WorldState& world, const Level& level,
                      const PhysicsConfig& config);

/// True when the box overlaps a hazard cell by more than the skin (standing next to one is safe).
bool touchesHazard(const Aabb& box, const Level& level);

/// After the characters moved: a character touching a checkpoint's area activates it (its
/// respawn point from now on); one touching a hazard tile respawns
/// (docs/simulation.md#checkpoints-and-hazards). Only the characters of `mayTouchHazard` are looked
/// at for hazards: the others' steps found none in reach.
void touchCheckpointsAndHazards(WorldState& state, const ActiveCharacters& active,
                                const Level& level, const PhysicsConfig& config,
                                const CharacterBits& mayTouchHazard, EventBatch* events = nullptr);

}  // namespace coyote
