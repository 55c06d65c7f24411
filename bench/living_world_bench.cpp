// stepWorld on the playground grown to the benchmark world: 64 characters, 32 crates and
// 16 platforms, with seeded random inputs; and a 15-tick rollback of that world.
#include <vector>

#include <benchmark/benchmark.h>

#include "bench/bench_worlds.h"
#include "client/core/predictor.h"

namespace coyote {
namespace {

constexpr int kWorldPlayers = bench::kLivingPlayers;
constexpr std::size_t kPlatforms = bench::kLivingPlatforms;
constexpr std::size_t kCrates = bench::kLivingCrates;

struct LivingWorld : bench::SteppedWorld {
  LivingWorld() : SteppedWorld(bench::livingWorld(), kWorldPlayers) {}
};

void StepLivingWorld(benchmark::State& benchState) {
  LivingWorld world;
  std::size_t tick = 0;
  for (auto _ : benchState) {
    stepWorld(world.state, world.inputs[tick], world.level, world.parameters);
    tick = (tick + 1) % world.inputs.size();
    benchmark::DoNotOptimize(world.state);
  }
  const double bodies = kWorldPlayers + static_cast<double>(kPlatforms + kCrates);
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
