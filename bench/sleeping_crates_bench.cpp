// What a sleeping crate costs a step: a yard of 2,000 crates of which 100 are kept
// awake, with 16 players running on the floor above them, against the same yard holding only
// those 100 crates. Both worlds step the same inputs in the same iteration; the difference over
// the 1,900 sleepers is the figure docs/performance.md and the goal (≤ 5 ns) use.
#include <chrono>
#include <vector>

#include <benchmark/benchmark.h>

#include "scenario/random_inputs.h"
#include "sim/bodies/crate_activity.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr int kCratePlayers = 16;
constexpr int kWidth = 320;
constexpr int kFloors = 8;            // crate floors, under the players' floor
constexpr int kCratesPerFloor = 250;  // 1.25 tiles apart: a nudged crate never reaches the next
constexpr std::size_t kAwakeEvery = 20;
constexpr int kRecordedTicks = 1200;

int floorRow(int floor) {
  return 7 + 6 * floor;  // floor 0 carries the players, 1..kFloors the crates
}

/// Walls, nine full-width floors, the players' spawns on the top one; crates in rows on the
/// others. `keep(i)` says which of the 2,000 crates the level has.
template <class Keep>
Level crateYard(Keep keep) {
  Level level(kWidth, floorRow(kFloors) + 1);
  for (int floor = 0; floor <= kFloors; ++floor) {
    for (int column = 0; column < kWidth; ++column) {
      level.setTile(column, floorRow(floor), TileType::Solid);
    }
  }
  for (int row = 0; row < level.height(); ++row) {
    level.setTile(0, row, TileType::Solid);
    level.setTile(kWidth - 1, row, TileType::Solid);
  }
  for (int i = 0; i < kCratePlayers; ++i) {
    level.spawns.push_back({8.0f + 18.0f * static_cast<float>(i), static_cast<float>(floorRow(0))});
  }
  for (std::size_t i = 0; i < std::size_t{kFloors} * kCratesPerFloor; ++i) {
    const auto floor = static_cast<int>(i / kCratesPerFloor) + 1;
    const float x = 4.0f + 1.25f * static_cast<float>(i % kCratesPerFloor);
    if (keep(i)) {
      level.crates.push_back({{x, static_cast<float>(floorRow(floor) - 1)}, {1.0f, 1.0f}, 2.0f});
    }
  }
  return level;
}

bool keptAwake(std::size_t yardIndex) {
  return yardIndex % kAwakeEvery == 0;
}

struct Yard {
  Level level;
  StepParameters parameters{PhysicsConfig{}};
  WorldState state;
  std::vector<std::size_t> awake;  ///< the slots of the crates kept awake

  explicit Yard(bool full)
      : level(crateYard([full](std::size_t i) { return full || keptAwake(i); })) {
    state = makeWorld(kCratePlayers, level, parameters.config);
    for (std::size_t slot = 0; slot < level.crates.size(); ++slot) {
      if (!full || keptAwake(slot)) {
        awake.push_back(slot);
      }
    }
  }

  /// A push left or right on the crates kept awake, as a player's shove would give them.
  void nudge(std::uint32_t tick) {
    for (const std::size_t slot : awake) {
      Crate& crate = state.crates[slot];
      crate.velocity.x = tick % 2 == 0 ? 1.0f : -1.0f;
      crate.asleep = false;
      crate.restTicks = 0;
    }
  }

  double step(const TickInputs& inputs) {
    nudge(state.tick);
    const auto start = std::chrono::steady_clock::now();
    stepWorld(state, inputs, level, parameters);
    const auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double>(end - start).count();
  }

  std::size_t awakeCount() const {
    std::size_t count = 0;
    for (std::size_t slot = 0; slot < level.crates.size(); ++slot) {
      count += state.crates[slot].present() && !state.crates[slot].asleep ? 1 : 0;
    }
    return count;
  }

  /// Sleepers that fell asleep at rest (not put to sleep by the budget, which re-decides them
  /// every step).
  std::size_t restingCount() const {
    const std::uint8_t ticks = restingTicks(parameters.config);
    std::size_t count = 0;
    for (std::size_t slot = 0; slot < level.crates.size(); ++slot) {
      count += state.crates[slot].asleep && state.crates[slot].restTicks >= ticks ? 1 : 0;
    }
    return count;
  }
};

void SleepingCrates(benchmark::State& benchState) {
  std::vector<TickInputs> inputs(kRecordedTicks);
  RandomInputs random(1);
  for (TickInputs& tick : inputs) {
    random.next(tick, kCratePlayers);
  }
  Yard full(true);
  Yard base(false);
  // Beyond budgets.max_active_bodies the crates take turns: 128 at a time rest and sleep.
  for (std::size_t tick = 0; tick < 900; ++tick) {
    full.step(inputs[tick]);
    base.step(inputs[tick]);
  }
  double fullSeconds = 0.0;
  double baseSeconds = 0.0;
  std::size_t tick = 0;
  for (auto _ : benchState) {
    const double seconds = full.step(inputs[tick]);
    baseSeconds += base.step(inputs[tick]);
    fullSeconds += seconds;
    benchState.SetIterationTime(seconds);
    tick = (tick + 1) % inputs.size();
  }
  const auto iterations = static_cast<double>(benchState.iterations());
  const double sleepers = static_cast<double>(full.level.crates.size() - base.level.crates.size());
  benchState.counters["awake"] = static_cast<double>(full.awakeCount());
  benchState.counters["resting"] = static_cast<double>(full.restingCount());
  benchState.counters["awake_in_base"] = static_cast<double>(base.awakeCount());
  benchState.counters["base_us"] = baseSeconds / iterations * 1e6;
  benchState.counters["ns_per_sleeper"] = (fullSeconds - baseSeconds) / iterations / sleepers * 1e9;
}
BENCHMARK(SleepingCrates)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace coyote
