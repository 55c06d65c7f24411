#include "sim/collision/slope.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote {
namespace {

using test::input;
using test::kLeft;
using test::kRight;

TEST(Slope, SurfaceHeightFollowsTheFourFormulas) {
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::SlopeUpRight, 0.0f), 1.0f);
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::SlopeUpRight, 0.25f), 0.75f);
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::SlopeUpLeft, 0.25f), 0.25f);
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::RoundedUpRight, 1.0f), 0.0f);
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::RoundedUpRight, 0.0f), 1.0f);
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::RoundedUpRight, 0.5f),
                  1.0f - std::sqrt(1.0f - 0.25f));
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::RoundedUpLeft, 0.0f), 0.0f);
  EXPECT_FLOAT_EQ(slopeSurfaceHeight(TileType::RoundedUpLeft, 0.6f), 1.0f - 0.8f);
}

TEST(Slope, SlopesAndRoundedTilesAreNeverSolid) {
  for (TileType type : {TileType::SlopeUpRight, TileType::SlopeUpLeft, TileType::RoundedUpRight,
                        TileType::RoundedUpLeft}) {
    EXPECT_FALSE(isSolid(type));
    EXPECT_TRUE(isFollowableSurface(type));
  }
}

struct ClimbCase {
  const char* name;
  const char* picture;
  int move;
  float plateauEdgeX;  ///< the player must get past this x (into the block's columns)
};

void PrintTo(const ClimbCase& climb, std::ostream* out) {
  *out << climb.name;
}

class ClimbOntoBlock : public ::testing::TestWithParam<ClimbCase> {};

// Walking up a slope onto a solid block of the same height never stops: this is the junction fix
// (rowIsSlopeGround) at work. (A rounded tile's low end is vertical, too steep to walk up:
// walkable_slope_test.cpp.)
TEST_P(ClimbOntoBlock, XGrowsEveryTickAndEndsOnTheBlock) {
  const ClimbCase& c = GetParam();
  test::Scenario scenario(c.picture);
  ASSERT_TRUE(scenario.settle());
  const float target = c.plateauEdgeX + static_cast<float>(c.move > 0 ? 1 : -1) * 1.5f;
  int ticks = 0;
  while ((c.move > 0) ? scenario.player().position.x < target
                      : scenario.player().position.x > target) {
    const float before = scenario.player().position.x;
    scenario.step(input(c.move));
    const float after = scenario.player().position.x;
    ASSERT_TRUE(c.move > 0 ? after > before : after < before)
        << c.name << " stuck at x=" << before << " y=" << scenario.player().position.y;
    ASSERT_LT(++ticks, 300) << c.name << " never reached the block";
  }
  scenario.step(input(0), 30);
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 3.0f) << c.name << " is not on the block's top";
}

INSTANTIATE_TEST_SUITE_P(Slope, ClimbOntoBlock,
                         ::testing::Values(ClimbCase{"SlopeUpRight",
                                                     "..............\n"
                                                     "..............\n"
                                                     "..............\n"
                                                     "..S....../####\n"
                                                     "##############\n",
                                                     kRight, 10.0f},
                                           ClimbCase{"SlopeUpLeft",
                                                     "..............\n"
                                                     "..............\n"
                                                     "..............\n"
                                                     "####\\......S..\n"
                                                     "##############\n",
                                                     kLeft, 4.0f}),
                         [](const auto& testInfo) { return std::string(testInfo.param.name); });

// A slope in the last column of the map, walked up and off its high end: beyond the grid there
// is nothing (tileAt is Empty there), so the character leaves the slope, falls, and every value
// stays finite.
TEST(Slope, ASlopeInTheLastColumnLeadsOffTheGridIntoTheVoid) {
  test::Scenario scenario(
      "S......\n"
      "....../\n"
      "#######\n");
  ASSERT_TRUE(scenario.settle());
  bool wasOnSlope = false;
  int ticksOffTheGrid = 0;
  for (int tick = 0; tick < 120; ++tick) {
    scenario.step(test::input(kRight));
    wasOnSlope = wasOnSlope || scenario.player().onSlope;
    ASSERT_TRUE(std::isfinite(scenario.player().position.x)) << "tick " << tick;
    ASSERT_TRUE(std::isfinite(scenario.player().position.y)) << "tick " << tick;
    if (scenario.box().left() >= 7.0f) {
      ++ticksOffTheGrid;
      EXPECT_FALSE(scenario.player().grounded) << "tick " << tick << ": nothing off the grid";
      EXPECT_GT(scenario.player().velocity.y, 0.0f) << "tick " << tick << ": it falls";
    }
  }
  EXPECT_TRUE(wasOnSlope) << "it walked up the slope first";
  EXPECT_GT(ticksOffTheGrid, 0) << "and went off the grid";
}

