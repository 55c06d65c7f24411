#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

std::string openSky() {
  std::string picture;
  for (int row = 0; row < 40; ++row) {
    picture += row == 20 ? std::string(20, '.') + "S" + std::string(19, '.') + "\n"
                         : std::string(40, '.') + "\n";
  }
  return picture;
}

TEST(Dash, LastsNineTicksAtSixtyHertz) {
  EXPECT_EQ(Scenario(openSky()).parameters.dashTicks, 9);
}

TEST(Dash, AllEightDirectionsHaveTheSameSpeedAndNoGravity) {
  const int directions[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (const auto& d : directions) {
    Scenario scenario(openSky());
    const PlayerInput press = input(d[0] * 127, d[1] * 127, kButtonDash);
    scenario.step(press);
    const Vec2 v = scenario.player().velocity;
    EXPECT_NEAR(std::sqrt(v.x * v.x + v.y * v.y), scenario.config.dashSpeed, 1e-4f);
    EXPECT_EQ(v.x > 0.0f ? 1 : (v.x < 0.0f ? -1 : 0), d[0]);
    EXPECT_EQ(v.y > 0.0f ? 1 : (v.y < 0.0f ? -1 : 0), d[1]);
    // Gravity is suspended: the velocity stays the same for the whole dash.
    for (int tick = 1; tick < scenario.parameters.dashTicks; ++tick) {
      scenario.step(press);
      EXPECT_EQ(scenario.player().velocity.x, v.x);
      EXPECT_EQ(scenario.player().velocity.y, v.y);
    }
    EXPECT_FALSE(scenario.player().dashing());
  }
}

TEST(Dash, WithoutDirectionGoesWhereTheCharacterFaces) {
  Scenario scenario(openSky());
  scenario.step(input(-127));
  scenario.step(input(0, 0, kButtonDash));
  EXPECT_EQ(scenario.player().velocity.x, -scenario.config.dashSpeed);
  EXPECT_EQ(scenario.player().velocity.y, 0.0f);
}

TEST(Dash, MoveInputIsIgnoredDuringTheDash) {
  Scenario scenario(openSky());
  scenario.step(input(127, 0, kButtonDash));
  scenario.step(input(-127, 127, kButtonDash), 4);
  EXPECT_EQ(scenario.player().velocity.x, scenario.config.dashSpeed);
  EXPECT_EQ(scenario.player().velocity.y, 0.0f);
}

TEST(Dash, At80TilesPerSecondStopsExactlyAtAOneTileWall) {
  PhysicsConfig config;
  config.dashSpeed = 80.0f;
  Scenario scenario(
      "....................\n"
      "..S.......#.........\n"
      "####################\n",
      config);
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(127, 0, kButtonDash));
  scenario.step(input(0, 0, kButtonDash), 8);
  EXPECT_EQ(scenario.player().position.x, 10.0f - config.playerWidth);
  EXPECT_EQ(scenario.player().velocity.x, 0.0f);
  EXPECT_FALSE(scenario.player().dashing());  // a dash stops dead on a wall
}

TEST(Dash, RefilledOnlyOnGround) {
  Scenario scenario(
      "..........\n"
      "....S.....\n"
      "..........\n"
      "..........\n"
      "..........\n"
      "..........\n"
      "##########\n");
  scenario.step(input(0, 0, kButtonDash));
  EXPECT_TRUE(scenario.player().dashing());
  scenario.step(input(0), 12);
  EXPECT_FALSE(scenario.player().dashAvailable);
  scenario.step(input(0, 0, kButtonDash));
  EXPECT_FALSE(scenario.player().dashing()) << "second air dash must be refused";
  ASSERT_TRUE(scenario.settle());
  EXPECT_TRUE(scenario.player().dashAvailable);
  scenario.step(input(0, -127, kButtonDash));
  EXPECT_TRUE(scenario.player().dashing());
}

TEST(Dash, LevelBudgetRefusesDashes) {
  Scenario scenario(
      "..........\n"
      "....S.....\n"
      "##########\n");
  scenario.level.dashesRemaining = 1;
  scenario.state = makeWorld(1, scenario.level, scenario.config);
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(127, 0, kButtonDash));
  EXPECT_TRUE(scenario.player().dashing());
  scenario.step(input(0), 20);
  ASSERT_TRUE(scenario.player().dashAvailable);
  scenario.step(input(-127, 0, kButtonDash));
  EXPECT_FALSE(scenario.player().dashing());
  EXPECT_EQ(scenario.player().dashesRemaining, 0);
}

}  // namespace
}  // namespace coyote::test
