// stepWorld and hashState on bench.tmj with seeded random inputs.
// Run: build/gcc/bench/coyote_bench   (the README's performance table comes from it)
#include <vector>

#include <benchmark/benchmark.h>

#include "bench/bench_worlds.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

struct BenchWorld : bench::SteppedWorld {
  explicit BenchWorld(int players)
      : SteppedWorld(loadTiledLevel(bench::levelPath("bench.tmj")), players) {}
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
