#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "sim/bodies/body_guards.h"
#include "sim/bodies/crate_activity.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr BodyId kPlayer = kCharacterIdBase;

std::vector<StepEvent> eventsOf(const std::vector<StepEvent>& events, BodyId body) {
  std::vector<StepEvent> found;
  for (const StepEvent& event : events) {
    if (event.body == body) {
      found.push_back(event);
    }
  }
  return found;
}

/// Two crates falling side by side, 12 ticks in (both in the air, moving).
Scenario twoFallingCrates() {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 1.0f}});
  scenario.add(CrateDefinition{{25.0f, 1.0f}});
  scenario.step({}, 12);
  return scenario;
}

TEST(Guards, ANanCrateGoesBackToItsLastValidPlaceAsleepAndNothingElseChanges) {
  for (const bool inPosition : {false, true}) {
    Scenario scenario = twoFallingCrates();
    Scenario untouched = scenario;
    const Vec2 lastValid = scenario.crate(0).position;
    ASSERT_GT(scenario.crate(0).velocity.y, 1.0f);  // falling: a real state to lose
    (inPosition ? scenario.crate(0).position.x : scenario.crate(0).velocity.y) = kNaN;

    const auto events = scenario.stepCollecting();
    untouched.step();
    EXPECT_EQ(scenario.crate(0).position.x, lastValid.x);
    EXPECT_EQ(scenario.crate(0).position.y, lastValid.y);
    EXPECT_EQ(scenario.crate(0).velocity.x, 0.0f);
    EXPECT_EQ(scenario.crate(0).velocity.y, 0.0f);
    EXPECT_TRUE(scenario.crate(0).asleep);
    const auto mine = eventsOf(events, kCrateIdBase);
    ASSERT_EQ(mine.size(), 2u);
    EXPECT_EQ(mine[0].kind, EventKind::BodyRecovered);
    EXPECT_EQ(mine[1].kind, EventKind::BodySlept);
    EXPECT_EQ(mine[1].value, static_cast<float>(SleepReason::Guard));
    // The other crate went on exactly as if nothing had happened.
    EXPECT_EQ(scenario.crate(1).position.y, untouched.crate(1).position.y);
    EXPECT_EQ(scenario.crate(1).velocity.y, untouched.crate(1).velocity.y);
    EXPECT_TRUE(eventsOf(events, kCrateIdBase + 1).empty());
    // Asleep where it was: it hangs there until something wakes it.
    scenario.step({}, 120);
    EXPECT_EQ(scenario.crate(0).position.y, lastValid.y);
  }
}

TEST(Guards, ACrateFarOutsideTheLevelIsPutBack) {
  Scenario scenario = twoFallingCrates();
  const Vec2 lastValid = scenario.crate(1).position;
  scenario.crate(1).position.x = 1.0e5f;
  const auto events = scenario.stepCollecting();
  EXPECT_EQ(scenario.crate(1).position.x, lastValid.x);
  ASSERT_FALSE(eventsOf(events, kCrateIdBase + 1).empty());
  EXPECT_EQ(eventsOf(events, kCrateIdBase + 1)[0].kind, EventKind::BodyRecovered);
}

TEST(Guards, ABrokenCharacterRespawnsAndIsReported) {
  Scenario scenario(kHall);
  ASSERT_TRUE(scenario.settle());
  const Vec2 spawn = scenario.player().spawn;
  scenario.player().position = {20.0f, 3.0f};
  scenario.player().velocity.x = std::numeric_limits<float>::infinity();
  auto events = scenario.stepCollecting();
  ASSERT_FALSE(eventsOf(events, kPlayer).empty());
  EXPECT_EQ(eventsOf(events, kPlayer)[0].kind, EventKind::BodyRecovered);
  EXPECT_NEAR(scenario.box().centerX(), spawn.x, 1e-4);
  EXPECT_TRUE(std::isfinite(scenario.player().velocity.x));

  // Its own spawn broken too: the level's spawn for its slot.
  scenario.player().position.y = kNaN;
  scenario.player().spawn = {kNaN, kNaN};
  events = scenario.stepCollecting();
  EXPECT_EQ(eventsOf(events, kPlayer)[0].kind, EventKind::BodyRecovered);
  EXPECT_EQ(scenario.player().spawn.x, scenario.level.spawns[0].x);
  EXPECT_NEAR(scenario.box().centerX(), scenario.level.spawns[0].x, 1e-4);
}

TEST(Guards, SpeedsOverTheirCapAreClampedAndReported) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{5.0f, 6.0f}});
  scenario.step();  // resting on the floor: it brakes
  ASSERT_TRUE(scenario.crate().grounded);
  scenario.crate().velocity.x = 500.0f;
  scenario.player().velocity.y = -100.0f;
  const auto events = scenario.stepCollecting();
  const auto crate = eventsOf(events, kCrateIdBase);
  ASSERT_FALSE(crate.empty());
  EXPECT_EQ(crate[0].kind, EventKind::VelocityClamped);
  EXPECT_EQ(crate[0].value, 500.0f);
  // 200 tiles/s less a step of braking, for one step.
  const float braked = 200.0f - scenario.config.crateGroundDecel / 60.0f;
  EXPECT_NEAR(scenario.crate().position.x, 5.0f + braked / 60.0f, 1e-4);
  const auto player = eventsOf(events, kPlayer);
  ASSERT_FALSE(player.empty());
  EXPECT_EQ(player[0].kind, EventKind::VelocityClamped);
  EXPECT_EQ(player[0].value, 100.0f);
  EXPECT_GE(scenario.player().velocity.y, -60.0f);
  // Under the cap nothing is reported.
  const auto calm = scenario.stepCollecting({}, 1);
  for (const StepEvent& event : calm) {
    EXPECT_NE(event.kind, EventKind::VelocityClamped);
  }
}

}  // namespace
}  // namespace coyote::test
