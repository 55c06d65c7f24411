// The cost of one rollback as the client core does it: restore the confirmed state, then
// re-simulate to the present with the best-known inputs.
#include <vector>

#include <benchmark/benchmark.h>

#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

void RollbackResimulate(benchmark::State& benchState) {
  const int players = static_cast<int>(benchState.range(0));
  const int depth = static_cast<int>(benchState.range(1));
  const Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj");
  const PhysicsConfig config;
  const StepParameters parameters(config);
  RandomInputs random(3);
  TickInputs inputs{};
  WorldState confirmed = makeWorld(players, level, config);
  for (int tick = 0; tick < 300; ++tick) {
    random.next(inputs, players);
    stepWorld(confirmed, inputs, level, parameters);
  }
  std::vector<TickInputs> window(static_cast<std::size_t>(depth));
  for (TickInputs& tick : window) {
    random.next(tick, players);
  }
  WorldState predicted;
  for (auto _ : benchState) {
    predicted = confirmed;
    for (const TickInputs& tick : window) {
      TickInputs used = tick;  // the client builds each tick's inputs before stepping
      stepWorld(predicted, used, level, parameters);
    }
    benchmark::DoNotOptimize(predicted);
  }
}
BENCHMARK(RollbackResimulate)
    ->Args({16, 15})
    ->Args({8, 8})
    ->Args({64, 15})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace coyote
