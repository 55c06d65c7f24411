// Races (docs/simulation.md#races): runs timed by the simulation to a fraction of a tick.
#include "sim/character/race.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr double kTick = 1.0 / 60.0;

/// kHall with a race: the start around the spawn (x 1–3), the finish at x 20–21.
void addRace(Scenario& scenario, int laps = 1) {
  scenario.level.race = {true, Aabb{{1.0f, 5.0f}, {2.0f, 2.0f}}, Aabb{{20.0f, 5.0f}, {1.0f, 2.0f}},
                         laps, "hall"};
}

void addCheckpoint(Scenario& scenario, Vec2 topLeft, std::uint8_t order) {
  CheckpointDefinition checkpoint{topLeft, {1.0f, 2.0f}};
  checkpoint.order = order;
  scenario.level.checkpoints.push_back(checkpoint);
}

struct RaceEvent {
  int step;  ///< the step of the test that produced it
  StepEvent event;
};

std::vector<RaceEvent> raceEvents(const std::vector<StepEvent>& events, int step) {
  std::vector<RaceEvent> found;
  for (const StepEvent& event : events) {
    if (event.kind == EventKind::RunStarted || event.kind == EventKind::CheckpointSplit ||
        event.kind == EventKind::LapFinished || event.kind == EventKind::RunFinished) {
      found.push_back({step, event});
    }
  }
  return found;
}

TEST(Race, TheFinishTimeIsTheFormulaToAMicrosecond) {
  Scenario scenario(kHall);
  addRace(scenario);
  std::vector<float> lefts{scenario.box().left()};
  std::vector<RaceEvent> events;
  for (int step = 0;
       step < 180 && (events.empty() || events.back().event.kind != EventKind::RunFinished);
       ++step) {
    for (const RaceEvent& event : raceEvents(scenario.stepCollecting(input(kRight)), step)) {
      events.push_back(event);
    }
    lefts.push_back(scenario.box().left());
  }
  ASSERT_EQ(events.size(), 3u);
  ASSERT_EQ(events[0].event.kind, EventKind::RunStarted);
  ASSERT_EQ(events[1].event.kind, EventKind::LapFinished);
  ASSERT_EQ(events[2].event.kind, EventKind::RunFinished);
  // Computed here from the positions alone: the box's left edge leaves x = 3 in the start step,
  // and its right edge (left + 0.4) reaches x = 20 in the finish step.
  const int start = events[0].step;
  const int finish = events[2].step;
  const double startFraction = (3.0 - lefts[start]) / (lefts[start + 1] - lefts[start]);
  const double finishFraction = (20.0 - 0.4 - lefts[finish]) / (lefts[finish + 1] - lefts[finish]);
  EXPECT_NEAR(events[0].event.value, startFraction, 1e-5);
  const double expected = ((finish - start) + finishFraction - startFraction) * kTick;
  const double measured = raceSeconds(events[2].event, 60);
  EXPECT_NEAR(measured, expected, 1e-6);
  EXPECT_GT(measured, 1.5);  // 17 tiles from rest at 9 tiles/s
  EXPECT_EQ(scenario.player().runTicks, -1) << "the run is over";
}

TEST(Race, TwoRunnersFinishingInOneTickAreOrderedByWhereInItTheyCrossed) {
  Scenario scenario(kHall);
  addRace(scenario);
  scenario.state = makeWorld(2, scenario.level, scenario.config);
  for (int slot = 0; slot < 2; ++slot) {
    Character& runner = scenario.state.characters[static_cast<std::size_t>(slot)];
    runner.position = {18.0f + 0.05f * static_cast<float>(slot), 6.2f};
    runner.velocity = {9.0f, 0.0f};
    runner.runTicks = 100;  // both running since the same moment
    runner.runStartFraction = 0.25f;
  }
  std::vector<StepEvent> finished;
  for (int step = 0; step < 30 && finished.size() < 2; ++step) {
    TickInputs inputs{};
    inputs[0] = inputs[1] = input(kRight);
    EventBatch batch;
    stepWorld(scenario.state, inputs, scenario.level, scenario.parameters, nullptr, &batch);
    for (const StepEvent& event : batch.events()) {
      if (event.kind == EventKind::RunFinished) {
        finished.push_back(event);
      }
    }
  }
  ASSERT_EQ(finished.size(), 2u);
  ASSERT_EQ(finished[0].tick, finished[1].tick) << "the same tick";
  EXPECT_EQ(finished[0].count, finished[1].count);
  const double behind = raceSeconds(finished[0], 60);  // slot 0 is 0.05 tiles behind
  const double ahead = raceSeconds(finished[1], 60);
  EXPECT_LT(ahead, behind);
  EXPECT_NEAR((behind - ahead) / kTick, 0.05 / 0.15, 1e-4) << "0.05 tiles at 0.15 a tick";
}

