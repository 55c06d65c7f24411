#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote {
namespace {

using test::input;
using test::kRight;

// A tall wall on the right of an open shaft.
const char* const kShaft =
    "..........#\n"
    "......S...#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "###########\n";

// Drifts right into the wall and returns once wall contact is established.
test::Scenario slidingOnRightWall() {
  test::Scenario scenario(kShaft);
  for (int tick = 0; tick < 120 && scenario.player().wallDirection == 0; ++tick) {
    scenario.step(input(kRight));
  }
  return scenario;
}

TEST(Wall, ContactSetsWallDirectionWhenPushingInTheAir) {
  test::Scenario scenario = slidingOnRightWall();
  EXPECT_EQ(scenario.player().wallDirection, 1);
  EXPECT_FALSE(scenario.player().grounded);
  scenario.step(input(0));
  EXPECT_EQ(scenario.player().wallDirection, 0) << "no contact without pushing";
}

TEST(Wall, SlideCapsFallSpeed) {
  test::Scenario scenario = slidingOnRightWall();
  for (int tick = 0; tick < 30 && !scenario.player().grounded; ++tick) {
    scenario.step(input(kRight));
    ASSERT_LE(scenario.player().velocity.y, scenario.config.wallSlideSpeed);
  }
  EXPECT_EQ(scenario.player().velocity.y, scenario.config.wallSlideSpeed);
}

TEST(Wall, JumpEjectsAwayFromTheWall) {
  test::Scenario scenario = slidingOnRightWall();
  scenario.step(input(kRight, 0, kButtonJump));
  const PhysicsConfig c;
  // The push is 11 tiles/s left; air decay toward the run speed has already taken one step.
  EXPECT_FLOAT_EQ(scenario.player().velocity.x, -c.wallJumpSpeedX + c.airAccel / 60.0f);
  EXPECT_FLOAT_EQ(scenario.player().velocity.y, -c.wallJumpSpeedY + c.gravity / 60.0f);
  EXPECT_EQ(scenario.player().wallJumpLockTicks, 9);  // 0.15 s
}

TEST(Wall, HorizontalInputIsLockedForExactlyTheLockDuration) {
  test::Scenario holding = slidingOnRightWall();
  holding.step(input(kRight, 0, kButtonJump));
  test::Scenario released = holding;
  // Steps 2..9 of the lock: pushing toward the wall changes nothing.
  for (int tick = 2; tick <= 9; ++tick) {
    holding.step(input(kRight, 0, kButtonJump));
    released.step(input(0, 0, kButtonJump));
    ASSERT_EQ(holding.player().velocity.x, released.player().velocity.x) << "lock step " << tick;
  }
  // The first step after the lock: input counts again.
  holding.step(input(kRight, 0, kButtonJump));
  released.step(input(0, 0, kButtonJump));
  EXPECT_GT(holding.player().velocity.x, released.player().velocity.x);
}

TEST(Wall, GroundJumpHasPriorityOverWallJump) {
  test::Scenario scenario(
      ".....#\n"
      "..S..#\n"
      "######\n");
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(kRight), 20);
  scenario.step(input(kRight, 0, kButtonJump));
  EXPECT_EQ(scenario.player().wallJumpLockTicks, 0);
  EXPECT_LT(scenario.player().velocity.y, 0.0f);
}

}  // namespace
}  // namespace coyote
