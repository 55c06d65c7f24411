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

void stepRecordedTicks(benchmark::State& benchState, bench::SteppedWorld& world, int players) {
  std::size_t tick = 0;
  for (auto _ : benchState) {
    stepWorld(world.state, world.inputs[tick], world.level, world.parameters);
    tick = (tick + 1) % world.inputs.size();
    benchmark::DoNotOptimize(world.state);
  }
  // Reported as time per character-step (the figure docs/performance.md and the goal use).
  benchState.counters["per_character_step"] =
      benchmark::Counter(static_cast<double>(benchState.iterations()) * players,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void StepWorld(benchmark::State& benchState) {
  const int players = static_cast<int>(benchState.range(0));
  BenchWorld world(players);
  stepRecordedTicks(benchState, world, players);
}
BENCHMARK(StepWorld)->Arg(1)->Arg(8)->Arg(64)->Arg(256);

// StepWorld's players in lockstep (bench::benchWithOneSpawn): each character takes the branches
// the one before it took. Against StepWorld with as many players, and with the instruction counts
// of both (bench/instruction_counts.sh), it shows what their divergence costs the branch predictor.
void StepWorldInLockstep(benchmark::State& benchState) {
  const int players = static_cast<int>(benchState.range(0));
  bench::SteppedWorld world(bench::benchWithOneSpawn(), players, bench::Players::InLockstep);
  stepRecordedTicks(benchState, world, players);
}
BENCHMARK(StepWorldInLockstep)->Arg(8)->Arg(64);

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