TEST(Race, CheckpointsCountInOrderAndASkippedOneNeverFinishes) {
  Scenario scenario(kHall);
  addRace(scenario);
  addCheckpoint(scenario, {10.0f, 5.0f}, 2);
  addCheckpoint(scenario, {8.0f, 1.0f}, 1);  // up in the air: a runner on the floor misses it
  std::vector<RaceEvent> events;
  for (int step = 0; step < 240; ++step) {
    for (const RaceEvent& event : raceEvents(scenario.stepCollecting(input(kRight)), step)) {
      events.push_back(event);
    }
  }
  ASSERT_EQ(events.size(), 1u) << "started, then nothing: order 2 before 1 counts nothing";
  EXPECT_EQ(events[0].event.kind, EventKind::RunStarted);
  EXPECT_GT(scenario.player().runTicks, 200) << "still running";
  EXPECT_EQ(scenario.player().raceCheckpoint, 0);
}

// Two checkpoints 0.02 tiles apart are both met within one tick at run speed: each counts, the
// second entered later in the tick than the first, and the finish is reached all the same.
TEST(Race, TwoCheckpointsMetInOneTickBothCountInTurn) {
  Scenario scenario(kHall);
  addRace(scenario);
  addCheckpoint(scenario, {10.0f, 5.0f}, 1);
  scenario.level.checkpoints.back().size = {0.0625f, 2.0f};
  addCheckpoint(scenario, {10.02f, 5.0f}, 2);
  scenario.level.checkpoints.back().size = {0.0625f, 2.0f};
  std::vector<RaceEvent> events;
  for (int step = 0; step < 180; ++step) {
    for (const RaceEvent& event : raceEvents(scenario.stepCollecting(input(kRight)), step)) {
      events.push_back(event);
    }
  }
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[1].event.kind, EventKind::CheckpointSplit);
  EXPECT_EQ(events[2].event.kind, EventKind::CheckpointSplit);
  EXPECT_EQ(events[3].event.kind, EventKind::LapFinished);
  EXPECT_EQ(events[4].event.kind, EventKind::RunFinished);
  EXPECT_EQ(events[1].step, events[2].step) << "both in one tick";
  EXPECT_GT(events[2].event.value, events[1].event.value) << "the second one later in it";
}

TEST(Race, AHazardRespawnKeepsTheRunAndItsCheckpoints) {
  Scenario scenario(hallWith("#.S..............^.....................#"));
  addRace(scenario);
  addCheckpoint(scenario, {10.0f, 5.0f}, 1);
  std::vector<RaceEvent> events;
  int respawnedAt = -1;
  for (int step = 0; step < 120 && respawnedAt < 0; ++step) {
    for (const StepEvent& event : scenario.stepCollecting(input(kRight))) {
      respawnedAt = event.kind == EventKind::HazardHit ? step : respawnedAt;
    }
  }
  ASSERT_GE(respawnedAt, 0) << "it ran into the spikes";
  EXPECT_EQ(scenario.player().raceCheckpoint, 1);
  EXPECT_LT(scenario.box().left(), 11.0f) << "back at the checkpoint";
  const std::int32_t ticks = scenario.player().runTicks;
  EXPECT_GT(ticks, 0) << "still running";
  scenario.level.setTile(17, 6, TileType::Empty);  // the spikes gone, on to the finish
  std::vector<RaceEvent> after;
  for (int step = 0; step < 240 && after.empty(); ++step) {
    after = raceEvents(scenario.stepCollecting(input(kRight)), step);
  }
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0].event.kind, EventKind::LapFinished);
  EXPECT_EQ(after[1].event.kind, EventKind::RunFinished);
  EXPECT_GT(after[1].event.count, ticks) << "the time includes the way back";
}

// Restart (docs/simulation.md#races): past a checkpoint, its press puts the runner back at the
// spawn with no run, no checkpoint and the level's budgets; held, it does nothing more; leaving
// the start again starts a fresh run, timed from zero, that finishes.
TEST(Race, ARestartEndsTheRunAndTheNextExitFromTheStartIsAFreshOne) {
  Scenario scenario(kHall);
  addRace(scenario);
  addCheckpoint(scenario, {10.0f, 5.0f}, 1);
  scenario.level.dashesRemaining = 1;
  scenario.player().dashesRemaining = 1;
  scenario.step(input(kRight, 0, kButtonDash));
  for (int step = 0; step < 120 && scenario.player().raceCheckpoint == 0; ++step) {
    scenario.step(input(kRight));
  }
  ASSERT_EQ(scenario.player().raceCheckpoint, 1);
  ASSERT_EQ(scenario.player().dashesRemaining, 0);
  const std::vector<StepEvent> restarted =
      scenario.stepCollecting(input(kRight, 0, kButtonRestart));
  EXPECT_EQ(scenario.player().runTicks, -1) << "no run";
  EXPECT_EQ(scenario.player().raceCheckpoint, 0);
  EXPECT_EQ(scenario.player().checkpoint, -1);
  EXPECT_EQ(scenario.player().dashesRemaining, 1) << "the level's budget again";
  EXPECT_FLOAT_EQ(scenario.box().left() + scenario.config.playerWidth * 0.5f, 2.5f) << "spawn";
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_TRUE(std::any_of(restarted.begin(), restarted.end(),
                          [](const StepEvent& e) { return e.kind == EventKind::Respawned; }));
  std::vector<RaceEvent> events;
  for (int step = 0;
       step < 240 && (events.empty() || events.back().event.kind != EventKind::RunFinished);
       ++step) {
    const std::uint8_t held = step < 5 ? kButtonRestart : 0;  // held: it runs on
    for (const RaceEvent& event :
         raceEvents(scenario.stepCollecting(input(kRight, 0, held)), step)) {
      events.push_back(event);
    }
  }
  ASSERT_EQ(events.size(), 4u) << "start, checkpoint, lap, run";
  EXPECT_EQ(events[0].event.kind, EventKind::RunStarted);
  EXPECT_EQ(events[3].event.kind, EventKind::RunFinished);
  EXPECT_LT(events[3].event.count, 120) << "timed from the fresh start";
}

