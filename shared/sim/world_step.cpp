#include "sim/world_step.h"

#include <cstddef>
#include <new>
#include <type_traits>

#include "sim/bodies/body_guards.h"
#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_push.h"
#include "sim/bodies/crate_return.h"
#include "sim/bodies/crate_step.h"
#include "sim/bodies/joint_step.h"
#include "sim/bodies/platform_step.h"
#include "sim/bodies/sensors.h"
#include "sim/character/checkpoints.h"
#include "sim/character/race.h"
#include "sim/character/spawn.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/water.h"

namespace coyote {
namespace {

// Below the grid there is nothing to stand on: a character starts again at its last checkpoint
// or its spawn, a crate where the level put it (respawnFallenBodies).
void respawnFallenCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                             const PhysicsConfig& config, EventBatch* events) {
  const float below = killLine(level);
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    if (character.position.y > below) {
      respawnCharacter(character, state, level, config);
      if (events != nullptr) {
        events->emit(static_cast<BodyId>(kCharacterIdBase + slot), EventKind::Respawned);
      }
    }
  }
}

/// Only crates of `visited` can have moved.
void respawnFallenCrates(WorldState& state, const Level& level, const CrateBits& visited) {
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

// Lift boost (docs/simulation.md#riders-and-lift-boost): a character leaving a platform or a crate
// keeps its velocity, capped (jumping off a rising spring board or lift goes higher).
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

// What a character's step did that a player would see (docs/simulation.md#events).
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
    events.emit(id, EventKind::Jumped, static_cast<float>(contacts.jumpKind));
  }
  if (contacts.respawned) {
    events.emit(id, EventKind::Respawned);
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

/// The buttons pressed this tick (held now, not last tick).
std::uint8_t pressedButtons(const Character& character, PlayerInput input) {
  return static_cast<std::uint8_t>(input.buttons & ~character.previousButtons);
}

bool sendsBack(const Character& character, PlayerInput input) {
  return (pressedButtons(character, input) & (kButtonRespawn | kButtonRestart)) != 0;
}

// The respawn button's press (a player's `kill`): back to the last checkpoint or the spawn, as a
// hazard sends it, and nothing else this tick. The restart button's: back to the spawn with the
// checkpoint and the race's run cleared, so the next exit from the start is a fresh run
// (docs/simulation.md#races). Rules of the world step rather than of the character's, for the
// place they send the character to may be on a platform or a crate.
CharacterContacts sendBackOnPress(Character& character, PlayerInput input, const WorldState& state,
                                  const Level& level, const PhysicsConfig& config) {
  if ((pressedButtons(character, input) & kButtonRestart) != 0) {
    spawnCharacter(character, character.spawn, state, level, config);  // a fresh character
  } else {
    respawnCharacter(character, state, level, config);
  }
  character.previousButtons = input.buttons;
  CharacterContacts respawned;
  respawned.respawned = true;
  return respawned;
}

/// Each character in slot order, against `bodies` (nullptr: against the tiles alone).
void stepCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                    const StepParameters& parameters, ObstacleSet* bodies, CharacterPass& pass) {
  const bool blockEachOther = parameters.config.playersCollide;
  EventBatch* events = pass.events;
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    const BodyId supportBefore = character.support;
    const auto id = static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot));
    const CharacterBefore before{character.grounded, character.wallDirection};
    const CharacterContacts contacts =
        sendsBack(character, pass.inputs[slot])
            ? sendBackOnPress(character, pass.inputs[slot], state, level, parameters.config)
            : stepCharacter(character, pass.inputs[slot], level, parameters, bodies, id);
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
          pushCrate(state, contacts.pushed, contacts.pushSpeed, level, parameters, events, bodies);
    }
  }
}

