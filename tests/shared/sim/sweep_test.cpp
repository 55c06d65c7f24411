#include "sim/sweep.h"

#include <gtest/gtest.h>

#include "scenario/ascii_level.h"
#include "support/scenario.h"

namespace coyote {
namespace {

const Vec2 kPlayerSize{0.4f, 0.8f};
constexpr float kDt = 1.0f / 60.0f;

TEST(Sweep, DashAt80TilesPerSecondStopsAtOneTileWall) {
  const Level level = levelFromAscii(
      "....................\n"
      "..........#.........\n"
      "....................\n");
  Aabb box{{2.0f, 1.1f}, kPlayerSize};
  SweepResult result{};
  for (int tick = 0; tick < 12; ++tick) {  // 80 tiles/s = 1.33 tiles per tick: more than the wall
    result = sweepAabb(box, {80.0f * kDt, 0.0f}, level, {});
    box = result.box;
    ASSERT_LE(box.right(), 10.0f + kSkin) << "tunnelled into the wall at tick " << tick;
  }
  EXPECT_EQ(box.position.x, 10.0f - kPlayerSize.x);
  EXPECT_EQ(result.normalX, -1);
  EXPECT_EQ(box.position.y, 1.1f);
}

TEST(Sweep, LeftwardDashStopsAtOneTileWallToo) {
  const Level level = levelFromAscii(
      "....................\n"
      "....#...............\n");
  Aabb box{{15.0f, 1.1f}, kPlayerSize};
  for (int tick = 0; tick < 12; ++tick) {
    box = sweepAabb(box, {-80.0f * kDt, 0.0f}, level, {}).box;
  }
  EXPECT_EQ(box.position.x, 5.0f);
}

TEST(Sweep, FallAt200TilesPerSecondStopsOnOneTileFloor) {
  std::string picture;
  for (int row = 0; row < 40; ++row) {
    picture += row == 30 ? "#####\n" : ".....\n";
  }
  const Level level = levelFromAscii(picture);
  Aabb box{{2.0f, 0.0f}, kPlayerSize};
  SweepResult result{};
  for (int tick = 0; tick < 20; ++tick) {  // 3.33 tiles per tick against a 1-tile floor
    result = sweepAabb(box, {0.0f, 200.0f * kDt}, level, {});
    box = result.box;
  }
  EXPECT_EQ(box.position.y, 30.0f - kPlayerSize.y);
  EXPECT_EQ(result.normalY, -1);
}

TEST(Sweep, RisingIntoCeilingClampsBelowIt) {
  const Level level = levelFromAscii(
      "#####\n"
      ".....\n"
      ".....\n"
      ".....\n");
  const SweepResult result = sweepAabb({{2.0f, 2.5f}, kPlayerSize}, {0.0f, -3.0f}, level, {});
  EXPECT_EQ(result.box.position.y, 1.0f);
  EXPECT_EQ(result.normalY, 1);
}

TEST(Sweep, DiagonalMotionAgainstWallKeepsFalling) {
  const Level level = levelFromAscii(
      ".....#....\n"
      ".....#....\n"
      ".....#....\n"
      ".....#....\n");
  const Aabb touching{{5.0f - kPlayerSize.x, 0.5f}, kPlayerSize};
  const SweepResult result = sweepAabb(touching, {0.5f, 0.75f}, level, {});
  EXPECT_EQ(result.box.position.x, touching.position.x);
  EXPECT_EQ(result.normalX, -1);
  EXPECT_FLOAT_EQ(result.box.position.y, 1.25f);
  EXPECT_EQ(result.normalY, 0);
}

TEST(Sweep, WalkingAlongFloorIsNotBlockedByIt) {
  const Level level = levelFromAscii(
      "..........\n"
      "##########\n");
  const Aabb resting{{1.0f, 1.0f - kPlayerSize.y}, kPlayerSize};
  const SweepResult result = sweepAabb(resting, {3.0f, 0.0f}, level, {});
  EXPECT_FLOAT_EQ(result.box.position.x, 4.0f);
  EXPECT_EQ(result.normalX, 0);
  EXPECT_EQ(result.normalY, -1);  // still in contact with the floor (dy = 0 probes it)
}

TEST(Sweep, TouchesWallOnlyWhenAdjacent) {
  const Level level = levelFromAscii(
      "....#\n"
      "....#\n");
  EXPECT_TRUE(touchesWall({{4.0f - kPlayerSize.x, 0.5f}, kPlayerSize}, 1, level));
  EXPECT_FALSE(touchesWall({{3.0f, 0.5f}, kPlayerSize}, 1, level));
  EXPECT_FALSE(touchesWall({{4.0f - kPlayerSize.x, 0.5f}, kPlayerSize}, -1, level));
}

TEST(Sweep, BoxRestingOnFloorFor600TicksKeepsExactlyTheSameY) {
  test::Scenario scenario(
      "......\n"
      "..S...\n"
      "######\n");
  ASSERT_TRUE(scenario.settle());
  const float restingY = scenario.player().position.y;
  EXPECT_EQ(restingY, 2.0f - 0.8f);
  for (int tick = 0; tick < 600; ++tick) {
    scenario.step();
    ASSERT_EQ(scenario.player().position.y, restingY) << "tick " << tick;
    ASSERT_TRUE(scenario.player().grounded) << "tick " << tick;
  }
}

}  // namespace
}  // namespace coyote
