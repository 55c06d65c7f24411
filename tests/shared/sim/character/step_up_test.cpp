// Step-up (docs/simulation.md#step-up): a walking character rises onto a ledge no higher than
// physics.step_height (4 px) of a tile, a crate or a platform; never in the air, never under a
// ceiling that leaves it no room, never onto a one-way top from below.
#include <algorithm>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr float kPixel = 1.0f / 16.0f;
constexpr float kStepUpFloor = 7.0f;  // kHall's floor top
constexpr float kLipLeft = 10.0f;     // every lip below starts here and is 3 tiles long
constexpr int kRunTicks = 90;         // long enough to cross a lip at run speed

PlatformDefinition staticPlatform(Vec2 topLeft, Vec2 size, bool oneWay = false) {
  PlatformDefinition platform{size, {topLeft}};
  platform.oneWay = oneWay;
  return platform;
}

PlatformDefinition lip(float pixels) {
  return staticPlatform({kLipLeft, kStepUpFloor - pixels * kPixel}, {3.0f, pixels * kPixel});
}

/// Runs right for `ticks` from rest; returns the x reached.
float runRight(Scenario& scenario, int ticks) {
  EXPECT_TRUE(scenario.player().grounded) << "placed on the floor, grounded from the start";
  scenario.step(input(kRight), ticks);
  return scenario.player().position.x;
}

TEST(StepUp, AFourPixelLipIsClimbedAtRunSpeedLosingNoMoreThanOneTick) {
  Scenario flat(kHall);
  const float flatX = runRight(flat, kRunTicks);
  Scenario lipped(kHall);
  lipped.add(lip(4.0f));
  float highest = kStepUpFloor;
  for (int tick = 0; tick < kRunTicks; ++tick) {
    const float before = lipped.player().position.x;
    lipped.step(input(kRight));
    const Character& player = lipped.player();
    ASSERT_GT(player.position.x, before) << "tick " << tick << ": stopped at the lip";
    ASSERT_TRUE(player.grounded) << "tick " << tick;
    highest = std::min(highest, lipped.box().bottom());
  }
  EXPECT_FLOAT_EQ(highest, kStepUpFloor - 0.25f) << "it ran over the lip's top";
  EXPECT_GT(lipped.box().left(), kLipLeft + 3.0f) << "and on past it";
  EXPECT_EQ(lipped.player().velocity.x, lipped.config.maxRunSpeed);
  const float oneTick = lipped.config.maxRunSpeed / 60.0f;
  EXPECT_GE(lipped.player().position.x, flatX - oneTick);
  EXPECT_LE(lipped.player().position.x, flatX + 1e-4f);
}

TEST(StepUp, AFivePixelLipIsAWall) {
  Scenario scenario(kHall);
  scenario.add(lip(5.0f));
  runRight(scenario, kRunTicks);
  EXPECT_FLOAT_EQ(scenario.box().right(), kLipLeft);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), kStepUpFloor);
  EXPECT_EQ(scenario.player().velocity.x, 0.0f);
}

TEST(StepUp, ZeroStepHeightTurnsItOff) {
  PhysicsConfig config;
  config.stepHeight = 0.0f;
  Scenario scenario(kHall, config);
  scenario.add(lip(4.0f));
  runRight(scenario, kRunTicks);
  EXPECT_FLOAT_EQ(scenario.box().right(), kLipLeft);
}

TEST(StepUp, ACrateLipIsClimbedToo) {
  Scenario scenario(kHall);
  scenario.add(
      CrateDefinition{{kLipLeft, kStepUpFloor - 4.0f * kPixel}, {1.0f, 4.0f * kPixel}, 50.0f});
  runRight(scenario, kRunTicks);
  EXPECT_GT(scenario.box().left(), kLipLeft + 1.0f) << "over the crate, not pushing it";
  EXPECT_NEAR(scenario.crate().position.x, kLipLeft, 1e-4f);
}

TEST(StepUp, ATileLipIsClimbedFromAPlatformFloor) {
  // A slab 0.75 high on the floor, then a solid tile whose top is 4 px above the slab's.
  Scenario scenario(hallWith("#.S.......##############################"));
  scenario.add(staticPlatform({1.0f, 6.25f}, {9.0f, 0.75f}));
  ASSERT_TRUE(scenario.settle());
  ASSERT_FLOAT_EQ(scenario.box().bottom(), 6.25f);
  runRight(scenario, kRunTicks);
  EXPECT_GT(scenario.box().left(), 10.5f);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 6.0f) << "on the tiles";
}

/// A ceiling slab over the lip whose underside is `headroom` tiles above the lip's top.
void addCeilingOverTheLip(Scenario& scenario, float headroom) {
  const float lipTop = kStepUpFloor - 4.0f * kPixel;
  scenario.add(staticPlatform({kLipLeft - 2.0f, lipTop - headroom - 1.0f}, {6.0f, 1.0f}));
}

TEST(StepUp, ACeilingLeavingNoMoreThanTheBoxHeightOverTheLipCancelsIt) {
  const float height = PhysicsConfig{}.playerHeight;  // 0.8 tiles
  Scenario tight(kHall);
  tight.add(lip(4.0f));
  addCeilingOverTheLip(tight, height);
  runRight(tight, kRunTicks);
  EXPECT_FLOAT_EQ(tight.box().right(), kLipLeft) << "0.8 tiles over the lip: no room";

  Scenario roomy(kHall);
  roomy.add(lip(4.0f));
  addCeilingOverTheLip(roomy, height + kPixel);
  runRight(roomy, kRunTicks);
  EXPECT_GT(roomy.box().left(), kLipLeft) << "a pixel more and it steps";
}

TEST(StepUp, AnAirborneCharacterNeverSteps) {
  Scenario scenario(kHall);
  scenario.add(lip(4.0f));
  // Falling beside the lip, its feet 2 px above the floor and so 2 px below the lip's top.
  Character& player = scenario.player();
  player.position = {kLipLeft - 0.05f - scenario.config.playerWidth,
                     kStepUpFloor - 2.0f * kPixel - scenario.config.playerHeight};
  player.grounded = false;
  player.velocity = {scenario.config.maxRunSpeed, 0.0f};
  scenario.step(input(kRight));
  EXPECT_FALSE(scenario.player().grounded);
  EXPECT_FLOAT_EQ(scenario.box().right(), kLipLeft) << "stopped by the lip's side";
  EXPECT_GT(scenario.box().bottom(), kStepUpFloor - 4.0f * kPixel) << "not lifted onto it";
  scenario.step(input(0), 10);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), kStepUpFloor) << "landed beside it, on the floor";
}

TEST(StepUp, AOneWayLedgeIsPassedFromBelowNotSteppedOnto) {
  Scenario scenario(kHall);
  scenario.add(
      staticPlatform({kLipLeft, kStepUpFloor - 4.0f * kPixel}, {3.0f, 4.0f * kPixel}, true));
  for (int tick = 0; tick < kRunTicks; ++tick) {
    scenario.step(input(kRight));
    ASSERT_FLOAT_EQ(scenario.box().bottom(), kStepUpFloor) << "tick " << tick << ": lifted";
  }
  EXPECT_GT(scenario.box().left(), kLipLeft + 3.0f) << "walked through it";
}

}  // namespace
}  // namespace coyote::test
