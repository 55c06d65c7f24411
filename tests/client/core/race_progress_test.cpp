// The runs as the client's simulations time them (docs/playing.md#races): predicted splits shown
// at once, the same values when confirmed, a re-simulated tick changing nothing.
#include "client/core/race_progress.h"

#include <memory>

#include <gtest/gtest.h>

namespace coyote {
namespace {

constexpr BodyId kLocalRacer = kCharacterIdBase + 0;
constexpr BodyId kOther = kCharacterIdBase + 3;

Level twoCheckpoints() {
  Level level;
  for (std::uint8_t order = 1; order <= 2; ++order) {
    CheckpointDefinition checkpoint{{static_cast<float>(order * 5), 1.0f}, {1.0f, 2.0f}};
    checkpoint.order = order;
    level.checkpoints.push_back(checkpoint);
  }
  level.checkpoints.push_back(CheckpointDefinition{{20.0f, 1.0f}, {1.0f, 2.0f}});  // respawn only
  return level;
}

StepEvent race(std::uint32_t tick, BodyId body, EventKind kind, std::int16_t index,
               std::int32_t ticks, float fraction) {
  return StepEvent{tick, body, kind, fraction, kNoBody, index, ticks};
}

TEST(RaceProgress, PredictedSplitsShowAtOnceAndConfirmationKeepsThem) {
  const Level level = twoCheckpoints();
  RaceProgress progress(level, 60);
  EXPECT_EQ(progress.checkpointsPerLap(), 2u);
  const auto state = std::make_unique<WorldState>();
  Character& runner = state->characters[0];
  runner.runTicks = 0;
  const StepEvent start = race(100, kLocalRacer, EventKind::RunStarted, 0, 0, 0.5f);
  progress.simulated(std::span(&start, 1), *state, false, 0);
  runner.raceCheckpoint = 1;
  const StepEvent split = race(160, kLocalRacer, EventKind::CheckpointSplit, 1, 59, 0.25f);
  progress.simulated(std::span(&split, 1), *state, false, 0);
  ASSERT_EQ(progress.splits().size(), 1u);
  ASSERT_TRUE(progress.splits()[0]);
  EXPECT_EQ(progress.splits()[0]->timeUs, 987'500);  // 59.25 ticks at 60 Hz
  EXPECT_EQ(progress.splitsCounted(runner), 1u);
  // The same start simulated again (a rollback) keeps the split; its confirmation too.
  progress.simulated(std::span(&start, 1), *state, true, 0);
  progress.simulated(std::span(&split, 1), *state, true, 0);
  EXPECT_EQ(progress.splits().size(), 1u);
  EXPECT_TRUE(progress.splits()[0]);
  // A new run (another start tick) clears them.
  const StepEvent restart = race(400, kLocalRacer, EventKind::RunStarted, 0, 0, 0.0f);
  progress.simulated(std::span(&restart, 1), *state, false, 0);
  EXPECT_TRUE(progress.splits().empty());
}

TEST(RaceProgress, ASplitTheStateNoLongerCountsIsNotShown) {
  const Level level = twoCheckpoints();
  RaceProgress progress(level, 60);
  const auto state = std::make_unique<WorldState>();
  Character& runner = state->characters[0];
  runner.runTicks = 10;
  runner.raceCheckpoint = 1;
  const StepEvent split = race(160, kLocalRacer, EventKind::CheckpointSplit, 1, 59, 0.25f);
  progress.simulated(std::span(&split, 1), *state, false, 0);
  runner.raceCheckpoint = 0;  // the correction: the checkpoint was not reached after all
  EXPECT_EQ(progress.splitsCounted(runner), 0u);
  runner.runTicks = -1;
  EXPECT_EQ(progress.splitsCounted(runner), 0u) << "no run, no split";
}

TEST(RaceProgress, SecondLapSplitsFollowTheFirst) {
  const Level level = twoCheckpoints();
  RaceProgress progress(level, 60);
  const auto state = std::make_unique<WorldState>();
  Character& runner = state->characters[0];
  runner.runTicks = 10;
  runner.raceLap = 1;
  runner.raceCheckpoint = 1;
  const StepEvent split = race(500, kLocalRacer, EventKind::CheckpointSplit, 1, 400, 0.0f);
  progress.simulated(std::span(&split, 1), *state, false, 0);
  ASSERT_EQ(progress.splits().size(), 3u);
  EXPECT_FALSE(progress.splits()[0]);
  EXPECT_TRUE(progress.splits()[2]);
  EXPECT_EQ(progress.splitsCounted(runner), 3u);
}

TEST(RaceProgress, OnlyConfirmedFinishesCountForTheRoom) {
  const Level level = twoCheckpoints();
  RaceProgress progress(level, 60);
  const auto state = std::make_unique<WorldState>();
  const StepEvent predicted = race(900, kOther, EventKind::RunFinished, 0, 600, 0.0f);
  progress.simulated(std::span(&predicted, 1), *state, false, 0);
  EXPECT_TRUE(progress.runners().empty());
  progress.simulated(std::span(&predicted, 1), *state, true, 0);
  const StepEvent slower = race(2000, kOther, EventKind::RunFinished, 0, 660, 0.0f);
  progress.simulated(std::span(&slower, 1), *state, true, 0);
  ASSERT_EQ(progress.runners().count(3), 1u);
  EXPECT_EQ(progress.runners().at(3).bestUs, 10'000'000);
  EXPECT_EQ(progress.runners().at(3).lastUs, 11'000'000);
  EXPECT_EQ(progress.runners().at(3).finishes, 2);
  EXPECT_FALSE(progress.lastFinish()) << "someone else's finish";
  progress.forgetRunner(3);
  EXPECT_TRUE(progress.runners().empty());
}

}  // namespace
}  // namespace coyote
