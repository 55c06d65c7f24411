// The walkable-slope limit (docs/simulation.md#walkable-slopes): 55° to become grounded, 58° to
// stop being grounded; steeper, a character slides down along the surface.
#include <cmath>

#include <gtest/gtest.h>

#include "sim/collision/slope.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

// A rounded up-left tile at column 3, row 2, on a floor whose top is y = 3: flat at its left
// (y = 2), vertical at its right end (y = 3). Its incline's sine at the centre is localX.
constexpr const char* kBump =
    "..........\n"
    "..........\n"
    "...L......\n"
    "##########\n";
constexpr float kColumn = 3.0f;
constexpr float kRow = 2.0f;
constexpr float kSlopeFloor = 3.0f;

float radians(float degrees) {
  return degrees * 3.14159265f / 180.0f;
}

/// Puts the player's centre where the surface is `degrees` steep, its feet `above` over it.
void placeOnBump(Scenario& scenario, float degrees, bool grounded, float above = 0.0f) {
  Character& player = scenario.player();
  const float localX = std::sin(radians(degrees));
  const float surface = kRow + slopeSurfaceHeight(TileType::RoundedUpLeft, localX);
  player.position = {kColumn + localX - scenario.config.playerWidth * 0.5f,
                     surface - above - scenario.config.playerHeight};
  player.velocity = {};
  player.grounded = grounded;
  player.onSlope = grounded;
  player.ticksSinceGrounded = grounded ? 0 : kTicksNever;
}

float inclineSineOf(Scenario& scenario) {
  return scenario.box().centerX() - kColumn;
}

TEST(WalkableSlope, IncidenceFollowsTheCircle) {
  EXPECT_FLOAT_EQ(surfaceIncline(TileType::RoundedUpLeft, 0.25f).sine, 0.25f);
  EXPECT_EQ(surfaceIncline(TileType::RoundedUpLeft, 0.25f).downhill, 1);
  EXPECT_FLOAT_EQ(surfaceIncline(TileType::RoundedUpRight, 0.25f).sine, 0.75f);
  EXPECT_EQ(surfaceIncline(TileType::RoundedUpRight, 0.25f).downhill, -1);
  EXPECT_NEAR(surfaceIncline(TileType::SlopeUpRight, 0.5f).sine, std::sqrt(0.5f), 1e-7f);
  EXPECT_EQ(surfaceIncline(TileType::Solid, 0.5f).sine, 0.0f);
  for (const float x : {0.0f, 0.3f, 0.77f, 0.99f}) {
    for (const TileType type : {TileType::SlopeUpRight, TileType::SlopeUpLeft,
                                TileType::RoundedUpRight, TileType::RoundedUpLeft}) {
      EXPECT_NEAR(surfaceXAtHeight(type, slopeSurfaceHeight(type, x)), x, 2e-3f);
    }
  }
}

TEST(WalkableSlope, TheLimitsAreTheSameFloatsAsTheirSines) {
  const StepParameters parameters{PhysicsConfig{}};
  EXPECT_NEAR(parameters.arriveSine, std::sin(radians(55.0f)), 1e-6f);
  EXPECT_NEAR(parameters.staySine, std::sin(radians(58.0f)), 1e-6f);
  PhysicsConfig vertical;
  vertical.maxWalkableAngle = 89.0f;
  vertical.walkableHysteresis = 30.0f;
  EXPECT_FLOAT_EQ(StepParameters{vertical}.staySine, 1.0f) << "beyond 90° is 90°";
}

TEST(WalkableSlope, At50DegreesACharacterArrivesAndStands) {
  Scenario scenario(kBump);
  placeOnBump(scenario, 50.0f, false, 0.05f);
  for (int tick = 0; tick < 30 && !scenario.player().grounded; ++tick) {
    scenario.step();
  }
  ASSERT_TRUE(scenario.player().grounded);
  EXPECT_NEAR(inclineSineOf(scenario), std::sin(radians(50.0f)), 1e-4f) << "where it fell";
  const float x = scenario.player().position.x;
  for (int tick = 0; tick < 120; ++tick) {
    scenario.step();
    ASSERT_TRUE(scenario.player().grounded) << "tick " << tick;
    ASSERT_TRUE(scenario.player().onSlope) << "tick " << tick;
  }
  EXPECT_EQ(scenario.player().position.x, x) << "no slide on a walkable incline";
}

