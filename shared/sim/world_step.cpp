#include "sim/world_step.h"

#include "sim/body_guards.h"
#include "sim/checkpoints.h"
#include "sim/crate_activity.h"
#include "sim/crate_step.h"
#include "sim/joint_step.h"
#include "sim/obstacle_set.h"
#include "sim/platform_step.h"
#include "sim/water.h"

namespace coyote {
namespace {

// Below the grid there is nothing to stand on: a character starts again at its last checkpoint
// or its spawn, a crate where the level put it (respawnFallenBodies).
void respawnFallenCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                             const PhysicsConfig& config) {
  const float below = killLine(level);
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    if (character.position.y > below) {
      respawnCharacter(character, level, config);
    }
  }
}

/// Only crates of `visited` can have moved.
void respawnFallenBodies(WorldState& state, const ActiveCharacters& active, const Level& level,
                         const PhysicsConfig& config, const CrateBits& visited) {
  respawnFallenCharacters(state, active, level, config);
  const float below = killLine(level);
  const auto crates = levelCrates(state, level);
  visited.forEach([&](std::size_t slot) {
    Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.present() && definition != nullptr && crate.position.y > below) {
      respawnCrate(crate, *definition);
    }
  });
}

float capped(float value, float cap) {
  return value > cap ? cap : (value < -cap ? -cap : value);
}

// Lift boost (SPEC §4): a character leaving a platform or a crate keeps its velocity, capped
// (jumping off a rising spring board or lift goes higher).
void applyLiftBoost(Character& character, BodyId before, const WorldState& state,
                    const Level& level, const PhysicsConfig& config) {
  if (character.support == before) {
    return;
  }
  Vec2 velocity;
  if (isPlatformId(before)) {
    velocity = state.platforms[static_cast<std::size_t>(before)].velocity;
  } else if (const Crate* crate = isCrateId(before) ? findCrate(state, level, before) : nullptr) {
    velocity = crate->velocity;
  } else {
    return;  // adding nothing would still turn a -0 into +0: a different state
  }
  character.velocity.x += capped(velocity.x, config.maxLiftBoost);
  character.velocity.y += capped(velocity.y, config.maxLiftBoost);
}

// What a character's step did that a player would see (SPEC §4 events).
/// What a character was before its step, as far as its events need (not a copy of all of it:
/// this is on every character's path).
struct CharacterBefore {
  bool grounded = false;
  std::int8_t wallDirection = 0;
};

void reportCharacter(EventBatch& events, BodyId id, CharacterBefore before, const Character& after,
                     const CharacterContacts& contacts, const Level& level,
                     const PhysicsConfig& config) {
  if (!before.grounded && after.grounded) {
    events.emit(id, EventKind::Landed, contacts.fallSpeed);
  } else if (before.grounded && !after.grounded) {
    events.emit(id, EventKind::LeftGround);
  }
  if (before.wallDirection == 0 && after.wallDirection != 0) {
    events.emit(id, EventKind::WallTouched, static_cast<float>(after.wallDirection));
  }
  if (contacts.jumped) {
    events.emit(id, EventKind::Jumped);
  }
  if (contacts.dashStarted) {
    events.emit(id, EventKind::Dashed);
  }
  const bool swimsNow = submergedFraction(characterBox(after, config), level) > kSwimmingFraction;
  if (swimsNow != contacts.swimming) {
    events.emit(id, swimsNow ? EventKind::EnteredWater : EventKind::LeftWater);
  }
}

/// What the characters' pass reads (the inputs), reports (the events, when asked for) and leaves
/// for the rules after it: which characters may have ended their step on a hazard. A step knows
/// whether its reach holds one (almost never), so the hazard rule looks at those alone.
struct CharacterPass {
  const TickInputs& inputs;
  EventBatch* events = nullptr;
  CharacterBits mayTouchHazard;
};

