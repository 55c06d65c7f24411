#include <algorithm>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

// 40 × 14, floor at row 13, spawn at (2.5, 13).
const std::string kYard = hallWith("#.S....................................#", 14);

// The floor (row 13) made of `material`.
void floorOf(Scenario& scenario, Material material) {
  scenario.level.materials.push_back(material);
  for (int column = 0; column < scenario.level.width(); ++column) {
    scenario.level.setMaterial(column, 13, 1);
  }
}

TEST(Material, ACrateDroppedOnRestitutionHalfReboundsToAQuarterOfItsHeight) {
  Scenario scenario(kYard);
  floorOf(scenario, Material{1.0f, 0.5f});
  scenario.add(CrateDefinition{{10.0f, 1.0f}, {1.0f, 1.0f}, 1.0f});
  const float dropHeight = 12.0f - scenario.crate().position.y;  // bottom 2 → floor 13: 11 tiles
  bool bounced = false;
  float peak = 100.0f;
  for (int tick = 0; tick < 240; ++tick) {
    const float before = scenario.crate().velocity.y;
    scenario.step();
    bounced = bounced || (before > 0.0f && scenario.crate().velocity.y < 0.0f);
    if (bounced) {
      peak = std::min(peak, scenario.crate().position.y);
      if (scenario.crate().velocity.y > 0.0f) {
        break;  // past the top of the rebound
      }
    }
  }
  ASSERT_TRUE(bounced);
  const float rebound = 12.0f - peak;
  EXPECT_NEAR(rebound, dropHeight * 0.25f, dropHeight * 0.25f * 0.02f);
}

TEST(Material, ACrateComesToRestInsteadOfBouncingForever) {
  Scenario scenario(kYard);
  floorOf(scenario, Material{1.0f, 0.5f});
  scenario.add(CrateDefinition{{10.0f, 1.0f}, {1.0f, 1.0f}, 1.0f});
  scenario.step({}, 600);
  EXPECT_FLOAT_EQ(scenario.crate().position.y, 12.0f);
  EXPECT_EQ(scenario.crate().velocity.y, 0.0f);
  EXPECT_TRUE(scenario.crate().grounded);
}

TEST(Material, ABouncyTileReturnsAFallingCharacterAtSpeedTimesRestitution) {
  Scenario scenario(kYard);
  floorOf(scenario, Material{1.0f, 0.8f});
  scenario.player().position.y = 3.0f;
  float impact = 0.0f;
  for (int tick = 0; tick < 120; ++tick) {
    const float falling = scenario.player().velocity.y;
    scenario.step();
    if (falling > 0.0f && scenario.player().velocity.y < 0.0f) {
      impact = falling;
      break;
    }
  }
  ASSERT_GT(impact, 10.0f);
  // The step's own gravity comes first, then the sweep lands it: v is the speed it hit with.
  const float hitSpeed = -scenario.player().velocity.y / 0.8f;
  EXPECT_GE(hitSpeed, impact);
  EXPECT_NEAR(scenario.player().velocity.y, -hitSpeed * 0.8f, 1.0e-4f);
  EXPECT_FALSE(scenario.player().grounded);
}

// Runs right at full speed, lets go, and returns how far the character slides to a stop.
float brakingDistance(float friction) {
  Scenario scenario(kYard);
  floorOf(scenario, Material{friction, 0.0f});
  scenario.step(input(kRight), 40);
  const float start = scenario.player().position.x;
  for (int tick = 0; tick < 600 && scenario.player().velocity.x != 0.0f; ++tick) {
    scenario.step();
  }
  return scenario.player().position.x - start;
}

// The distance the step's own arithmetic gives: each tick the speed drops by decel · friction · dt
// and the character moves by the new speed · dt.
float expectedBraking(float friction) {
  const PhysicsConfig config;
  const float dt = 1.0f / 60.0f;
  float speed = config.maxRunSpeed;
  float distance = 0.0f;
  while (speed > 0.0f) {
    speed = std::max(0.0f, speed - config.groundDecel * friction * dt);
    distance += speed * dt;
  }
  return distance;
}

TEST(Material, IceScalesGroundBrakingByItsFriction) {
  const float normal = brakingDistance(1.0f);
  const float ice = brakingDistance(0.1f);
  EXPECT_NEAR(normal, expectedBraking(1.0f), 1.0e-3f);
  EXPECT_NEAR(ice, expectedBraking(0.1f), 1.0e-2f);
  // About v² / 2a: a tenth of the braking is about ten times the distance.
  EXPECT_GT(ice / normal, 9.0f);
}

}  // namespace
}  // namespace coyote::test
