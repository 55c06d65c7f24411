// stepWorld and hashState on bench.tmj with seeded random inputs.
// Run: build/gcc/bench/coyote_bench   (the README's performance table comes from it)
#include <vector>

#include <benchmark/benchmark.h>

#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr int kRecordedTicks = 1200;

struct BenchWorld {
  Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/bench.tmj");
  PhysicsConfig config;
  StepParameters parameters{config};
  std::vector<TickInputs> inputs;
  WorldState state;

  explicit BenchWorld(int players) : inputs(kRecordedTicks) {
    // Inputs are generated up front so the benchmark times the step alone.
    RandomInputs random(1);
    for (TickInputs& tick : inputs) {
      random.next(tick, players);
    }
    state = makeWorld(players, level, config);
    // Warm up so the characters are spread over the course, not all falling from spawn.
    for (int tick = 0; tick < 300; ++tick) {
      stepWorld(state, inputs[static_cast<std::size_t>(tick)], level, parameters);
    }
  }
};

void StepWorld(benchmark::State& benchState) {
  const int players = static_cast<int>(benchState.range(0));
  BenchWorld world(players);
  std::size_t tick = 0;
  for (auto _ : benchState) {
    stepWorld(world.state, world.inputs[tick], world.level, world.parameters);
    tick = (tick + 1) % world.inputs.size();
    benchmark::DoNotOptimize(world.state);
  }
  // Reported as time per character-step (the figure the README and the goal use).
  benchState.counters["per_character_step"] =
      benchmark::Counter(static_cast<double>(benchState.iterations()) * players,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(StepWorld)->Arg(1)->Arg(8)->Arg(64)->Arg(256);

void HashState(benchmark::State& benchState) {
  const int players = static_cast<int>(benchState.range(0));
  BenchWorld world(players);
  for (auto _ : benchState) {
    benchmark::DoNotOptimize(hashState(world.state));
  }
}
BENCHMARK(HashState)->Arg(8)->Arg(64)->Arg(256);

}  // namespace
}  // namespace coyote
