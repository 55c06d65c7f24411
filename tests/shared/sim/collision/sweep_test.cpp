#include "sim/collision/sweep.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>

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

std::uint32_t bitsOf(float value) {
  return std::bit_cast<std::uint32_t>(value);
}

// The open-air shortcut must give sweepAabb's very bits where nothing is near: for random boxes
// and motions in and around an empty grid, and for the motions whose bits a sum could change
// (a -0, a denormal; a NaN dx, which the X pass never adds). Motions stay finite, as the guards
// keep them: an infinite or NaN dy would have the tile pass walk rows without end.
TEST(Sweep, ThroughNothingGivesTheSweepsBitsInEmptySpace) {
  const Level empty(12, 8);
  std::mt19937 random(5);
  std::uniform_real_distribution<float> coordinate(-4.0f, 16.0f);
  std::uniform_real_distribution<float> side(0.1f, 0.95f);
  std::uniform_real_distribution<float> motion(-1.5f, 1.5f);
  const float special[] = {0.0f, -0.0f, 1e-30f, -1e-30f, std::numeric_limits<float>::denorm_min()};
  for (int trial = 0; trial < 100000; ++trial) {
    const Aabb box{{coordinate(random), coordinate(random)}, {side(random), side(random)}};
    Vec2 delta{motion(random), motion(random)};
    if (trial % 4 == 0) {
      delta.x = special[static_cast<std::size_t>(trial / 4) % std::size(special)];
    }
    if (trial % 4 == 1) {
      delta.y = special[static_cast<std::size_t>(trial / 4) % std::size(special)];
    }
    if (trial % 1000 == 2) {
      delta.x = std::numeric_limits<float>::quiet_NaN();
    }
    const SweepResult swept = sweepAabb(box, delta, empty, OneWayRule{true, box.bottom()});
    const SweepResult shortcut = sweepThroughNothing(box, delta);
    ASSERT_EQ(bitsOf(shortcut.box.position.x), bitsOf(swept.box.position.x)) << "trial " << trial;
    ASSERT_EQ(bitsOf(shortcut.box.position.y), bitsOf(swept.box.position.y)) << "trial " << trial;
    ASSERT_EQ(shortcut.normalX, swept.normalX);
    ASSERT_EQ(shortcut.normalY, swept.normalY);
  }
  // -0 + 0 would be +0: the X pass leaves a box at -0 where it is when dx is 0.
  const Aabb atMinusZero{{-0.0f, 1.0f}, {0.5f, 0.5f}};
  EXPECT_EQ(bitsOf(sweepThroughNothing(atMinusZero, {0.0f, 0.25f}).box.position.x), 0x80000000u);
}

}  // namespace
}  // namespace coyote
