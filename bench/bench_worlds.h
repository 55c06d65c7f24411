#pragma once
// The worlds the benchmarks and the instruction counts step: bench.tmj with seeded random players,
// and the playground grown to a living world (64 characters, 32 crates, 16 platforms).
#include <algorithm>
#include <string>
#include <vector>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/world_step.h"

namespace coyote::bench {

inline constexpr int kRecordedTicks = 1200;
inline constexpr int kWarmUpTicks = 300;  ///< players spread over the course, crates settled
inline constexpr int kLivingPlayers = 64;
inline constexpr std::size_t kLivingPlatforms = 16;
inline constexpr std::size_t kLivingCrates = 32;

inline std::string levelPath(const std::string& name) {
  return std::string(COYOTE_SOURCE_DIR) + "/configs/levels/" + name;
}

/// playground.tmj with platforms up to 16 (short ping-pong runs in the open air above the
/// floors) and crates up to 32 (dropped in rows over the left floor, where they fall and stack).
inline Level livingWorld() {
  Level level =
      loadTiledLevel(levelPath("playground.tmj"),
                     loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml"));
  for (std::size_t i = level.platforms.size(); i < kLivingPlatforms; ++i) {
    PlatformDefinition platform;
    platform.size = {2.0f, 0.5f};
    const float x = 2.0f + static_cast<float>(i % 4) * 9.0f;
    const float y = 3.0f + static_cast<float>(i / 4) * 2.0f;
    platform.path = {{x, y}, {x + 5.0f, y}};
    platform.speed = 1.5f + 0.25f * static_cast<float>(i % 5);
    level.platforms.push_back(platform);
  }
  for (std::size_t i = level.crates.size(); i < kLivingCrates; ++i) {
    const float x = 2.0f + static_cast<float>(i % 6) * 1.5f;
    const float y = 11.0f + static_cast<float>(i / 6) * 1.2f;
    level.crates.push_back({{x, y}, {1.0f, 1.0f}, 1.0f + static_cast<float>(i % 4)});
  }
  return level;
}

/// How the players of a stepped world play: each its own seeded random inputs, or all of them
/// player 0's (with one spawn, the characters then move in lockstep).
enum class Players { Apart, InLockstep };

/// bench.tmj with its first spawn alone: with Players::InLockstep, every character starts where
/// the one before it did and presses what it presses, so each takes the branches the one before
/// it took. Set beside the same number of players apart, it shows what their divergence costs the
/// branch predictor; read the instruction counts beside the times, for player 0's course is not
/// the average's (at 64 players, 713 instructions a character-step against 847).
inline Level benchWithOneSpawn() {
  Level level = loadTiledLevel(levelPath("bench.tmj"));
  level.spawns.resize(1);
  return level;
}

/// A level, seeded random inputs recorded up front (so a benchmark times the step alone) and the
/// state after the warm-up.
struct SteppedWorld {
  Level level;
  StepParameters parameters{PhysicsConfig{}};
  std::vector<TickInputs> inputs;
  WorldState state;

  SteppedWorld(Level steppedLevel, int players, Players play = Players::Apart)
      : level(std::move(steppedLevel)), inputs(kRecordedTicks) {
    RandomInputs random(1);
    for (TickInputs& tick : inputs) {
      random.next(tick, players);
      if (play == Players::InLockstep) {
        const PlayerInput first = tick[0];
        std::fill(tick.begin(), tick.begin() + std::min(players, kMaxCharacters), first);
      }
    }
    state = makeWorld(players, level, parameters.config);
    for (int tick = 0; tick < kWarmUpTicks; ++tick) {
      stepWorld(state, inputs[static_cast<std::size_t>(tick)], level, parameters);
    }
  }
};

}  // namespace coyote::bench
