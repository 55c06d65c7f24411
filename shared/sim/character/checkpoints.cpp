#include "sim/character/checkpoints.h"

#include "sim/character/character_step.h"
#include "sim/character/spawn.h"
#include "sim/collision/box_cast.h"
#include "sim/collision/sweep.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

const CheckpointDefinition* checkpointDefinition(const Level& level, std::int8_t index) {
  const auto at = static_cast<std::size_t>(index);
  return index >= 0 && at < level.checkpoints.size() ? &level.checkpoints[at] : nullptr;
}

}  // namespace

bool touchesHazard(const Aabb& box, const Level& level) {
  if ((level.typesAround(box) & maskOf(TileType::Hazard)) == 0) {
    return false;
  }
  const int firstRow = floorToInt(box.top() + kSkin);
  const int lastRow = floorToInt(box.bottom() - kSkin);
  const int firstColumn = floorToInt(box.left() + kSkin);
  const int lastColumn = floorToInt(box.right() - kSkin);
  for (int row = firstRow; row <= lastRow; ++row) {
    for (int column = firstColumn; column <= lastColumn; ++column) {
      if (level.tileAt(column, row) == TileType::Hazard) {
        return true;
      }
    }
  }
  return false;
}

void respawnCharacter(Character& character, const WorldState& world, const Level& level,
                      const PhysicsConfig& config) {
  const Character before = character;
  const CheckpointDefinition* reached = checkpointDefinition(level, before.checkpoint);
  spawnCharacter(character, reached != nullptr ? reached->respawnPoint() : before.spawn, world,
                 level, config);
  character.spawn = before.spawn;
  character.checkpoint = reached != nullptr ? before.checkpoint : -1;
  // A respawn keeps the race run going (docs/simulation.md#races).
  character.runTicks = before.runTicks;
  character.runStartFraction = before.runStartFraction;
  character.raceCheckpoint = before.raceCheckpoint;
  character.raceLap = before.raceLap;
}

namespace {

void touchCheckpoints(Character& character, BodyId id, const Aabb& box, const Level& level,
                      EventBatch* events) {
  for (std::size_t i = 0; i < level.checkpoints.size(); ++i) {
    const CheckpointDefinition& checkpoint = level.checkpoints[i];
    if (overlapsBeyondSkin(box, Aabb{checkpoint.position, checkpoint.size})) {
      if (events != nullptr && character.checkpoint != static_cast<std::int8_t>(i)) {
        events->emit(id, EventKind::CheckpointActivated, static_cast<float>(i));
      }
      character.checkpoint = static_cast<std::int8_t>(i);
    }
  }
}

void touchHazard(Character& character, BodyId id, const Aabb& box, const WorldState& world,
                 const Level& level, const PhysicsConfig& config, EventBatch* events) {
  if (touchesHazard(box, level)) {
    if (events != nullptr) {
      events->emit(id, EventKind::HazardHit);
    }
    respawnCharacter(character, world, level, config);
    if (events != nullptr) {
      events->emit(id, EventKind::Respawned);
    }
  }
}

}  // namespace

void touchCheckpointsAndHazards(WorldState& state, const ActiveCharacters& active,
                                const Level& level, const PhysicsConfig& config,
                                const CharacterBits& mayTouchHazard, EventBatch* events) {
  const auto touch = [&](std::size_t slot, bool checkpoints) {
    Character& character = state.characters[slot];
    const auto id = static_cast<BodyId>(kCharacterIdBase + slot);
    const Aabb box = characterBox(character, config);
    if (checkpoints) {
      touchCheckpoints(character, id, box, level, events);
    }
    if (mayTouchHazard.contains(slot)) {
      touchHazard(character, id, box, state, level, config, events);
    }
  };
  if (level.checkpoints.empty()) {
    mayTouchHazard.forEach([&](std::size_t slot) { touch(slot, false); });  // the few near one
    return;
  }
  for (const std::uint8_t slot : active) {
    touch(slot, true);
  }
}

}  // namespace coyote
