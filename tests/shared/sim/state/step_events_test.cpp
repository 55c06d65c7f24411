#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "support/bundled_level.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr BodyId kEventsPlayer = kCharacterIdBase;

// Air above a floor at y = 9; a pool at columns 12-15 (rows 6-8, surface at y = 6) behind a
// one-tile wall; spikes at column 20; a checkpoint is added at columns 8-9.
constexpr const char* kEventsYard =
    "########################\n"
    "#......................#\n"
    "#......................#\n"
    "#......................#\n"
    "#......................#\n"
    "#......................#\n"
    "#.S.........~~~~.......#\n"
    "#..........#~~~~#......#\n"
    "#..........#~~~~#...^..#\n"
    "########################\n";

/// Steps with `input` and returns the events of kind `kind` the step reported.
std::vector<StepEvent> stepAndCollect(Scenario& scenario, PlayerInput in, EventKind kind) {
  TickInputs inputs{};
  inputs[0] = in;
  EventBatch batch;
  stepWorld(scenario.state, inputs, scenario.level, scenario.parameters, nullptr, &batch);
  std::vector<StepEvent> found;
  for (const StepEvent& event : batch.events()) {
    if (event.kind == kind) {
      found.push_back(event);
    }
  }
  return found;
}

/// Every event of the next `ticks` steps.
std::vector<StepEvent> collect(Scenario& scenario, PlayerInput in, int ticks) {
  std::vector<StepEvent> all;
  for (int tick = 0; tick < ticks; ++tick) {
    TickInputs inputs{};
    inputs[0] = in;
    EventBatch batch;
    stepWorld(scenario.state, inputs, scenario.level, scenario.parameters, nullptr, &batch);
    all.insert(all.end(), batch.events().begin(), batch.events().end());
  }
  return all;
}

int countOfKind(const std::vector<StepEvent>& events, EventKind kind) {
  int n = 0;
  for (const StepEvent& event : events) {
    n += event.kind == kind ? 1 : 0;
  }
  return n;
}

TEST(StepEvents, ALandingReportsItsImpactSpeedOnceAtItsTick) {
  Scenario scenario(kEventsYard);
  scenario.player().position.y = 2.0f;
  for (int tick = 0; tick < 120; ++tick) {
    const float falling = scenario.player().velocity.y;
    const auto landed = stepAndCollect(scenario, {}, EventKind::Landed);
    if (!landed.empty()) {
      ASSERT_EQ(landed.size(), 1u);
      EXPECT_EQ(landed[0].body, kEventsPlayer);
      EXPECT_EQ(landed[0].tick, scenario.state.tick);
      EXPECT_GT(landed[0].value, falling);  // this step's gravity added to the last step's speed
      EXPECT_TRUE(scenario.player().grounded);
      return;
    }
  }
  FAIL() << "never landed";
}

TEST(StepEvents, JumpDashLeaveGroundAndWallAreReported) {
  Scenario scenario(kEventsYard);
  ASSERT_TRUE(scenario.settle());
  const auto jumped = collect(scenario, input(0, 0, kButtonJump), 1);
  EXPECT_EQ(countOfKind(jumped, EventKind::Jumped), 1);
  EXPECT_EQ(countOfKind(jumped, EventKind::LeftGround), 1);
  const auto dashed = collect(scenario, input(kRight, 0, kButtonJump | kButtonDash), 1);
  EXPECT_EQ(countOfKind(dashed, EventKind::Dashed), 1);
  const auto more = collect(scenario, input(kRight), 60);
  EXPECT_GE(countOfKind(more, EventKind::Landed), 1);
  EXPECT_EQ(countOfKind(more, EventKind::Jumped), 0);
  // Jumping beside the level's right wall (column 23) while holding toward it: a wall touch.
  scenario.player().position = {22.3f, 8.2f};
  ASSERT_TRUE(scenario.settle());
  const auto wall = collect(scenario, input(kRight, 0, kButtonJump), 20);
  ASSERT_EQ(countOfKind(wall, EventKind::WallTouched), 1);
  for (const StepEvent& event : wall) {
    if (event.kind == EventKind::WallTouched) {
      EXPECT_EQ(event.value, 1.0f);  // the wall is on its right
    }
  }
}

TEST(StepEvents, EnteringAndLeavingWaterAreReportedOnce) {
  Scenario scenario(kEventsYard);
  scenario.player().position = {13.3f, 3.0f};
  const auto sinking = collect(scenario, {}, 60);
  EXPECT_EQ(countOfKind(sinking, EventKind::EnteredWater), 1);
  EXPECT_EQ(countOfKind(sinking, EventKind::LeftWater), 0);
  // Up to the surface and a jump out.
  collect(scenario, input(0, kUp), 120);
  const auto out = collect(scenario, input(0, kUp, kButtonJump), 20);
  EXPECT_EQ(countOfKind(out, EventKind::LeftWater), 1);
}