/// The crates move (if the level has any), then the characters, both in one obstacle set of the
/// bodies in reach (the settled crates are found in their index): the crates' pass keeps it up to
/// date as it moves bodies, so after it the set holds what one built then would (less the
/// characters, when they pass through each other), and its build and sort are not paid twice.
/// noinline: the set is some 80 KB of stack, which a step with nothing to block a character
/// never reserves.
[[gnu::noinline]] void moveAmongBodies(WorldState& state, const ActiveCharacters& active,
                                       const Level& level, const StepParameters& parameters,
                                       const JointLinks& links, const CrateBits& stirring,
                                       CharacterPass& pass, StepStageClock& clock) {
  const bool playersCollide = parameters.config.playersCollide;
  if (level.crates.empty()) {
    ObstacleSet bodies(state, level, parameters.config,
                       {!level.platforms.empty(), false, playersCollide});
    clock.finish(StepStage::Bodies);
    stepCharacters(state, active, level, parameters, &bodies, pass);
    return;
  }
  CratesInReach inReach;
  gatherCratesInReach(levelCrates(state, level), stirring, state.settledCrates.woken(), inReach);
  ObstacleSet bodies(state, level, parameters.config, {true, true, true}, &inReach);
  stepCrates(state, active, level, parameters, bodies, pass.events, &links, &inReach);
  clock.finish(StepStage::Bodies);
  if (!playersCollide) {
    bodies.dropCharacters();
  }
  stepCharacters(state, active, level, parameters, &bodies, pass);
}

/// The phase that moves what is free to move: the crates, then the characters. With no body to
/// meet (no crates, no platforms, players passing through each other: bench.tmj, most arenas)
/// the characters step against the tiles alone, with the same result and no obstacle set.
void moveCratesThenCharacters(WorldState& state, const ActiveCharacters& active, const Level& level,
                              const StepParameters& parameters, const JointLinks& links,
                              const CrateBits& stirring, CharacterPass& pass,
                              StepStageClock& clock) {
  if (level.crates.empty() && level.platforms.empty() && !parameters.config.playersCollide) {
    clock.finish(StepStage::Bodies);
    stepCharacters(state, active, level, parameters, nullptr, pass);
  } else {
    moveAmongBodies(state, active, level, parameters, links, stirring, pass, clock);
  }
  clock.finish(StepStage::Characters);
}

/// The crates the step visits: the settled ones wait in their index (settled_crates.h), so these
/// are the others and those woken since the last step (by a caller). The index is built again
/// when it was built for another level or rest time, or not at all. A level without crates gets
/// the empty set, and the storage of the step's own is then left unfilled: clearing a set of
/// 2,048 slots is a `rep stos` that cost a one-player step a tenth of its time (g++ 12 clears a
/// std::optional of it too).
class StirringCrates {
 public:
  StirringCrates(WorldState& state, const Level& level, const PhysicsConfig& config) {
    static const CrateBits kNoCrates;
    if (level.crates.empty()) {
      set_ = &kNoCrates;
      return;
    }
    const std::uint8_t resting = restingTicks(config);
    const auto crates = levelCrates(state, level);
    if (!state.settledCrates.builtFor(crates.size(), level, resting)) {
      state.settledCrates.rebuild(crates, level, resting);
    }
    CrateBits* stirring = new (storage_) CrateBits(state.settledCrates.unsettled());
    stirring->addAll(state.settledCrates.woken());
    set_ = stirring;
  }
  StirringCrates(const StirringCrates&) = delete;
  StirringCrates& operator=(const StirringCrates&) = delete;

  const CrateBits& set() const { return *set_; }

 private:
  static_assert(std::is_trivially_destructible_v<CrateBits>, "never destroyed");
  alignas(CrateBits) std::byte storage_[sizeof(CrateBits)];
  const CrateBits* set_;
};

/// The guards, first, so that no phase ever reads a broken body (body_guards.h).
void guardBodies(WorldState& state, const ActiveCharacters& active, const Level& level,
                 const PhysicsConfig& config, const CrateBits& stirring, EventBatch* events) {
  guardCharacters(state, active, level, config, events);
  if (!level.crates.empty()) {
    guardCrates(state, level, config, events, stirring);
  }
}

/// Crates squeezed away come back where the level put them once their place is free; then each
/// crate wakes or falls asleep (rest, radius, budget).
void wakeAndSleepCrates(WorldState& state, const ActiveCharacters& active, const Level& level,
                        const PhysicsConfig& config, const CrateBits& stirring,
                        EventBatch* events) {
  if (level.crates.empty()) {
    return;
  }
  returnCrates(state, level, config, stirring);
  updateCrateActivity(state, active, level, config, stirring, events);
}

