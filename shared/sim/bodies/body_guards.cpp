#include "sim/bodies/body_guards.h"

#include <cmath>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_step.h"
#include "sim/character/checkpoints.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

bool isFinite(Vec2 value) {
  return std::isfinite(value.x) && std::isfinite(value.y);
}

/// Clamps each axis of `velocity` to ±cap; the largest speed it had when it was over, else 0.
float clampVelocity(Vec2& velocity, float cap) {
  const float fastest =
      absOf(velocity.x) > absOf(velocity.y) ? absOf(velocity.x) : absOf(velocity.y);
  if (fastest <= cap) {
    return 0.0f;
  }
  velocity.x = velocity.x > cap ? cap : (velocity.x < -cap ? -cap : velocity.x);
  velocity.y = velocity.y > cap ? cap : (velocity.y < -cap ? -cap : velocity.y);
  return fastest;
}

void emit(EventBatch* events, BodyId id, EventKind kind, float value = 0.0f) {
  if (events != nullptr) {
    events->emit(id, kind, value);
  }
}

/// The point a lost character starts again from: its checkpoint or its spawn, or the level's
/// spawn for its slot when its own spawn is itself broken.
void recoverCharacter(Character& character, std::uint8_t slot, const WorldState& world,
                      const Level& level, const PhysicsConfig& config) {
  if (!isSoundPosition(character.spawn, level)) {
    character.spawn = level.spawns.empty() ? Vec2{static_cast<float>(level.width()) * 0.5f, 1.0f}
                                           : level.spawns[slot % level.spawns.size()];
  }
  respawnCharacter(character, world, level, config);
}

void guardCharacter(Character& character, std::uint8_t slot, const WorldState& world,
                    const Level& level, const PhysicsConfig& config, EventBatch* events) {
  const auto id = static_cast<BodyId>(kCharacterIdBase + slot);
  if (!isSoundPosition(character.position, level) || !isFinite(character.velocity)) {
    recoverCharacter(character, slot, world, level, config);
    emit(events, id, EventKind::BodyRecovered);
    return;
  }
  const float fastest = clampVelocity(character.velocity, config.maxCharacterSpeed);
  if (fastest > 0.0f) {
    emit(events, id, EventKind::VelocityClamped, fastest);
  }
}

void guardCrate(Crate& crate, const CrateDefinition& definition, const Level& level,
                const PhysicsConfig& config, EventBatch* events) {
  if (!isSoundPosition(crate.position, level) || !isFinite(crate.velocity)) {
    crate.position =
        isSoundPosition(crate.lastValid, level) ? crate.lastValid : definition.position;
    crate.velocity = {};
    crate.asleep = true;  // and at rest: it sleeps until something wakes it
    crate.restTicks = restingTicks(config);
    emit(events, crate.id, EventKind::BodyRecovered);
    emit(events, crate.id, EventKind::BodySlept, static_cast<float>(SleepReason::Guard));
  }
  const float fastest = clampVelocity(crate.velocity, config.maxBodySpeed);
  if (fastest > 0.0f) {
    emit(events, crate.id, EventKind::VelocityClamped, fastest);
  }
}

}  // namespace

void guardCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                     const PhysicsConfig& config, EventBatch* events) {
  // The sound case, first and cheaply (the bounds found once): a NaN fails every comparison, so
  // a lost or too fast character always takes the full guard.
  const SoundArea area(level);
  const float cap = config.maxCharacterSpeed;
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    const Vec2 speed = character.velocity;
    if (!area.holds(character.position) ||
        !(magnitudeOf(speed.x) <= cap && magnitudeOf(speed.y) <= cap)) {
      guardCharacter(character, slot, state, level, config, events);
    }
  }
}

void guardCrates(WorldState& state, const Level& level, const PhysicsConfig& config,
                 EventBatch* events, const CrateBits& stirring) {
  const std::uint8_t resting = restingTicks(config);
  const auto crates = levelCrates(state, level);
  stirring.forEach([&](std::size_t slot) {
    Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    // A settled crate (one too large for the index) is sound and still: nothing to guard.
    if (crate.present() && definition != nullptr && !isSettled(crate, resting, level)) {
      guardCrate(crate, *definition, level, config, events);
    }
  });
}

void recordSoundCrates(WorldState& state, const Level& level, const CrateBits& visited) {
  const auto crates = levelCrates(state, level);
  visited.forEach([&](std::size_t slot) {
    Crate& crate = crates[slot];
    if (crate.present() && isSoundPosition(crate.position, level)) {
      crate.lastValid = crate.position;
    }
  });
}

}  // namespace coyote