TEST(StepEvents, HazardsAndCheckpointsAreReported) {
  Scenario scenario(kEventsYard);
  scenario.level.checkpoints.push_back({{18.0f, 7.0f}, {1.0f, 2.0f}});
  scenario.player().position = {18.3f, 8.2f};
  const auto touched = collect(scenario, {}, 2);
  EXPECT_EQ(countOfKind(touched, EventKind::CheckpointActivated), 1);  // once, not every tick
  scenario.player().position = {20.3f, 8.2f};
  const auto hurt = stepAndCollect(scenario, {}, EventKind::HazardHit);
  ASSERT_EQ(hurt.size(), 1u);
  EXPECT_EQ(hurt[0].body, kEventsPlayer);
}

TEST(StepEvents, OnlyCrateHitsAboveTheThresholdAreImpacts) {
  Scenario scenario(kEventsYard);
  scenario.add(CrateDefinition{{4.0f, 1.0f}, {1.0f, 1.0f}, 1.0f});
  const auto events = collect(scenario, {}, 120);
  ASSERT_EQ(countOfKind(events, EventKind::CrateImpact), 1);  // it lands; it does not bounce
  for (const StepEvent& event : events) {
    if (event.kind == EventKind::CrateImpact) {
      EXPECT_EQ(event.body, kCrateIdBase);
      EXPECT_GT(event.value, scenario.config.contactEventThreshold);
    }
  }
  PhysicsConfig deaf;
  deaf.contactEventThreshold = 1000.0f;
  Scenario quiet(kEventsYard, deaf);
  quiet.add(CrateDefinition{{4.0f, 1.0f}, {1.0f, 1.0f}, 1.0f});
  EXPECT_EQ(countOfKind(collect(quiet, {}, 120), EventKind::CrateImpact), 0);
}

TEST(StepEvents, AFullBatchCountsWhatItDrops) {
  const Level level = bundledLevel("arena.tmj");
  PhysicsConfig config;
  config.maxEventsPerTick = 3;
  const StepParameters parameters(config);
  WorldState state = makeWorld(64, level, config);
  EventBatch batch;
  stepWorld(state, TickInputs{}, level, parameters, nullptr, &batch);
  // 64 characters spawn in the air: every one starts falling, several land on the first ticks.
  std::uint32_t dropped = 0;
  for (int tick = 0; tick < 60 && dropped == 0; ++tick) {
    stepWorld(state, TickInputs{}, level, parameters, nullptr, &batch);
    EXPECT_LE(batch.events().size(), 3u);
    dropped = batch.dropped();
  }
  EXPECT_GT(dropped, 0u);
}

TEST(StepEvents, EventsNeitherChangeTheWorldNorDependOnAnythingButIt) {
  const Level level = bundledLevel("playground.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  WorldState reported = makeWorld(8, level, parameters.config);
  WorldState plain = reported;
  WorldState again = reported;
  RandomInputs random(11);
  TickInputs inputs{};
  EventBatch first;
  EventBatch second;
  int total = 0;
  for (int tick = 0; tick < 600; ++tick) {
    random.next(inputs, 8);
    stepWorld(reported, inputs, level, parameters, nullptr, &first);
    stepWorld(again, inputs, level, parameters, nullptr, &second);
    stepWorld(plain, inputs, level, parameters);
    ASSERT_EQ(hashState(reported), hashState(plain)) << tick;
    ASSERT_EQ(first.events().size(), second.events().size()) << tick;
    for (std::size_t i = 0; i < first.events().size(); ++i) {
      ASSERT_EQ(first.events()[i].body, second.events()[i].body);
      ASSERT_EQ(first.events()[i].kind, second.events()[i].kind);
      ASSERT_EQ(first.events()[i].value, second.events()[i].value);
    }
    total += static_cast<int>(first.events().size());
  }
  EXPECT_GT(total, 100);  // 8 players jumping, dashing and landing for 10 s
}

TEST(StepEvents, KindsHaveTheirNames) {
  EXPECT_EQ(eventKindName(EventKind::Landed), "landed");
  EXPECT_EQ(eventKindName(EventKind::CrateImpact), "crate_impact");
  EXPECT_EQ(eventKindName(EventKind::CheckpointActivated), "checkpoint_activated");
}

}  // namespace
}  // namespace coyote::test
