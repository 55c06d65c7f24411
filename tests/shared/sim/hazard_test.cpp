#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote {
namespace {

using test::input;
using test::kLeft;
using test::kRight;
using test::Scenario;

// Spawn on the left, a checkpoint area at columns 10-11, spikes at columns 16-17 and 20.
constexpr const char* kCourse =
    "########################\n"
    "#......................#\n"
    "#......................#\n"
    "#......................#\n"
    "#.S.............^^..^..#\n"
    "########################\n";

Scenario course() {
  Scenario scenario(kCourse);
  scenario.level.checkpoints.push_back({{10.0f, 3.0f}, {2.0f, 2.0f}});
  return scenario;
}

// Runs right until the character is past `x` or respawned behind it; true if it respawned.
bool runUntilPast(Scenario& scenario, float x, int limit = 240) {
  for (int tick = 0; tick < limit; ++tick) {
    const float before = scenario.player().position.x;
    scenario.step(input(kRight));
    if (scenario.player().position.x < before - 1.0f) {
      return true;
    }
    if (scenario.player().position.x > x) {
      return false;
    }
  }
  return false;
}

TEST(Hazard, AHazardTileRespawnsACharacterAtItsSpawnWithoutACheckpoint) {
  Scenario scenario(kCourse);
  const Vec2 spawn = scenario.player().spawn;
  ASSERT_TRUE(runUntilPast(scenario, 30.0f));
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, spawn.x);
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, spawn.y);
  EXPECT_EQ(scenario.player().checkpoint, -1);
}

TEST(Hazard, ATouchedCheckpointIsWhereAHazardSendsTheCharacter) {
  Scenario scenario = course();
  ASSERT_TRUE(runUntilPast(scenario, 30.0f));
  EXPECT_EQ(scenario.player().checkpoint, 0);
  // The checkpoint's bottom-centre: x 11, y 5.
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 11.0f);
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, 5.0f);
  EXPECT_FLOAT_EQ(scenario.player().spawn.x, 2.5f);  // its spawn is kept
}

TEST(Hazard, StandingNextToSpikesIsSafe) {
  Scenario scenario(kCourse);
  scenario.player().position = {15.0f - scenario.config.playerWidth, 4.2f};
  scenario.step({}, 30);
  EXPECT_FLOAT_EQ(scenario.player().position.x, 15.0f - scenario.config.playerWidth);
}

TEST(Hazard, ACheckpointIndexTheLevelDoesNotHaveMeansTheSpawn) {
  Scenario scenario = course();
  scenario.player().checkpoint = 99;           // from a hostile state
  scenario.player().position = {16.2f, 4.2f};  // on the spikes
  scenario.step();
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 2.5f);
  EXPECT_EQ(scenario.player().checkpoint, -1);
}

TEST(Hazard, FallingOffTheLevelAlsoReturnsToTheCheckpoint) {
  Scenario scenario(
      "#......#\n"
      "#.S....#\n"
      "###....#\n");
  scenario.level.checkpoints.push_back({{1.0f, 1.0f}, {1.0f, 1.0f}});
  scenario.step({}, 5);
  ASSERT_EQ(scenario.player().checkpoint, -1);
  scenario.player().position.x = 1.2f;  // into the checkpoint
  scenario.step();
  ASSERT_EQ(scenario.player().checkpoint, 0);
  scenario.player().position = {5.0f, 1.0f};  // over the hole
  scenario.step({}, 120);
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 1.5f);
}

}  // namespace
}  // namespace coyote
