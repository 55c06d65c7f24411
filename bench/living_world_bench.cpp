// stepWorld on the playground grown to the benchmark world: 64 characters, 32 crates and
// 16 platforms, with seeded random inputs; and a 15-tick rollback of that world.
#include <vector>

#include <benchmark/benchmark.h>

#include "client/core/predictor.h"
#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr int kPlayers = 64;
constexpr std::size_t kPlatforms = 16;
constexpr std::size_t kCrates = 32;
constexpr int kRecordedTicks = 1200;

/// playground.tmj with platforms up to 16 (short ping-pong runs in the open air above the
/// floors) and crates up to 32 (dropped in rows over the left floor, where they fall and stack).
Level livingWorld() {
  Level level =
      loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj",
                     loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml"));
  for (std::size_t i = level.platforms.size(); i < kPlatforms; ++i) {
    PlatformDefinition platform;
    platform.size = {2.0f, 0.5f};
    const float x = 2.0f + static_cast<float>(i % 4) * 9.0f;
    const float y = 3.0f + static_cast<float>(i / 4) * 2.0f;
    platform.path = {{x, y}, {x + 5.0f, y}};
    platform.speed = 1.5f + 0.25f * static_cast<float>(i % 5);
    level.platforms.push_back(platform);
  }
  for (std::size_t i = level.crates.size(); i < kCrates; ++i) {
    const float x = 2.0f + static_cast<float>(i % 6) * 1.5f;
    const float y = 11.0f + static_cast<float>(i / 6) * 1.2f;
    level.crates.push_back({{x, y}, {1.0f, 1.0f}, 1.0f + static_cast<float>(i % 4)});
  }
  return level;
}

struct LivingWorld {
  Level level = livingWorld();
  StepParameters parameters{PhysicsConfig{}};
  std::vector<TickInputs> inputs;
  WorldState state;

  LivingWorld() : inputs(kRecordedTicks) {
    RandomInputs random(1);
    for (TickInputs& tick : inputs) {
      random.next(tick, kPlayers);
    }
    state = makeWorld(kPlayers, level, parameters.config);
    for (int tick = 0; tick < 300; ++tick) {  // crates settled, players spread out
      stepWorld(state, inputs[static_cast<std::size_t>(tick)], level, parameters);
    }
  }
};

void StepLivingWorld(benchmark::State& benchState) {
  LivingWorld world;
  std::size_t tick = 0;
  for (auto _ : benchState) {
    stepWorld(world.state, world.inputs[tick], world.level, world.parameters);
    tick = (tick + 1) % world.inputs.size();
    benchmark::DoNotOptimize(world.state);
  }
  const double bodies = kPlayers + static_cast<double>(kPlatforms + kCrates);
  benchState.counters["per_body_step"] =
      benchmark::Counter(static_cast<double>(benchState.iterations()) * bodies,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(StepLivingWorld);

void RollbackLivingWorld(benchmark::State& benchState) {
  constexpr std::uint32_t kDepth = 15;
  LivingWorld world;
  Predictor predictor(world.level, world.parameters, 0, kDepth + 1);
  predictor.adopt(world.state, world.inputs[0]);
  predictor.rollback();
  for (std::uint32_t tick = 0; tick < kDepth; ++tick) {
    predictor.advance(world.inputs[tick][0]);
  }
  for (auto _ : benchState) {
    benchmark::DoNotOptimize(predictor.rollback());
    benchmark::DoNotOptimize(predictor.predicted());
  }
}
BENCHMARK(RollbackLivingWorld)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace coyote
