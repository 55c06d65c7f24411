#include <gtest/gtest.h>

#include "match/authoritative_tick.h"
#include "sim/bodies/crate_activity.h"
#include "sim/state_hash.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

int count(const std::vector<StepEvent>& events, EventKind kind, BodyId body) {
  int n = 0;
  for (const StepEvent& event : events) {
    n += event.kind == kind && event.body == body ? 1 : 0;
  }
  return n;
}

/// Steps until crate `index` sleeps (at most `limit` ticks); the ticks it took, or -1.
int ticksUntilAsleep(Scenario& scenario, std::size_t index = 0, int limit = 600) {
  for (int tick = 1; tick <= limit; ++tick) {
    scenario.step();
    if (scenario.crate(index).asleep) {
      return tick;
    }
  }
  return -1;
}

TEST(Activity, ACrateAtRestSleepsAfterSleepTimeAndStaysPut) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 5.0f}});  // a tile above the floor
  int landed = 0;
  while (!scenario.crate().grounded && landed < 120) {
    scenario.step();
    ++landed;
  }
  ASSERT_TRUE(scenario.crate().grounded);
  ASSERT_EQ(scenario.crate().velocity.y, 0.0f);
  EXPECT_EQ(restingTicks(scenario.config), 30);  // 0.5 s at 60 Hz
  EXPECT_EQ(ticksUntilAsleep(scenario), 29);     // the landing step was the first at rest
  const WorldState asleep = scenario.state;
  scenario.step({}, 100);
  EXPECT_EQ(scenario.crate().position.y, asleep.crates[0].position.y);
  EXPECT_TRUE(scenario.crate().asleep);
}

TEST(Activity, ASleepingCrateWakesWhenPushedAndMoves) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{8.0f, 6.0f}});
  ASSERT_GT(ticksUntilAsleep(scenario), 0);
  std::vector<StepEvent> events;
  for (int tick = 0; tick < 60 && scenario.crate().asleep; ++tick) {
    events = scenario.stepCollecting(input(kRight));
  }
  ASSERT_FALSE(scenario.crate().asleep);
  EXPECT_EQ(count(events, EventKind::BodyWoke, kCrateIdBase), 1);
  const float before = scenario.crate().position.x;
  scenario.step(input(kRight), 10);
  EXPECT_GT(scenario.crate().position.x, before + 0.5f);
}

TEST(Activity, ACrateLandingOnASleeperWakesIt) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 6.0f}});
  ASSERT_GT(ticksUntilAsleep(scenario), 0);
  scenario.level.crates.push_back(CrateDefinition{{10.0f, 1.0f}});
  scenario.state.crates[1] = Crate{};
  scenario.state.crates[1].active = true;
  scenario.state.crates[1].id = kCrateIdBase + 1;
  scenario.state.crates[1].position = {10.0f, 1.0f};
  const auto events = scenario.stepCollecting({}, 40);
  EXPECT_EQ(count(events, EventKind::BodyWoke, kCrateIdBase), 1);
  EXPECT_FLOAT_EQ(scenario.crate(1).position.y, 5.0f);  // on top of it
  // Both sleep again once at rest.
  scenario.step({}, 60);
  EXPECT_TRUE(scenario.crate(0).asleep);
  EXPECT_TRUE(scenario.crate(1).asleep);
}

TEST(Activity, ASleeperWakesWhenThePlatformUnderItStarts) {
  Scenario scenario(kHall);
  // Waits 2 s at each end, then moves right 4 tiles at 2 tiles/s.
  scenario.add(PlatformDefinition{
      {3.0f, 0.5f}, {{10.0f, 4.0f}, {14.0f, 4.0f}}, 2.0f, PathMode::PingPong, 2.0f});
  scenario.add(CrateDefinition{{11.0f, 3.0f}});
  ASSERT_GT(ticksUntilAsleep(scenario, 0, 110), 0);  // during the first wait
  std::vector<StepEvent> events;
  for (int tick = 0; tick < 120 && scenario.crate().asleep; ++tick) {
    events = scenario.stepCollecting();
  }
  EXPECT_FALSE(scenario.crate().asleep);
  EXPECT_EQ(count(events, EventKind::BodyWoke, kCrateIdBase), 1);
  const float offset = scenario.crate().position.x - scenario.platform().position.x;
  scenario.step({}, 30);
  EXPECT_FLOAT_EQ(scenario.crate().position.x - scenario.platform().position.x, offset);
  EXPECT_GT(scenario.platform().position.x, 10.5f);  // carried along
}

