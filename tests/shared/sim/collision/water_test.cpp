#include <gtest/gtest.h>

#include "sim/collision/water.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

// Air in rows 1-3, water in rows 4-9 (its surface at y = 4), the floor at row 10.
constexpr const char* kPool =
    "####################\n"
    "#..................#\n"
    "#.S................#\n"
    "#..................#\n"
    "#~~~~~~~~~~~~~~~~~~#\n"
    "#~~~~~~~~~~~~~~~~~~#\n"
    "#~~~~~~~~~~~~~~~~~~#\n"
    "#~~~~~~~~~~~~~~~~~~#\n"
    "#~~~~~~~~~~~~~~~~~~#\n"
    "#~~~~~~~~~~~~~~~~~~#\n"
    "####################\n";
constexpr float kSurface = 4.0f;
constexpr float kFloor = 10.0f;

TEST(Water, SubmergedFractionIsTheAreaUnderWater) {
  const Scenario scenario(kPool);
  EXPECT_FLOAT_EQ(submergedFraction({{5.0f, 3.5f}, {1.0f, 1.0f}}, scenario.level), 0.5f);
  EXPECT_FLOAT_EQ(submergedFraction({{5.0f, 3.75f}, {2.0f, 1.0f}}, scenario.level), 0.75f);
  EXPECT_FLOAT_EQ(submergedFraction({{5.0f, 6.0f}, {0.4f, 0.8f}}, scenario.level), 1.0f);
  EXPECT_FLOAT_EQ(submergedFraction({{5.0f, 1.0f}, {1.0f, 1.0f}}, scenario.level), 0.0f);
  // Half of it over the wall column (solid, not water).
  EXPECT_FLOAT_EQ(submergedFraction({{0.5f, 6.0f}, {1.0f, 1.0f}}, scenario.level), 0.5f);
}

TEST(Water, ALightCrateFloatsWithItsWaterlineWhereArchimedesPutsIt) {
  Scenario scenario(kPool);
  scenario.add(CrateDefinition{{10.0f, 1.0f}, {1.0f, 1.0f}, 1.0f});
  scenario.step({}, 600);
  // Density 1 in water of density 2: half of it under, so its bottom 0.5 below the surface.
  const float expectedDepth = 1.0f / scenario.config.waterDensity;
  const float depth = scenario.crate().position.y + 1.0f - kSurface;
  EXPECT_NEAR(depth, expectedDepth, 0.05f);
  EXPECT_NEAR(scenario.crate().velocity.y, 0.0f, 0.05f);
  EXPECT_FALSE(scenario.crate().grounded);
}

TEST(Water, AWideLightCrateFloatsByItsDensityNotItsMass) {
  Scenario scenario(kPool);
  // Mass 3 over 2 × 2 tiles: density 0.75, so 0.375 of it (0.75 tiles) under.
  scenario.add(CrateDefinition{{10.0f, 0.5f}, {2.0f, 2.0f}, 3.0f});
  scenario.step({}, 600);
  const float depth = scenario.crate().position.y + 2.0f - kSurface;
  EXPECT_NEAR(depth, 2.0f * 0.75f / scenario.config.waterDensity, 0.05f);
}

TEST(Water, AHeavyCrateSinksAndRestsOnTheBottom) {
  Scenario scenario(kPool);
  scenario.add(CrateDefinition{{10.0f, 1.0f}, {1.0f, 1.0f}, 4.0f});
  scenario.step({}, 600);
  EXPECT_FLOAT_EQ(scenario.crate().position.y, kFloor - 1.0f);
  EXPECT_TRUE(scenario.crate().grounded);
}

