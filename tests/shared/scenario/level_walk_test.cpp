// The level walk (docs/levels.md#the-level-walk): every bundled level looks like what it does —
// no bump a walker is stopped by where a player would expect to walk over it.
#include "scenario/level_walk.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "scenario/ascii_level.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

TEST(LevelWalk, TheFootOfARoundedMoundIsReportedABlockIsNot) {
  const Level level = levelFromAscii(
      "########################\n"
      "#......................#\n"
      "#......................#\n"
      "#......................#\n"
      "#.S.....R##L.....#.....#\n"
      "########################\n");
  const LevelWalk walk = walkLevel(level, PhysicsConfig{});
  EXPECT_GT(walk.starts, 15);
  EXPECT_GT(walk.stops, 0) << "the level's walls and the block stop it";
  ASSERT_EQ(walk.unexpected.size(), 2u) << "each foot of the mound, not the block at 17";
  const WalkStop& right =
      walk.unexpected[0].direction > 0 ? walk.unexpected[0] : walk.unexpected[1];
  const WalkStop& left = walk.unexpected[0].direction > 0 ? walk.unexpected[1] : walk.unexpected[0];
  EXPECT_EQ(right.column, 8);
  EXPECT_EQ(right.tile, TileType::RoundedUpRight);
  EXPECT_FLOAT_EQ(right.rise, 1.0f);
  EXPECT_EQ(left.column, 11);
  EXPECT_EQ(left.tile, TileType::RoundedUpLeft);
  EXPECT_NE(right.describe().find("rounded"), std::string::npos) << right.describe();
}

TEST(LevelWalk, AMoundOfSlopesIsWalkedOver) {
  const Level level = levelFromAscii(
      "########################\n"
      "#......................#\n"
      "#......................#\n"
      "#......................#\n"
      "#.S...../##\\...........#\n"
      "########################\n");
  const LevelWalk walk = walkLevel(level, PhysicsConfig{});
  EXPECT_TRUE(walk.unexpected.empty()) << walk.unexpected.front().describe();
}

TEST(LevelWalk, ASlopeMeetingABlockOfItsHeightIsWalkedOver) {
  // The junction (docs/simulation.md#junctions), without step-up to help.
  PhysicsConfig config;
  config.stepHeight = 0.0f;
  const Level level = levelFromAscii(
      "##############\n"
      "#............#\n"
      "#............#\n"
      "#.S..../#....#\n"
      "#......##....#\n"
      "##############\n");
  const LevelWalk walk = walkLevel(level, config);
  EXPECT_TRUE(walk.unexpected.empty()) << walk.unexpected.front().describe();
}

TEST(LevelWalk, EveryBundledLevelReportsNoBumpThatStopsAWalker) {
  const std::filesystem::path levels = std::filesystem::path(COYOTE_SOURCE_DIR) / "configs/levels";
  int walked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(levels)) {
    if (entry.path().extension() != ".tmj") {
      continue;
    }
    const LevelWalk walk =
        walkLevel(test::bundledLevel(entry.path().filename().string()), PhysicsConfig{});
    ++walked;
    EXPECT_GT(walk.starts, 30) << entry.path() << ": it walked from its floors";
    EXPECT_GT(walk.stops, 10) << entry.path() << ": and met its walls";
    for (const WalkStop& stop : walk.unexpected) {
      ADD_FAILURE() << entry.path().filename().string() << ": " << stop.describe();
    }
  }
  EXPECT_EQ(walked, 4) << "arena, bench, playground, race";
}

}  // namespace
}  // namespace coyote