/// Each character in slot order, against `bodies` (nullptr: against the tiles alone).
void stepEachCharacter(WorldState& state, const ActiveCharacters& active, const Level& level,
                       const StepParameters& parameters, ObstacleSet* bodies, CharacterPass& pass) {
  const bool blockEachOther = parameters.config.playersCollide;
  EventBatch* events = pass.events;
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    const BodyId supportBefore = character.support;
    const auto id = static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot));
    const CharacterBefore before{character.grounded, character.wallDirection};
    const CharacterContacts contacts =
        stepCharacter(character, pass.inputs[slot], level, parameters, bodies, id);
    if (contacts.mayTouchHazard) {
      pass.mayTouchHazard.add(slot);
    }
    if (events != nullptr) {
      reportCharacter(*events, id, before, character, contacts, level, parameters.config);
    }
    if (blockEachOther && bodies != nullptr) {
      // In slot order, each character sweeps against where the others are now: never into one.
      bodies->move(id, characterBox(character, parameters.config));
    }
    applyLiftBoost(character, supportBefore, state, level, parameters.config);
    if (contacts.pushed != kNoBody) {
      // The crate takes its share of the push now and moves next step, before this character.
      character.velocity.x =
          pushCrate(state, contacts.pushed, contacts.pushSpeed, level, parameters, events);
    }
  }
}

/// noinline: the set is some 80 KB of stack, which a step of characters that nothing can block
/// (no bodies, players passing through each other) never reserves.
[[gnu::noinline]] void stepCharactersAmongBodies(WorldState& state, const ActiveCharacters& active,
                                                 const Level& level,
                                                 const StepParameters& parameters,
                                                 CharacterPass& pass) {
  // Not a std::optional: an empty optional of a set this size is zeroed whole by g++ 12.
  ObstacleSet bodies(state, level, parameters.config,
                     {!level.platforms.empty(), false, parameters.config.playersCollide});
  stepEachCharacter(state, active, level, parameters, &bodies, pass);
}

/// The characters of a level without crates, against its platforms (if any).
void stepCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                    const StepParameters& parameters, CharacterPass& pass) {
  if (level.platforms.empty() && !parameters.config.playersCollide) {
    stepEachCharacter(state, active, level, parameters, nullptr, pass);
    return;
  }
  stepCharactersAmongBodies(state, active, level, parameters, pass);
}

/// The crates move, then the characters, both against the step's crates in reach (the settled
/// crates are found in their index), in one obstacle set: the crates' pass keeps it where it
/// moves bodies, so after it the set holds what one built then would (less the characters, when
/// they pass through each other), and its build and sort are not paid twice. noinline, like
/// stepCharactersAmongBodies: the set is some 80 KB of stack.
[[gnu::noinline]] void moveCratesThenCharacters(WorldState& state, const ActiveCharacters& active,
                                                const Level& level,
                                                const StepParameters& parameters,
                                                const JointLinks& links, CharacterPass& pass,
                                                StepStageClock& clock, const CrateBits& stirring) {
  CratesInReach inReach;
  gatherCratesInReach(levelCrates(state, level), stirring, state.settledCrates.woken(), inReach);
  ObstacleSet bodies(state, level, parameters.config, {true, true, true}, &inReach);
  stepCrates(state, active, level, parameters, bodies, pass.events, &links, &inReach);
  clock.finish(StepStage::Bodies);
  if (!parameters.config.playersCollide) {
    bodies.dropCharacters();
  }
  stepEachCharacter(state, active, level, parameters, &bodies, pass);
  clock.finish(StepStage::Characters);
}

void moveCratesAndCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                             const StepParameters& parameters, const JointLinks& links,
                             CharacterPass& pass, StepStageClock& clock,
                             const CrateBits& stirring) {
  if (level.crates.empty()) {  // no crates to move or to gather
    clock.finish(StepStage::Bodies);
    stepCharacters(state, active, level, parameters, pass);
    clock.finish(StepStage::Characters);
    return;
  }
  moveCratesThenCharacters(state, active, level, parameters, links, pass, clock, stirring);
}