TEST(Water, DragSlowsACrateFallingIntoWater) {
  Scenario scenario(kPool);
  scenario.add(CrateDefinition{{10.0f, 1.0f}, {1.0f, 1.0f}, 4.0f});
  float fastestInWater = 0.0f;
  float fastestInAir = 0.0f;
  for (int tick = 0; tick < 120; ++tick) {
    scenario.step();
    const bool under = scenario.crate().position.y > kSurface + 1.0f;
    float& fastest = under ? fastestInWater : fastestInAir;
    fastest = std::max(fastest, scenario.crate().velocity.y);
  }
  // Sinking at g·(1 - ρw/ρ) = g/2 against drag it never reaches its entry speed again.
  EXPECT_GT(fastestInAir, 0.0f);
  EXPECT_LT(fastestInWater, fastestInAir);
}

TEST(Water, ACharacterSinksNoFasterThanTheSwimSpeed) {
  Scenario scenario(kPool);
  scenario.step({}, 60);
  ASSERT_GT(submergedFraction(scenario.box(), scenario.level), 0.5f);
  float lastSpeed = 0.0f;
  while (!scenario.player().grounded) {
    lastSpeed = scenario.player().velocity.y;
    scenario.step();
    ASSERT_LE(scenario.player().velocity.y, scenario.config.swimSpeed);
  }
  // Heavier than water (1 / 0.32 per tile² against 2), it sinks at the speed where drag balances
  // gravity less buoyancy: g · (1 - ρw/ρ) / (drag · ρw/ρ) = 60 · 0.36 / (6 · 0.64) = 5.6 tiles/s.
  const PhysicsConfig& config = scenario.config;
  const float ratio =
      config.waterDensity / (config.mass / (config.playerWidth * config.playerHeight));
  const float terminal = config.gravity * (1.0f - ratio) / (config.waterDrag * ratio);
  EXPECT_NEAR(lastSpeed, terminal, terminal * 0.02f);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), kFloor);
}

TEST(Water, ASwimmerHoldingRightGoesNoFasterThanTheSwimSpeed) {
  Scenario scenario(kPool);
  scenario.step({}, 90);
  scenario.step(input(kRight), 60);
  EXPECT_FLOAT_EQ(scenario.player().velocity.x, scenario.config.swimSpeed);
}

// Swims up and stays there: head above the water, still swimming.
Scenario atTheSurface() {
  Scenario scenario(kPool);
  scenario.step({}, 90);
  scenario.step(input(0, kUp), 360);  // it breaches, bobs and settles
  return scenario;
}

TEST(Water, HoldingUpKeepsTheHeadAboveTheSurface) {
  Scenario scenario = atTheSurface();
  const float submerged = submergedFraction(scenario.box(), scenario.level);
  EXPECT_LT(scenario.box().top(), kSurface);
  EXPECT_GT(submerged, 0.5f);
  EXPECT_LT(submerged, 1.0f);
  EXPECT_NEAR(scenario.player().velocity.y, 0.0f, 0.1f);
}

TEST(Water, AJumpFromTheSurfaceLeavesTheWater) {
  Scenario scenario = atTheSurface();
  scenario.step(input(0, kUp, kButtonJump));
  EXPECT_FLOAT_EQ(scenario.player().velocity.y, -scenario.config.jumpSpeed);
  float highest = scenario.box().bottom();
  for (int tick = 0; tick < 40; ++tick) {
    scenario.step(input(0, 0, kButtonJump));
    highest = std::min(highest, scenario.box().bottom());
  }
  // Feet well clear of the water (a dry jump rises 20² / 2·60 = 3.3 tiles; the start is wet).
  EXPECT_LT(highest, kSurface - 1.5f);
}

TEST(Water, AJumpUnderWaterIsAStroke) {
  Scenario scenario(kPool);
  scenario.step({}, 150);
  ASSERT_EQ(submergedFraction(scenario.box(), scenario.level), 1.0f);
  scenario.step(input(0, 0, kButtonJump));
  // The stroke sets -swim_speed; one step of drag at full depth then acts on it.
  EXPECT_LT(scenario.player().velocity.y, -scenario.config.swimSpeed * 0.9f);
  EXPECT_GT(scenario.player().velocity.y, -scenario.config.jumpSpeed * 0.5f);
}

}  // namespace
}  // namespace coyote::test
