// A character placed on the ground stands on it from its first tick
// (docs/simulation.md#the-character-step): a jump on tick 1 is a ground jump.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "sim/character/spawn.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

TEST(Spawn, ACharacterPlacedOnTheFloorIsGroundedBeforeItsFirstTick) {
  Scenario scenario(kHall);
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_FALSE(scenario.player().onSlope);
  EXPECT_EQ(scenario.player().ticksSinceGrounded, 0);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 7.0f);
}

TEST(Spawn, AJumpOnTheFirstTickIsAGroundJumpAndKeepsTheAirJump) {
  Scenario scenario(kHall);
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
  scenario.step(input(kRight), 60);  // into the spikes and back to the spawn
  bool respawnedGrounded = false;
  for (int tick = 0; tick < 60 && !respawnedGrounded; ++tick) {
    const float before = scenario.player().position.x;
    scenario.step(input(kRight));
    respawnedGrounded = scenario.player().position.x < before - 1.0f && scenario.player().grounded;
  }
  EXPECT_TRUE(respawnedGrounded);
}

// ---- on a body: a platform or a crate, exactly on its top or within the snap distance ---------

constexpr float kBodyTop = 5.0f;  // two tiles above kHall's floor

enum class Under { Tile, Platform, OneWayPlatform, Crate };

/// kHall with a block of tiles or a body whose top is at kBodyTop under x = 10, and the player
/// spawned `above` it.
Scenario spawnedOn(Under under, float above) {
  Scenario scenario(kHall);
  if (under == Under::Tile) {
    for (int column = 9; column <= 10; ++column) {
      scenario.level.setTile(column, 5, TileType::Solid);
      scenario.level.setTile(column, 6, TileType::Solid);
    }
  } else if (under == Under::Crate) {
    scenario.add(CrateDefinition{{9.0f, kBodyTop}, {2.0f, 2.0f}, 5.0f});
  } else {
    PlatformDefinition platform{{2.0f, 0.5f}, {{9.0f, kBodyTop}}};
    platform.oneWay = under == Under::OneWayPlatform;
    scenario.add(platform);
  }
  spawnCharacter(scenario.player(), {10.0f, kBodyTop - above}, scenario.state, scenario.level,
                 scenario.config);
  return scenario;
}

const char* nameOf(Under under) {
  return under == Under::Crate      ? "crate"
         : under == Under::Platform ? "platform"
         : under == Under::Tile     ? "tile"
                                    : "one-way";
}

TEST(Spawn, OnATilePlatformOrCrateItStandsOnItFromTheFirstTick) {
  for (const Under under : {Under::Tile, Under::Platform, Under::OneWayPlatform, Under::Crate}) {
    for (const float above : {0.0f, 0.01f, 0.2f, PhysicsConfig{}.groundSnapDistance}) {
      Scenario scenario = spawnedOn(under, above);
      const Character& player = scenario.player();
      EXPECT_TRUE(player.grounded) << nameOf(under) << ", " << above << " above";
      EXPECT_EQ(player.support, under == Under::Crate  ? kCrateIdBase
                                : under == Under::Tile ? kNoBody
                                                       : BodyId{0});
      EXPECT_FLOAT_EQ(scenario.box().bottom(), kBodyTop) << nameOf(under) << ", " << above;
      scenario.step(input(0), 5);
      EXPECT_FLOAT_EQ(scenario.box().bottom(), kBodyTop) << nameOf(under) << ": it never fell";
      EXPECT_TRUE(scenario.player().grounded);
    }
  }
}

TEST(Spawn, OnATilePlatformOrCrateAJumpOnTheFirstTickIsAGroundJump) {
  for (const Under under : {Under::Tile, Under::Platform, Under::OneWayPlatform, Under::Crate}) {
    for (const float above : {0.0f, 0.2f}) {
      Scenario scenario = spawnedOn(under, above);
      std::vector<StepEvent> events = scenario.stepCollecting(input(0, 0, kButtonJump));
      const auto jump = std::find_if(events.begin(), events.end(), [](const StepEvent& event) {
        return event.kind == EventKind::Jumped;
      });
      ASSERT_NE(jump, events.end()) << nameOf(under) << ", " << above << " above";
      EXPECT_EQ(static_cast<JumpKind>(jump->value), JumpKind::Ground) << nameOf(under);
      EXPECT_EQ(scenario.player().airJumpsLeft, scenario.config.airJumps) << "the air jump kept";
    }
  }
}

TEST(Spawn, BeyondTheSnapDistanceAboveABodyItFalls) {
  Scenario scenario = spawnedOn(Under::Platform, PhysicsConfig{}.groundSnapDistance + 0.05f);
  EXPECT_FALSE(scenario.player().grounded);
  EXPECT_EQ(scenario.player().support, kNoBody);
}

TEST(Spawn, OnACrateLyingOnTheFloorItStandsOnTheCrateNotTheFloor) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{9.0f, 6.9f}, {2.0f, 0.1f}, 5.0f});  // 0.1 high: within the snap
  spawnCharacter(scenario.player(), {10.0f, 6.9f}, scenario.state, scenario.level, scenario.config);
  EXPECT_EQ(scenario.player().support, kCrateIdBase);
  EXPECT_FLOAT_EQ(scenario.box().bottom(), 6.9f);
}

TEST(Spawn, ARespawnPressOntoAPlatformStandsOnIt) {
  Scenario scenario = spawnedOn(Under::Platform, 0.0f);
  scenario.player().spawn = {10.0f, kBodyTop - 0.1f};
  scenario.step(input(kLeft), 30);  // off the platform, onto the floor
  ASSERT_FLOAT_EQ(scenario.box().bottom(), 7.0f);
  scenario.step(input(0, 0, kButtonRespawn));
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_EQ(scenario.player().support, BodyId{0});
  EXPECT_FLOAT_EQ(scenario.box().bottom(), kBodyTop);
}

}  // namespace
}  // namespace coyote::test
