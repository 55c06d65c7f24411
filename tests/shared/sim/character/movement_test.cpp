#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

std::string longFloor() {
  return std::string(400, '.') + "\n" + std::string(10, '.') + "S" + std::string(389, '.') + "\n" +
         std::string(400, '#') + "\n";
}

TEST(Movement, ReachesRunSpeedAtGroundAccel) {
  Scenario scenario(longFloor());
  ASSERT_TRUE(scenario.settle());
  int ticks = 0;
  while (scenario.player().velocity.x < scenario.config.maxRunSpeed) {
    scenario.step(input(kRight));
    ASSERT_LT(++ticks, 100);
  }
  const PhysicsConfig c;
  EXPECT_NEAR(ticks / 60.0f, c.maxRunSpeed / c.groundAccel, 1.0f / 60.0f);
}

TEST(Movement, StoppingTimeFromFullSpeedIsRunSpeedOverGroundDecel) {
  Scenario scenario(longFloor());
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(kRight), 30);
  ASSERT_EQ(scenario.player().velocity.x, scenario.config.maxRunSpeed);
  int ticks = 0;
  while (scenario.player().velocity.x > 0.0f) {
    scenario.step(input(0));
    ++ticks;
  }
  const PhysicsConfig c;
  EXPECT_NEAR(ticks / 60.0f, c.maxRunSpeed / c.groundDecel, 1.0f / 60.0f);
  EXPECT_EQ(ticks, 7);  // 9 / 84 s = 6.4 ticks, so the 7th tick reaches zero
}

TEST(Movement, BrakingIsFasterThanAccelerating) {
  const PhysicsConfig c;
  EXPECT_GE(c.groundDecel / c.groundAccel, 1.3f);
  EXPECT_LE(c.groundDecel / c.groundAccel, 1.5f);
}

TEST(Movement, JumpingNeverRaisesHorizontalSpeedAboveRunSpeed) {
  Scenario scenario(longFloor());
  ASSERT_TRUE(scenario.settle());
  int jumps = 0;
  for (int tick = 0; tick < 600; ++tick) {
    // Tap jump every 12 ticks (ground jumps and air jumps) while running right.
    const bool press = tick % 12 < 6;
    const bool wasGrounded = scenario.player().grounded;
    scenario.step(input(kRight, 0, press ? kButtonJump : 0));
    jumps += (wasGrounded && !scenario.player().grounded) ? 1 : 0;
    ASSERT_LE(std::fabs(scenario.player().velocity.x), scenario.config.maxRunSpeed)
        << "tick " << tick;
  }
  EXPECT_GT(jumps, 10);
}

TEST(Movement, AirControlDoesNotBrake) {
  Scenario scenario(longFloor());
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(kRight), 30);
  scenario.step(input(kRight, 0, kButtonJump));
  scenario.step(input(0, 0, kButtonJump), 10);
  EXPECT_FALSE(scenario.player().grounded);
  EXPECT_EQ(scenario.player().velocity.x, scenario.config.maxRunSpeed);
}

TEST(Movement, SpeedAboveRunSpeedDecaysInTheAirInsteadOfBeingCut) {
  Scenario scenario(longFloor());
  scenario.player().position.y -= 5.0f;  // in the air
  scenario.player().grounded = false;
  scenario.player().velocity.x = 20.0f;
  scenario.step(input(kRight));
  const PhysicsConfig c;
  EXPECT_FLOAT_EQ(scenario.player().velocity.x, 20.0f - c.airAccel / 60.0f);
  scenario.step(input(kRight), 40);
  EXPECT_EQ(scenario.player().velocity.x, c.maxRunSpeed);
}

TEST(Movement, DeadZoneIsRemappedToTheFullRange) {
  EXPECT_EQ(axisAfterDeadZone(0), 0.0f);
  EXPECT_EQ(axisAfterDeadZone(19), 0.0f);  // 19/127 = 0.1496 < 0.15
  EXPECT_GT(axisAfterDeadZone(20), 0.0f);
  EXPECT_LT(axisAfterDeadZone(20), 0.01f);
  EXPECT_EQ(axisAfterDeadZone(127), 1.0f);
  EXPECT_EQ(axisAfterDeadZone(-127), -1.0f);
  EXPECT_NEAR(axisAfterDeadZone(64), (64.0f / 127.0f - 0.15f) / 0.85f, 1e-6f);
  EXPECT_EQ(axisAfterDeadZone(-128), -1.0f);
}

TEST(Movement, QuantizeAxisRoundsAndClamps) {
  EXPECT_EQ(quantizeAxis(1.0f), 127);
  EXPECT_EQ(quantizeAxis(-1.0f), -127);
  EXPECT_EQ(quantizeAxis(5.0f), 127);
  EXPECT_EQ(quantizeAxis(0.5f), 64);
  EXPECT_EQ(quantizeAxis(std::nanf("")), 0);
}

TEST(Movement, HalfDeflectionWalksSlower) {
  Scenario scenario(longFloor());
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(64), 60);
  EXPECT_NEAR(scenario.player().velocity.x, scenario.config.maxRunSpeed * axisAfterDeadZone(64),
              1e-5f);
}

TEST(Movement, FacingIsTheLastNonZeroMoveNotTheVelocity) {
  Scenario scenario(longFloor());
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(kLeft));
  EXPECT_EQ(scenario.player().facing, -1);
  scenario.player().velocity.x = 5.0f;
  scenario.step(input(0), 3);
  EXPECT_EQ(scenario.player().facing, -1);
  scenario.step(input(kRight));
  EXPECT_EQ(scenario.player().facing, 1);
}

}  // namespace
}  // namespace coyote::test
