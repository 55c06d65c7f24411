// A character placed on the ground stands on it from its first tick
// (docs/simulation.md#the-character-step): a jump on tick 1 is a ground jump.
#include <cmath>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote {
namespace {

using test::input;
using test::Scenario;

TEST(Spawn, ACharacterPlacedOnTheFloorIsGroundedBeforeItsFirstTick) {
  Scenario scenario(test::kHall);
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_FALSE(scenario.player().onSlope);
  EXPECT_EQ(scenario.player().ticksSinceGrounded, 0);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 7.0f);
}

TEST(Spawn, AJumpOnTheFirstTickIsAGroundJumpAndKeepsTheAirJump) {
  Scenario scenario(test::kHall);
  const auto events = scenario.stepCollecting(input(0, 0, kButtonJump));
  EXPECT_EQ(scenario.player().airJumpsLeft, scenario.config.airJumps);
  EXPECT_LT(scenario.player().velocity.y, 0.0f);
  bool jumped = false;
  for (const StepEvent& event : events) {
    jumped = jumped || event.kind == EventKind::Jumped;
  }
  EXPECT_TRUE(jumped);
  scenario.step(input(0), 10);  // release, then press again in the air
  scenario.step(input(0, 0, kButtonJump));
  EXPECT_EQ(scenario.player().airJumpsLeft, scenario.config.airJumps - 1) << "the air jump";
}

TEST(Spawn, OnASlopeItStandsOnTheSurface) {
  Scenario scenario(
      "..........\n"
      "....S.....\n"
      "....L.....\n"
      "##########\n");
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_TRUE(scenario.player().onSlope);
  // The rounded tile's surface under x = 4.5, 0.13 below the spawn point.
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 3.0f - std::sqrt(0.75f));
}

TEST(Spawn, HighInTheAirItFalls) {
  Scenario scenario(
      "....S.....\n"
      "..........\n"
      "..........\n"
      "##########\n");
  EXPECT_FALSE(scenario.player().grounded);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 1.0f);
}

TEST(Spawn, ARespawnAfterAHazardIsGroundedAtOnce) {
  Scenario scenario(
      "..........\n"
      "..........\n"
      ".S....^...\n"
      "##########\n");
  scenario.step(input(test::kRight), 60);  // into the spikes and back to the spawn
  bool respawnedGrounded = false;
  for (int tick = 0; tick < 60 && !respawnedGrounded; ++tick) {
    const float before = scenario.player().position.x;
    scenario.step(input(test::kRight));
    respawnedGrounded = scenario.player().position.x < before - 1.0f && scenario.player().grounded;
  }
  EXPECT_TRUE(respawnedGrounded);
}

}  // namespace
}  // namespace coyote
