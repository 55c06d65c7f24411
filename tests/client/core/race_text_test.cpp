// What the race HUD says (docs/playing.md#races): deltas, places, the split against the best and
// the record, the results line and the scoreboard's order.
#include "client/core/race_text.h"

#include <memory>

#include <gtest/gtest.h>

#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr BodyId kLocal = kCharacterIdBase + 0;

TEST(RaceText, DeltasAreSignedMilliseconds) {
  EXPECT_EQ(deltaText(-456'400), "\u22120.456");
  EXPECT_EQ(deltaText(123'000), "+0.123");
  EXPECT_EQ(deltaText(-61'000'000), "\u221261.000");
  EXPECT_EQ(deltaText(0), "+0.000");
  EXPECT_EQ(deltaText(-200), "+0.000") << "no negative zero";
}

TEST(RaceText, PlacesReadAsOrdinals) {
  EXPECT_EQ(ordinal(1), "1st");
  EXPECT_EQ(ordinal(2), "2nd");
  EXPECT_EQ(ordinal(3), "3rd");
  EXPECT_EQ(ordinal(4), "4th");
  EXPECT_EQ(ordinal(11), "11th");
  EXPECT_EQ(ordinal(12), "12th");
  EXPECT_EQ(ordinal(13), "13th");
  EXPECT_EQ(ordinal(21), "21st");
  EXPECT_EQ(ordinal(112), "112th");
}

struct Runner {
  Level level;
  RaceProgress progress{level, 60};
  std::unique_ptr<WorldState> state = std::make_unique<WorldState>();

  Runner() {
    CheckpointDefinition checkpoint{{5.0f, 1.0f}, {1.0f, 2.0f}};
    checkpoint.order = 1;
    level.checkpoints.push_back(checkpoint);
    progress = RaceProgress(level, 60);
    state->characters[0].runTicks = 0;
  }
  void split(std::uint32_t tick, std::int32_t ticks) {
    state->characters[0].raceCheckpoint = 1;
    const StepEvent event{tick, kLocal, EventKind::CheckpointSplit, 0.0f, kNoBody, 1, ticks};
    progress.simulated(std::span(&event, 1), *state, false, 0);
  }
  void finish(std::uint32_t tick, std::int32_t ticks, bool confirmed) {
    const StepEvent event{tick, kLocal, EventKind::RunFinished, 0.0f, kNoBody, 0, ticks};
    progress.simulated(std::span(&event, 1), *state, confirmed, 0);
  }
};

TEST(RaceText, ASplitIsComparedWithTheBestAndTheRecordWhileFresh) {
  Runner runner;
  runner.split(1000, 600);  // 10.000 s
  net::RaceBoard board;
  board.top = {{"ada", 30'000'000}};
  board.recordSplitsUs = {9'500'000};
  board.bestSplitsUs = {10'250'000};
  board.bestUs = 31'000'000;
  const auto shown = shownSplit(runner.progress, runner.state->characters[0], &board, 1010.0, 60);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->timeUs, 10'000'000);
  EXPECT_EQ(shown->versusBestUs, -250'000);
  EXPECT_EQ(shown->versusRecordUs, 500'000);
  EXPECT_FALSE(shownSplit(runner.progress, runner.state->characters[0], &board, 1000.0 + 181, 60))
      << "gone after 3 s";
  const auto alone = shownSplit(runner.progress, runner.state->characters[0], nullptr, 1010.0, 60);
  ASSERT_TRUE(alone);
  EXPECT_FALSE(alone->versusBestUs) << "no board, no comparison";
}

TEST(RaceText, TheResultsLineSaysThePlaceTheBestAndTheRecord) {
  Runner runner;
  runner.finish(2000, 1860, false);  // 31.000 s
  net::RaceBoard board;
  board.top = {{"ada", 30'000'000}};
  board.bestUs = 32'000'000;
  auto shown = shownResults(runner.progress, 0, &board, 2001.0, 60);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->text,
            "Finished 0:31.000 · 1st in the room · best 0:31.000 · record 0:30.000 "
            "by ada");
  EXPECT_TRUE(shown->personalBest);
  EXPECT_FALSE(shown->record);
  board.top = {{"me", 31'000'000}};
  board.bestUs = 31'000'000;  // the board after this run was written
  shown = shownResults(runner.progress, 0, &board, 2001.0, 60);
  EXPECT_TRUE(shown->record);
  EXPECT_EQ(shown->text, "Finished 0:31.000 · 1st in the room · best 0:31.000 · a new record!");
  EXPECT_FALSE(shownResults(runner.progress, 0, &board, 2000.0 + 361, 60)) << "gone after 6 s";
  shown = shownResults(runner.progress, 0, nullptr, 2001.0, 60);
  EXPECT_EQ(shown->text, "Finished 0:31.000 · 1st in the room");
}

TEST(RaceText, TheRoomPlaceCountsFasterBestsOfOthers) {
  Runner runner;
  const StepEvent faster{1500, kCharacterIdBase + 2, EventKind::RunFinished, 0.0f, kNoBody, 0,
                         1200};
  runner.progress.simulated(std::span(&faster, 1), *runner.state, true, 0);
  runner.finish(2000, 1860, false);
  EXPECT_NE(shownResults(runner.progress, 0, nullptr, 2001.0, 60)->text.find("2nd in the room"),
            std::string::npos);
}

TEST(RaceText, TheScoreboardListsTheRoomFastestFirst) {
  Level level;
  level.spawns = {{2.0f, 2.0f}};
  RaceProgress progress(level, 60);
  const auto state = std::make_unique<WorldState>();
  PhysicsConfig physics;
  for (int slot : {0, 1, 2}) {
    addCharacter(*state, slot, level, physics);
  }
  state->characters[1].runTicks = 40;
  state->characters[1].raceCheckpoint = 0;
  for (const auto& [slot, ticks] : {std::pair{2, 900}, std::pair{0, 1200}}) {
    const StepEvent finish{10,
                           static_cast<BodyId>(kCharacterIdBase + slot),
                           EventKind::RunFinished,
                           0.0f,
                           kNoBody,
                           0,
                           ticks};
    progress.simulated(std::span(&finish, 1), *state, true, 0);
  }
  const auto rows = scoreRows(
      *state, progress, [](int slot) { return std::string(1, static_cast<char>('a' + slot)); }, 1);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].name, "c");
  EXPECT_EQ(rows[0].best, "0:15.000");
  EXPECT_EQ(rows[1].name, "a");
  EXPECT_EQ(rows[2].name, "b");
  EXPECT_EQ(rows[2].best, "\u2014");
  EXPECT_EQ(rows[2].progress, "running");
}

}  // namespace
}  // namespace coyote
