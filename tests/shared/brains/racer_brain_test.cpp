// The racing bot (docs/testing.md#bots-and-the-link-conditioner) on the bundled race: it finishes
// configs/levels/race.tmj in the 30–60 s a good player takes, through every checkpoint in order.
#include "brains/racer_brain.h"

#include <cmath>
#include <memory>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sim/character/race.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

struct RaceResult {
  std::vector<int> splitOrders;
  double seconds = -1.0;
  int respawns = 0;
};

RaceResult race(const Level& level, int seconds, bool verbose) {
  const PhysicsConfig physics;
  const StepParameters parameters(physics);
  auto state = std::make_unique<WorldState>(makeWorld(1, level, physics));
  const auto events = std::make_unique<EventBatch>();
  RacerBrain brain;
  RaceResult result;
  TickInputs inputs{};
  for (int tick = 0; tick < seconds * physics.tickRate && result.seconds < 0.0; ++tick) {
    inputs[0] = brain.next(*state, level, physics, 0);
    const Vec2 before = state->characters[0].position;
    stepWorld(*state, inputs, level, parameters, nullptr, events.get());
    const Character& runner = state->characters[0];
    result.respawns += std::abs(runner.position.x - before.x) > 3.0f ? 1 : 0;
    for (const StepEvent& event : events->events()) {
      if (event.kind == EventKind::CheckpointSplit) {
        result.splitOrders.push_back(event.index);
      } else if (event.kind == EventKind::RunFinished) {
        result.seconds = raceSeconds(event, physics.tickRate);
      }
    }
    if (verbose && tick % 60 == 0) {
      std::cout << fmt::format("t {:3} x {:6.2f} y {:6.2f} cp {} run {} wall {} g {}\n", tick / 60,
                               runner.position.x, runner.position.y, runner.raceCheckpoint,
                               runner.runTicks, runner.wallDirection, runner.grounded);
    }
  }
  return result;
}

TEST(RacerBrain, FinishesTheBundledRaceInThirtyToSixtySeconds) {
  const Level level = test::bundledLevel("race.tmj");
  const RaceResult result = race(level, 120, std::getenv("COYOTE_RACER_TRACE") != nullptr);
  ASSERT_GT(result.seconds, 0.0) << "no finish; checkpoints " << result.splitOrders.size();
  EXPECT_EQ(result.splitOrders, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_GE(result.seconds, 30.0);
  EXPECT_LE(result.seconds, 60.0);
  std::cout << fmt::format("[ figure ] the racer bot: {:.3f} s, {} respawns\n", result.seconds,
                           result.respawns);
}

}  // namespace
}  // namespace coyote
