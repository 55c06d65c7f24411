// The cost of one rollback in the client's real rollback core: Predictor::rollback() restores
// the confirmed state and re-simulates `depth` ticks to the present.
#include <benchmark/benchmark.h>

#include "client/core/predictor.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"

namespace coyote {
namespace {

void RollbackResimulate(benchmark::State& benchState) {
  const int players = static_cast<int>(benchState.range(0));
  const auto depth = static_cast<std::uint32_t>(benchState.range(1));
  const Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  RandomInputs random(3);
  TickInputs inputs{};
  WorldState confirmed = makeWorld(players, level, parameters.config);
  for (int tick = 0; tick < 300; ++tick) {
    random.next(inputs, players);
    stepWorld(confirmed, inputs, level, parameters);
  }
  Predictor predictor(level, parameters, 0, depth + 1);
  predictor.adopt(confirmed, inputs);  // the others keep their last inputs: they all move
  predictor.rollback();
  for (std::uint32_t tick = 0; tick < depth; ++tick) {
    random.next(inputs, 1);
    predictor.advance(inputs[0]);
  }
  for (auto _ : benchState) {
    benchmark::DoNotOptimize(predictor.rollback());
    benchmark::DoNotOptimize(predictor.predicted());
  }
}
BENCHMARK(RollbackResimulate)
    ->Args({16, 15})
    ->Args({8, 8})
    ->Args({64, 15})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace coyote
