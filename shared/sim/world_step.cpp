#include "sim/world_step.h"

#include "sim/checkpoints.h"
#include "sim/crate_step.h"
#include "sim/obstacle_set.h"
#include "sim/platform_step.h"

namespace coyote {
namespace {

// Below the grid there is nothing to stand on: a character starts again at its last checkpoint
// or its spawn, a crate where the level put it.
void respawnFallenBodies(WorldState& state, const ActiveCharacters& active, const Level& level,
                         const PhysicsConfig& config) {
  const float killLine = static_cast<float>(level.height()) + 2.0f;
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    if (character.position.y > killLine) {
      respawnCharacter(character, level, config);
    }
  }
  for (Crate& crate : levelCrates(state, level)) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.present() && definition != nullptr && crate.position.y > killLine) {
      respawnCrate(crate, *definition);
    }
  }
}

float capped(float value, float cap) {
  return value > cap ? cap : (value < -cap ? -cap : value);
}

// Lift boost (SPEC §4): a character leaving a platform keeps the platform's velocity, capped.
void applyLiftBoost(Character& character, BodyId before, const WorldState& state,
                    const PhysicsConfig& config) {
  if (!isPlatformId(before) || character.support == before) {
    return;
  }
  const Vec2 platform = state.platforms[static_cast<std::size_t>(before)].velocity;
  character.velocity.x += capped(platform.x, config.maxLiftBoost);
  character.velocity.y += capped(platform.y, config.maxLiftBoost);
}

void stepCharacters(WorldState& state, const ActiveCharacters& active, const TickInputs& inputs,
                    const Level& level, const StepParameters& parameters) {
  const bool anyBodies = !level.platforms.empty() || !level.crates.empty();
  const bool blockEachOther = parameters.config.playersCollide;
  ObstacleSet bodies(state, level, parameters.config, {anyBodies, anyBodies, blockEachOther});
  const ObstacleSet* reachable = anyBodies || blockEachOther ? &bodies : nullptr;
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    const BodyId supportBefore = character.support;
    const auto id = static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot));
    const CharacterContacts contacts =
        stepCharacter(character, inputs[slot], level, parameters, reachable, id);
    if (blockEachOther) {
      // In slot order, each character sweeps against where the others are now: never into one.
      bodies.move(id, characterBox(character, parameters.config));
    }
    applyLiftBoost(character, supportBefore, state, parameters.config);
    if (contacts.pushed != kNoBody) {
      // The crate takes its share of the push now and moves next step, before this character.
      character.velocity.x =
          pushCrate(state, contacts.pushed, contacts.pushSpeed, level, parameters);
    }
  }
}

}  // namespace

void stepWorld(WorldState& state, const TickInputs& inputs, const Level& level,
               const StepParameters& parameters, StepProfile* profile) {
  // SPEC §4: platforms move first (carrying and pushing), then crates, then characters.
  StepStageClock clock(profile);
  // No phase adds or removes a character: the active slots are gathered once.
  const ActiveCharacters active(state);
  returnCrates(state, level, parameters.config);
  clock.finish(StepStage::Bodies);
  stepPlatforms(state, active, level, parameters);
  clock.finish(StepStage::Platforms);
  stepCrates(state, level, parameters);
  clock.finish(StepStage::Bodies);
  stepCharacters(state, active, inputs, level, parameters);
  clock.finish(StepStage::Characters);
  touchCheckpointsAndHazards(state, active, level, parameters.config);
  respawnFallenBodies(state, active, level, parameters.config);
  ++state.tick;
  clock.finish(StepStage::Rules);
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
  placeBodies(state, level);
  for (int slot = 0; slot < players && slot < kMaxCharacters; ++slot) {
    addCharacter(state, slot, level, config);
  }
  return state;
}

}  // namespace coyote