/// The platforms follow their paths, carrying their riders and pushing what they run into.
void movePlatforms(WorldState& state, const ActiveCharacters& active, const Level& level,
                   const StepParameters& parameters, const CrateBits& stirring,
                   EventBatch* events) {
  if (!level.platforms.empty()) {
    stepPlatforms(state, active, level, parameters, stirring, events);
  }
}

/// The joints pull (and launch the crates they hold); `links` tells the crates' move which.
void pullJoints(WorldState& state, const ActiveCharacters& active, const Level& level,
                const StepParameters& parameters, JointLinks& links, EventBatch* events) {
  if (!level.joints.empty()) {
    stepJoints(state, active, level, parameters, links, events);
  }
}

/// The rules, last: checkpoints and hazards, then whatever fell below the level respawns; the
/// crates that could have moved keep their sound position for the guards, and the settled index
/// takes in this step's changes.
void applyRules(WorldState& state, const ActiveCharacters& active, const Level& level,
                const PhysicsConfig& config, const CharacterBits& mayTouchHazard,
                const CrateBits& stirring, EventBatch* events) {
  touchCheckpointsAndHazards(state, active, level, config, mayTouchHazard, events);
  respawnFallenCharacters(state, active, level, config, events);
  if (level.crates.empty()) {
    return;
  }
  // With the settled crates woken this step, these are every crate that could have moved.
  CrateBits visited = stirring;
  visited.addAll(state.settledCrates.woken());
  respawnFallenCrates(state, level, visited);
  recordSoundCrates(state, level, visited);
  state.settledCrates.update(levelCrates(state, level), level, restingTicks(config), visited);
}

}  // namespace

void stepWorld(WorldState& state, const TickInputs& inputs, const Level& level,
               const StepParameters& parameters, StepProfile* profile, EventBatch* events) {
  // The phases in order (docs/simulation.md#the-world-step). Each skips what the level does not
  // have: a level without bodies pays for its characters alone.
  StepStageClock clock(profile);
  const PhysicsConfig& config = parameters.config;
  if (events != nullptr) {
    events->start(state.tick + 1, static_cast<std::size_t>(config.maxEventsPerTick));
  }
  // No phase adds or removes a character: the active slots are gathered once.
  const ActiveCharacters active(state);
  // Sensor events compare who is inside which sensor before and after the step.
  SensorOverlaps sensorsBefore;
  if (events != nullptr) {
    sensorsBefore.find(state, active, level, config);
  }
  RaceStarts raceStarts;  // filled only on a race level: a step elsewhere pays nothing for it
  if (level.race.present) {
    recordRaceStarts(state, active, raceStarts);
  }
  const StirringCrates stirringCrates(state, level, config);
  const CrateBits& stirring = stirringCrates.set();
  guardBodies(state, active, level, config, stirring, events);
  wakeAndSleepCrates(state, active, level, config, stirring, events);
  clock.finish(StepStage::Bodies);
  movePlatforms(state, active, level, parameters, stirring, events);
  clock.finish(StepStage::Platforms);
  JointLinks links;
  pullJoints(state, active, level, parameters, links, events);
  clock.finish(StepStage::Joints);
  CharacterPass pass{inputs, events, {}};
  moveCratesThenCharacters(state, active, level, parameters, links, stirring, pass, clock);
  applyRules(state, active, level, config, pass.mayTouchHazard, stirring, events);
  if (level.race.present) {
    stepRaces(state, active, level, config, raceStarts, events);
  }
  if (events != nullptr) {
    SensorOverlaps sensorsAfter;
    sensorsAfter.find(state, active, level, config);
    reportSensorChanges(sensorsBefore, sensorsAfter, *events);
  }
  ++state.tick;
  clock.finish(StepStage::Rules);
}

void addCharacter(WorldState& state, int slot, const Level& level, const PhysicsConfig& config) {
  const Vec2 spawn = level.spawns.empty()
                         ? Vec2{static_cast<float>(level.width()) * 0.5f, 1.0f}
                         : level.spawns[static_cast<std::size_t>(slot) % level.spawns.size()];
  spawnCharacter(state.characters[static_cast<std::size_t>(slot)], spawn, state, level, config);
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
