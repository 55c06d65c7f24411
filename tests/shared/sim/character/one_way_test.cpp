#include <algorithm>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

const char* const kPlatform =
    "....S.....\n"
    "..........\n"
    "..........\n"
    "..........\n"
    "..------..\n"
    "..........\n"
    "..........\n"
    "##########\n";

TEST(OneWay, LandsFromAbove) {
  Scenario scenario(kPlatform);
  ASSERT_TRUE(scenario.settle());
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 4.0f);
}

// A fall at the guard's maximum speed (physics.max_character_speed, a tile a tick) onto a
// one-way platform lands on its top: the sweep meets the edge it crosses, however far it goes
// in the tick.
TEST(OneWay, AFallAtTheGuardsMaximumSpeedLandsOnItsTop) {
  Scenario scenario(kPlatform);
  scenario.player().velocity.y = scenario.config.maxCharacterSpeed;
  float lowest = 0.0f;
  for (int tick = 0; tick < 20 && !scenario.player().grounded; ++tick) {
    scenario.player().velocity.y = scenario.config.maxCharacterSpeed;  // held at the maximum
    scenario.step();
    lowest = std::max(lowest, scenario.box().bottom());
  }
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 4.0f);
  EXPECT_LE(lowest, 4.0f) << "never below the platform's top";
}

TEST(OneWay, PassesFromBelowThenHolds) {
  Scenario scenario(kPlatform);
  scenario.player().position.y = 7.0f - scenario.config.playerHeight;  // on the floor
  ASSERT_TRUE(scenario.settle());
  float highest = scenario.player().position.y;
  for (int tick = 0; tick < 90; ++tick) {
    scenario.step(input(0, 0, tick < 30 ? kButtonJump : 0));
    highest = std::min(highest, scenario.player().position.y);
  }
  EXPECT_LT(highest + scenario.config.playerHeight, 4.0f) << "jumped through the platform";
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 4.0f) << "and landed on top of it";
}

TEST(OneWay, DoesNotBlockFromTheSide) {
  Scenario scenario(
      "..........\n"
      "S...-----.\n"
      "##########\n");
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(kRight), 60);
  EXPECT_GT(scenario.player().position.x, 6.0f);
  EXPECT_TRUE(scenario.player().grounded);
}

TEST(OneWay, DownPlusJumpDropsThrough) {
  Scenario scenario(kPlatform);
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(0, kDown, kButtonDown | kButtonJump));
  EXPECT_FALSE(scenario.player().grounded);
  EXPECT_GT(scenario.box().bottom(), 4.0f);
  ASSERT_TRUE(scenario.settle());
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 7.0f);
}

TEST(OneWay, DownPlusJumpOnSolidGroundIsAJump) {
  Scenario scenario(
      "..........\n"
      "....S.....\n"
      "##########\n");
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(0, kDown, kButtonDown | kButtonJump));
  EXPECT_LT(scenario.player().velocity.y, 0.0f);
}

}  // namespace
}  // namespace coyote::test