TEST(WalkableSlope, At56DegreesACharacterOnTheGroundStays) {
  Scenario scenario(kBump);
  placeOnBump(scenario, 56.0f, true);
  const float x = scenario.player().position.x;
  for (int tick = 0; tick < 120; ++tick) {
    scenario.step();
    ASSERT_TRUE(scenario.player().grounded) << "tick " << tick;
  }
  EXPECT_EQ(scenario.player().position.x, x);
}

TEST(WalkableSlope, At56DegreesACharacterArrivingSlidesOffTheBump) {
  Scenario scenario(kBump);
  placeOnBump(scenario, 56.0f, false, 0.05f);
  float x = scenario.player().position.x;
  int ticks = 0;
  for (; ticks < 120 && scenario.box().bottom() < kSlopeFloor; ++ticks) {
    scenario.step();
    ASSERT_TRUE(!scenario.player().grounded || scenario.box().bottom() == kSlopeFloor)
        << "tick " << ticks << " at sine " << inclineSineOf(scenario);
    ASSERT_GE(scenario.player().position.x, x) << "tick " << ticks << ": only downhill";
    x = scenario.player().position.x;
  }
  EXPECT_LT(ticks, 120);
  scenario.step();
  EXPECT_TRUE(scenario.player().grounded) << "on the floor below";
  EXPECT_FLOAT_EQ(scenario.box().bottom(), kSlopeFloor);
  EXPECT_GE(scenario.box().centerX(), kColumn + 0.99f) << "beside the bump, not in it";
}

TEST(WalkableSlope, At60DegreesEvenAGroundedCharacterSlides) {
  Scenario scenario(kBump);
  placeOnBump(scenario, 60.0f, true);
  const float x = scenario.player().position.x;
  scenario.step();
  EXPECT_FALSE(scenario.player().grounded);
  scenario.step(input(0), 3);
  EXPECT_FALSE(scenario.player().grounded);
  EXPECT_GT(scenario.player().position.x, x) << "downhill";
  EXPECT_GT(scenario.player().velocity.y, 0.0f);
  EXPECT_GT(scenario.player().velocity.x, 0.0f);
  const float speed = std::hypot(scenario.player().velocity.x, scenario.player().velocity.y);
  EXPECT_GT(speed, 0.5f) << "gravity along the surface";
}

TEST(WalkableSlope, NoFlickerAtTheBoundaryOver600Ticks) {
  for (const float degrees : {54.9f, 55.1f, 57.9f}) {
    Scenario scenario(kBump);
    placeOnBump(scenario, degrees, true);
    int changes = 0;
    bool grounded = true;
    for (int tick = 0; tick < 600; ++tick) {
      scenario.step();
      changes += scenario.player().grounded != grounded ? 1 : 0;
      grounded = scenario.player().grounded;
    }
    EXPECT_EQ(changes, 0) << degrees << "°";
    EXPECT_TRUE(grounded) << degrees << "°";
  }
}

TEST(WalkableSlope, RunningOverTheRoundedEdgeLeavesTheGroundAt58Degrees) {
  Scenario scenario(
      "S.........\n"
      "##L.......\n"
      "###.......\n"
      "##########\n");
  ASSERT_TRUE(scenario.player().grounded);
  const float staySine = StepParameters{scenario.config}.staySine;
  float lastGroundedSine = -1.0f;
  for (int tick = 0; tick < 60 && scenario.box().bottom() < 3.0f; ++tick) {
    scenario.step(input(kRight));
    const float sine = scenario.box().centerX() - 2.0f;
    if (scenario.player().grounded && sine > 0.0f && sine < 1.0f) {
      lastGroundedSine = sine;
    }
  }
  EXPECT_GT(lastGroundedSine, 0.7f) << "it followed the curve a while";
  EXPECT_LE(lastGroundedSine, staySine);
}

TEST(WalkableSlope, TheVerticalEndOfARoundedTileIsAWall) {
  Scenario scenario(
      "..........\n"
      "..........\n"
      "...L....S.\n"
      "##########\n");
  ASSERT_TRUE(scenario.player().grounded);
  scenario.step(input(kLeft), 90);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), kSlopeFloor) << "not climbed";
  EXPECT_NEAR(scenario.box().centerX(), kColumn + 1.0f, 1e-4f) << "stopped at its foot";
  EXPECT_TRUE(scenario.player().grounded);
}

}  // namespace
}  // namespace coyote::test