/// The settled crates wait in their index (settled_crates.h): the step visits the others, the
/// `stirring` ones, and those woken since the last step (by a caller). The index is built again
/// when it was built for another level or rest time, or not at all.
CrateBits stirringCrates(WorldState& state, const Level& level, std::uint8_t resting) {
  const auto crates = levelCrates(state, level);
  if (!state.settledCrates.builtFor(crates.size(), level, resting)) {
    state.settledCrates.rebuild(crates, level, resting);
  }
  CrateBits stirring = state.settledCrates.unsettled();
  stirring.addAll(state.settledCrates.woken());
  return stirring;
}

/// A level without platforms, crates or joints (bench.tmj, most arenas): every body phase would
/// walk nothing, so the step is the characters' phases alone, with the same result, and pays
/// nothing for the bodies' bookkeeping (a quarter of a one-player step's instructions).
bool hasBodies(const Level& level) {
  return !level.platforms.empty() || !level.crates.empty() || !level.joints.empty();
}

void stepCharactersAlone(WorldState& state, const ActiveCharacters& active,
                         const TickInputs& inputs, const Level& level,
                         const StepParameters& parameters, EventBatch* events,
                         StepStageClock& clock) {
  guardCharacters(state, active, level, parameters.config, events);
  clock.finish(StepStage::Bodies);
  CharacterPass pass{inputs, events, {}};
  stepCharacters(state, active, level, parameters, pass);
  clock.finish(StepStage::Characters);
  touchCheckpointsAndHazards(state, active, level, parameters.config, pass.mayTouchHazard, events);
  respawnFallenCharacters(state, active, level, parameters.config);
  ++state.tick;
  clock.finish(StepStage::Rules);
}

}  // namespace

void stepWorld(WorldState& state, const TickInputs& inputs, const Level& level,
               const StepParameters& parameters, StepProfile* profile, EventBatch* events) {
  // SPEC §4: platforms move first (carrying and pushing), then joints pull, then crates move,
  // then characters.
  StepStageClock clock(profile);
  if (events != nullptr) {
    events->start(state.tick + 1, static_cast<std::size_t>(parameters.config.maxEventsPerTick));
  }
  // No phase adds or removes a character: the active slots are gathered once.
  const ActiveCharacters active(state);
  if (!hasBodies(level)) {
    stepCharactersAlone(state, active, inputs, level, parameters, events, clock);
    return;
  }
  const std::uint8_t resting = restingTicks(parameters.config);
  CrateBits stirring = stirringCrates(state, level, resting);
  guardBodies(state, active, level, parameters.config, events, stirring);
  returnCrates(state, level, parameters.config, stirring);
  updateCrateActivity(state, active, level, parameters.config, stirring, events);
  clock.finish(StepStage::Bodies);
  stepPlatforms(state, active, level, parameters, stirring, events);
  clock.finish(StepStage::Platforms);
  JointLinks links;
  stepJoints(state, active, level, parameters, links, events);
  clock.finish(StepStage::Joints);
  CharacterPass pass{inputs, events, {}};
  moveCratesAndCharacters(state, active, level, parameters, links, pass, clock, stirring);
  touchCheckpointsAndHazards(state, active, level, parameters.config, pass.mayTouchHazard, events);
  // With the settled crates woken this step, `stirring` holds every crate that could have moved.
  stirring.addAll(state.settledCrates.woken());
  respawnFallenBodies(state, active, level, parameters.config, stirring);
  recordSoundCrates(state, level, stirring);
  state.settledCrates.update(levelCrates(state, level), level, resting, stirring);
  ++state.tick;
  clock.finish(StepStage::Rules);
}

void addCharacter(WorldState& state, int slot, const Level& level, const PhysicsConfig& config) {
  const Vec2 spawn = level.spawns.empty()
                         ? Vec2{static_cast<float>(level.width()) * 0.5f, 1.0f}
                         : level.spawns[static_cast<std::size_t>(slot) % level.spawns.size()];
  spawnCharacter(state.characters[static_cast<std::size_t>(slot)], spawn, level, config);
  state.roster.add(static_cast<std::size_t>(slot));
}

void removeCharacter(WorldState& state, int slot) {
  state.characters[static_cast<std::size_t>(slot)] = Character{};
  state.roster.remove(static_cast<std::size_t>(slot));
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
