#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

// A shaft tall enough to fall for five seconds without landing, even twice as heavy.
std::string tallShaft() {
  std::string picture = "..S..\n";
  for (int row = 0; row < 400; ++row) {
    picture += ".....\n";
  }
  return picture;
}

float terminalSpeedAfterFiveSeconds(const PhysicsConfig& config) {
  Scenario scenario(tallShaft(), config);
  scenario.step(input(0), 300);  // 5 s: many drag time constants (mass / drag)
  return scenario.player().velocity.y;
}

TEST(Gravity, TerminalVelocityConvergesTo25TilesPerSecond) {
  const PhysicsConfig config;
  const float expected =
      config.mass * config.gravity * config.fallGravityMultiplier / config.fallDragCoefficient;
  EXPECT_FLOAT_EQ(expected, 25.0f);
  EXPECT_NEAR(terminalSpeedAfterFiveSeconds(config), expected, expected * 0.005f);
}

TEST(Gravity, HeavierMassFallsFaster) {
  PhysicsConfig heavy;
  heavy.mass = 2.0f;
  const float heavyTerminal = terminalSpeedAfterFiveSeconds(heavy);
  EXPECT_NEAR(heavyTerminal, 50.0f, 50.0f * 0.005f);
  EXPECT_GT(heavyTerminal, terminalSpeedAfterFiveSeconds(PhysicsConfig{}));
}

TEST(Gravity, FallSpeedApproachesTerminalWithoutOvershooting) {
  Scenario scenario(tallShaft());
  float previous = 0.0f;
  for (int tick = 0; tick < 600; ++tick) {
    scenario.step();
    const float vy = scenario.player().velocity.y;
    ASSERT_GE(vy, previous);
    ASSERT_LE(vy, 25.0f);
    previous = vy;
  }
}

// One step from a chosen velocity in open air shows the effective gravity of each phase.
float velocityAfterOneStep(float vy, std::uint8_t buttons, const PhysicsConfig& config = {}) {
  Scenario scenario(tallShaft(), config);
  scenario.player().velocity.y = vy;
  scenario.step(input(0, 0, buttons));
  return scenario.player().velocity.y;
}

TEST(Gravity, RisingUsesBaseGravity) {
  const PhysicsConfig c;
  EXPECT_NEAR(velocityAfterOneStep(-10.0f, 0), -10.0f + c.gravity / 60.0f, 1e-5f);
}

TEST(Gravity, FallingUsesFallMultiplierAndDrag) {
  const PhysicsConfig c;
  const float expected =
      10.0f +
      (c.gravity * c.fallGravityMultiplier - c.fallDragCoefficient * 10.0f / c.mass) / 60.0f;
  EXPECT_NEAR(velocityAfterOneStep(10.0f, 0), expected, 1e-5f);
}

TEST(Gravity, FastFallMultipliesFallGravityWhenDownIsHeld) {
  const PhysicsConfig c;
  const float gravity = c.gravity * c.fallGravityMultiplier * c.fastFallMultiplier;
  const float expected = 10.0f + (gravity - c.fallDragCoefficient * 10.0f / c.mass) / 60.0f;
  EXPECT_NEAR(velocityAfterOneStep(10.0f, kButtonDown), expected, 1e-5f);
  EXPECT_GT(velocityAfterOneStep(10.0f, kButtonDown), velocityAfterOneStep(10.0f, 0));
}

TEST(Gravity, ApexMultiplierSoftensGravityNearTheTop) {
  const PhysicsConfig c;
  EXPECT_NEAR(velocityAfterOneStep(-1.0f, 0), -1.0f + c.gravity * c.apexGravityMultiplier / 60.0f,
              1e-5f);
  const float fallingApex = 1.0f + (c.gravity * c.fallGravityMultiplier * c.apexGravityMultiplier -
                                    c.fallDragCoefficient * 1.0f / c.mass) /
                                       60.0f;
  EXPECT_NEAR(velocityAfterOneStep(1.0f, 0), fallingApex, 1e-5f);
}

TEST(Gravity, FallMultiplierChangesTheDescentNotTheRise) {
  PhysicsConfig floaty;
  floaty.fallGravityMultiplier = 1.0f;
  EXPECT_EQ(velocityAfterOneStep(-10.0f, 0, floaty), velocityAfterOneStep(-10.0f, 0));
  EXPECT_LT(velocityAfterOneStep(10.0f, 0, floaty), velocityAfterOneStep(10.0f, 0));
}

TEST(Gravity, ExplicitEulerMovesByTheUpdatedVelocity) {
  Scenario scenario(tallShaft());
  scenario.player().velocity.y = 10.0f;
  const float y = scenario.player().position.y;
  scenario.step();
  EXPECT_FLOAT_EQ(scenario.player().position.y, y + scenario.player().velocity.y / 60.0f);
}

}  // namespace
}  // namespace coyote::test