TEST(Race, LapsRunTheCheckpointsAgainBeforeTheFinish) {
  Scenario scenario(kHall);
  addRace(scenario, 2);
  addCheckpoint(scenario, {10.0f, 5.0f}, 1);
  std::vector<StepEvent> events;
  const auto run = [&](int direction, int steps) {
    for (int step = 0; step < steps; ++step) {
      for (const RaceEvent& event : raceEvents(scenario.stepCollecting(input(direction)), step)) {
        events.push_back(event.event);
      }
    }
  };
  run(kRight, 150);  // start, checkpoint 1, finish: lap 1
  run(kLeft, 120);   // back past checkpoint 1
  run(kRight, 150);  // and to the finish again: lap 2, the run
  std::vector<EventKind> kinds;
  for (const StepEvent& event : events) {
    kinds.push_back(event.kind);
  }
  EXPECT_EQ(kinds, (std::vector<EventKind>{EventKind::RunStarted, EventKind::CheckpointSplit,
                                           EventKind::LapFinished, EventKind::CheckpointSplit,
                                           EventKind::LapFinished, EventKind::RunFinished}));
  ASSERT_EQ(events.size(), 6u);
  EXPECT_EQ(events[2].index, 1) << "the first lap";
  EXPECT_EQ(events[4].index, 2) << "the last lap counts as a lap too";
  EXPECT_EQ(events[5].index, 2);
  EXPECT_EQ(raceSeconds(events[5], 60), raceSeconds(events[4], 60)) << "the run ends with it";
  EXPECT_GT(raceSeconds(events[4], 60), raceSeconds(events[2], 60));
}

// A one-lap race's only lap is a lap like any other: the finish emits lap_finished (lap 1), then
// run_finished, both at the same time, as the last lap of a longer race does.
TEST(Race, AOneLapRaceFinishesItsLapThenItsRun) {
  Scenario scenario(kHall);
  addRace(scenario, 1);
  std::vector<StepEvent> events;
  for (int step = 0; step < 180; ++step) {
    for (const RaceEvent& event : raceEvents(scenario.stepCollecting(input(kRight)), step)) {
      events.push_back(event.event);
    }
  }
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].kind, EventKind::RunStarted);
  EXPECT_EQ(events[1].kind, EventKind::LapFinished);
  EXPECT_EQ(events[1].index, 1);
  EXPECT_EQ(events[2].kind, EventKind::RunFinished);
  EXPECT_EQ(events[2].index, 1);
  EXPECT_EQ(raceSeconds(events[1], 60), raceSeconds(events[2], 60));
}

TEST(Race, ALevelWithoutARaceTimesNothing) {
  Scenario scenario(kHall);
  const std::vector<RaceEvent> events = raceEvents(scenario.stepCollecting(input(kRight), 120), 0);
  EXPECT_TRUE(events.empty());
  EXPECT_EQ(scenario.player().runTicks, -1);
}

TEST(Race, ACrossingIsWhereTheMovingBoxFirstOverlaps) {
  const Aabb box{{0.0f, 0.0f}, {1.0f, 1.0f}};
  const Aabb region{{2.0f, 0.0f}, {1.0f, 1.0f}};
  const std::optional<Crossing> crossed = crossingOf(box, {4.0f, 0.0f}, region);
  ASSERT_TRUE(crossed.has_value());
  EXPECT_FLOAT_EQ(crossed->enter, 0.25f);
  EXPECT_FLOAT_EQ(crossed->exit, 0.75f);
  EXPECT_FALSE(crossed->insideAtEnd);
  EXPECT_FALSE(crossingOf(box, {1.0f, 0.0f}, region).has_value()) << "only touching at the end";
  EXPECT_FALSE(crossingOf(box, {4.0f, 8.0f}, region).has_value()) << "falling past below it";
}

}  // namespace
}  // namespace coyote::test