TEST(Activity, CratesBeyondTheSimulationRadiusSleepUntilACharacterComesBack) {
  PhysicsConfig config;
  config.simulationRadius = 10.0f;
  Scenario scenario(kHall, config);
  scenario.add(CrateDefinition{{30.0f, 1.0f}});  // 28 tiles from the player, in the air
  const auto events = scenario.stepCollecting({}, 30);
  EXPECT_TRUE(scenario.crate().asleep);
  EXPECT_EQ(scenario.crate().position.y, 1.0f);  // hangs there: not simulated
  ASSERT_EQ(count(events, EventKind::BodySlept, kCrateIdBase), 1);
  scenario.player().position.x = 25.0f;  // within 10 tiles
  scenario.step();
  EXPECT_FALSE(scenario.crate().asleep);
  scenario.step({}, 60);
  EXPECT_FLOAT_EQ(scenario.crate().position.y, 6.0f);  // fell and landed
}

TEST(Activity, OverTheBudgetTheFarthestSleepFirstThenTheOldest) {
  PhysicsConfig config;
  config.maxActiveBodies = 2;
  config.playerWidth = 0.5f;
  Scenario scenario(kHall, config);
  ASSERT_TRUE(scenario.settle());
  scenario.player().position.x = 19.75f;         // centre at x = 20 exactly
  scenario.add(CrateDefinition{{30.0f, 1.0f}});  // 0: farthest
  scenario.add(CrateDefinition{{20.5f, 1.0f}});  // 1: nearest
  scenario.add(CrateDefinition{{14.5f, 1.0f}});  // 2: 5 tiles left, older than 3
  scenario.add(CrateDefinition{{24.5f, 1.0f}});  // 3: 5 tiles right
  scenario.step();
  EXPECT_TRUE(scenario.crate(0).asleep);
  EXPECT_FALSE(scenario.crate(1).asleep);
  EXPECT_TRUE(scenario.crate(2).asleep);  // same distance as 3: the oldest sleeps first
  EXPECT_FALSE(scenario.crate(3).asleep);
  EXPECT_EQ(scenario.crate(0).position.y, 1.0f);
  EXPECT_GT(scenario.crate(1).position.y, 1.0f);
  // Crates sleeping at rest count for nothing: once 1 and 3 rest, 0 and 2 get their turn.
  scenario.step({}, 120);
  EXPECT_FLOAT_EQ(scenario.crate(0).position.y, 6.0f);
  EXPECT_FLOAT_EQ(scenario.crate(2).position.y, 6.0f);
}

TEST(Activity, TheGovernorsLimitsCapTheRadiusAndTheBudgetFromTheirTick) {
  Scenario scenario(kHall);                      // no radius, a budget of 128: every crate awake
  scenario.add(CrateDefinition{{30.0f, 1.0f}});  // 28 tiles from the player
  scenario.add(CrateDefinition{{8.0f, 1.0f}});   // 6 tiles
  scenario.add(CrateDefinition{{10.0f, 1.0f}});  // 8 tiles
  scenario.step();
  EXPECT_FALSE(scenario.crate(0).asleep);
  const ActivityLimits none = activityLimits(scenario.state, scenario.config);
  EXPECT_EQ(none.radius, 0.0f);
  EXPECT_EQ(none.activeBodies, 128u);

  // Announced for the next tick (the server's overload level 3): a radius of 10, one body awake.
  applyRosterEvents(scenario.state, {RosterEvent::limits(10, 1)}, scenario.level, scenario.config);
  const ActivityLimits capped = activityLimits(scenario.state, scenario.config);
  EXPECT_EQ(capped.radius, 10.0f);
  EXPECT_EQ(capped.activeBodies, 1u);
  const auto events = scenario.stepCollecting();
  EXPECT_TRUE(scenario.crate(0).asleep);   // out of range
  EXPECT_TRUE(scenario.crate(2).asleep);   // in range, but the farther of the two over budget
  EXPECT_FALSE(scenario.crate(1).asleep);  // the nearest stays awake
  EXPECT_EQ(count(events, EventKind::BodySlept, kCrateIdBase), 1);

  // Lifted: back to the config's (which a cap never raises).
  applyRosterEvents(scenario.state, {RosterEvent::limits(0, 0)}, scenario.level, scenario.config);
  scenario.step();
  EXPECT_FALSE(scenario.crate(0).asleep);
  EXPECT_FALSE(scenario.crate(2).asleep);
  PhysicsConfig tight;
  tight.simulationRadius = 4.0f;
  tight.maxActiveBodies = 2;
  scenario.state.radiusLimit = 24;
  scenario.state.activeBodiesLimit = 32;
  EXPECT_EQ(activityLimits(scenario.state, tight).radius, 4.0f);
  EXPECT_EQ(activityLimits(scenario.state, tight).activeBodies, 2u);
}

TEST(Activity, SleepIsPartOfTheHashedState) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 6.0f}});
  WorldState other = scenario.state;
  other.crates[0].asleep = !other.crates[0].asleep;
  EXPECT_NE(hashState(scenario.state), hashState(other));
  other = scenario.state;
  other.crates[0].restTicks = 7;
  EXPECT_NE(hashState(scenario.state), hashState(other));
}

}  // namespace
}  // namespace coyote::test