TEST(Slope, FastFallOntoSlopeLandsOnItsSurface) {
  test::Scenario scenario(
      "....S....\n"
      ".........\n"
      ".........\n"
      ".........\n"
      ".........\n"
      ".........\n"
      "..../....\n"
      "#########\n");
  scenario.player().velocity.y = 90.0f;  // 1.5 tiles per tick
  for (int tick = 0; tick < 10 && !scenario.player().grounded; ++tick) {
    scenario.step();
  }
  const Aabb box = scenario.box();
  const float localX = box.centerX() - 4.0f;
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_TRUE(scenario.player().onSlope);
  EXPECT_FLOAT_EQ(box.bottom(), 6.0f + slopeSurfaceHeight(TileType::SlopeUpRight, localX));
  EXPECT_EQ(scenario.player().velocity.y, 0.0f);
}

const char* const kDescent =
    "S.............\n"
    "###\\..........\n"
    "####\\.........\n"
    "#####\\........\n"
    "######\\.......\n"
    "##############\n";

TEST(Slope, WalkingDownAtFullSpeedIsNeverAirborne) {
  test::Scenario scenario(kDescent);
  ASSERT_TRUE(scenario.settle());
  while (scenario.player().position.x < 10.0f) {
    scenario.step(input(kRight));
    ASSERT_TRUE(scenario.player().grounded) << "airborne at x=" << scenario.player().position.x;
  }
  EXPECT_EQ(scenario.player().velocity.x, PhysicsConfig{}.maxRunSpeed);
}

TEST(Slope, WithoutGroundSnapTheSameDescentHops) {
  PhysicsConfig config;
  config.groundSnapDistance = 0.0f;
  test::Scenario scenario(kDescent, config);
  ASSERT_TRUE(scenario.settle());
  int airborneTicks = 0;
  while (scenario.player().position.x < 10.0f) {
    scenario.step(input(kRight));
    airborneTicks += scenario.player().grounded ? 0 : 1;
  }
  EXPECT_GT(airborneTicks, 0);
}

TEST(Slope, JumpingFromASlopeIsNotCancelledByTheFollow) {
  test::Scenario scenario(
      "..............\n"
      "..............\n"
      "..............\n"
      "..............\n"
      "..S......./###\n"
      "##############\n");
  ASSERT_TRUE(scenario.settle());
  while (!scenario.player().onSlope) {
    scenario.step(input(kRight));
  }
  const float before = scenario.player().position.y;
  scenario.step(input(kRight, 0, kButtonJump));
  EXPECT_LT(scenario.player().position.y, before);
  EXPECT_FALSE(scenario.player().grounded);
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

// A lift onto a slope that would put the box's top into a ceiling is refused, however small:
// a box whose top touches the ceiling's underside is never raised into it.
TEST(Slope, NoLiftRaisesTheBoxIntoALowCeiling) {
  test::Scenario scenario(
      "..........\n"
      "..........\n"
      "....##....\n"
      "....//....\n"
      "..S.......\n"
      "##########\n");
  // Placed on the first slope where its top touches the ceiling (y = 3): feet at 3.8.
  scenario.player().position = {4.0f, 3.0f};
  scenario.player().grounded = true;
  scenario.player().onSlope = true;
  for (int tick = 0; tick < 60; ++tick) {
    scenario.step(input(kRight));
    ASSERT_GE(scenario.box().top(), 3.0f - 1e-4f) << "tick " << tick << ": into the ceiling";
  }
}

}  // namespace
}  // namespace coyote
