#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

// A tall wall on the right of an open shaft.
const char* const kShaft =
    "..........#\n"
    "......S...#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "..........#\n"
    "###########\n";

// Drifts right into the wall and returns once wall contact is established.
Scenario slidingOnRightWall() {
  Scenario scenario(kShaft);
  for (int tick = 0; tick < 120 && scenario.player().wallDirection == 0; ++tick) {
    scenario.step(input(kRight));
  }
  return scenario;
}

TEST(Wall, ContactSetsWallDirectionWhenPushingInTheAir) {
  Scenario scenario = slidingOnRightWall();
  EXPECT_EQ(scenario.player().wallDirection, 1);
  EXPECT_FALSE(scenario.player().grounded);
  scenario.step(input(0));
  EXPECT_EQ(scenario.player().wallDirection, 0) << "no contact without pushing";
}

TEST(Wall, SlideCapsFallSpeed) {
  Scenario scenario = slidingOnRightWall();
  for (int tick = 0; tick < 30 && !scenario.player().grounded; ++tick) {
    scenario.step(input(kRight));
    ASSERT_LE(scenario.player().velocity.y, scenario.config.wallSlideSpeed);
  }
  EXPECT_EQ(scenario.player().velocity.y, scenario.config.wallSlideSpeed);
}

TEST(Wall, JumpEjectsAwayFromTheWall) {
  Scenario scenario = slidingOnRightWall();
  scenario.step(input(kRight, 0, kButtonJump));
  const PhysicsConfig c;
  // The push is 11 tiles/s left; air decay toward the run speed has already taken one step.
  EXPECT_FLOAT_EQ(scenario.player().velocity.x, -c.wallJumpSpeedX + c.airAccel / 60.0f);
  EXPECT_FLOAT_EQ(scenario.player().velocity.y, -c.wallJumpSpeedY + c.gravity / 60.0f);
  EXPECT_EQ(scenario.player().wallJumpLockTicks, 9);  // 0.15 s
}

TEST(Wall, HorizontalInputIsLockedForExactlyTheLockDuration) {
  Scenario holding = slidingOnRightWall();
  holding.step(input(kRight, 0, kButtonJump));
  Scenario released = holding;
  // Steps 2..9 of the lock: pushing toward the wall changes nothing.
  for (int tick = 2; tick <= 9; ++tick) {
    holding.step(input(kRight, 0, kButtonJump));
    released.step(input(0, 0, kButtonJump));
    ASSERT_EQ(holding.player().velocity.x, released.player().velocity.x) << "lock step " << tick;
  }
  // The first step after the lock: input counts again.
  holding.step(input(kRight, 0, kButtonJump));
  released.step(input(0, 0, kButtonJump));
  EXPECT_GT(holding.player().velocity.x, released.player().velocity.x);
}

TEST(Wall, GroundJumpHasPriorityOverWallJump) {
  Scenario scenario(
      ".....#\n"
      "..S..#\n"
      "######\n");
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(kRight), 20);
  scenario.step(input(kRight, 0, kButtonJump));
  EXPECT_EQ(scenario.player().wallJumpLockTicks, 0);
  EXPECT_LT(scenario.player().velocity.y, 0.0f);
}

// ---- pressed against every kind of wall: no velocity into it -----------------------------------

enum class WallKind { TileSide, RoundedFoot, SteepSlope, CrateAgainstTiles, HeavyCrate, Platform };

const char* wallName(WallKind kind) {
  switch (kind) {
    case WallKind::TileSide:
      return "tile side";
    case WallKind::RoundedFoot:
      return "rounded tile's foot";
    case WallKind::SteepSlope:
      return "slope beyond the limit";
    case WallKind::CrateAgainstTiles:
      return "crate against the tiles";
    case WallKind::HeavyCrate:
      return "heavy crate";
    case WallKind::Platform:
      return "platform";
  }
  return "?";
}

/// A level with the wall's face at x = 12 on kHall's floor, the player at x = 8.
Scenario wallOf(WallKind kind) {
  PhysicsConfig config;
  if (kind == WallKind::SteepSlope) {
    config.maxWalkableAngle = 40.0f;  // a 45° slope is then too steep to walk up
  }
  const std::string tile = kind == WallKind::TileSide      ? "#"
                           : kind == WallKind::RoundedFoot ? "R"
                           : kind == WallKind::SteepSlope  ? "/"
                                                           : ".";
  const std::string behind = kind == WallKind::CrateAgainstTiles ? ".#"
                             : kind == WallKind::HeavyCrate      ? ".."
                                                                 : "##";
  Scenario scenario(
      "...............\n"
      "...............\n"
      "........S..." +
          tile + behind + "\n" + "###############\n",
      config);
  if (kind == WallKind::CrateAgainstTiles) {
    scenario.add(CrateDefinition{{13.0f, 2.0f}, {1.0f, 1.0f}, 4.0f});  // the tile behind at 14
    scenario.add(CrateDefinition{{12.0f, 2.0f}, {1.0f, 1.0f}, 4.0f});  // and a crate behind it
  } else if (kind == WallKind::HeavyCrate) {
    scenario.add(CrateDefinition{{12.0f, 2.0f}, {1.0f, 1.0f}, 1000.0f});
  } else if (kind == WallKind::Platform) {
    scenario.add(PlatformDefinition{{1.0f, 2.0f}, {{12.0f, 1.0f}}});
  }
  return scenario;
}

TEST(Wall, PressedAgainstAnyKindOfWallNoVelocityIsLeftIntoIt) {
  for (const WallKind kind :
       {WallKind::TileSide, WallKind::RoundedFoot, WallKind::SteepSlope,
        WallKind::CrateAgainstTiles, WallKind::HeavyCrate, WallKind::Platform}) {
    Scenario scenario = wallOf(kind);
    scenario.step(input(kRight), 60);  // run into it and keep pressing
    const Vec2 pressed = scenario.player().position;
    for (int tick = 0; tick < 30; ++tick) {
      scenario.step(input(kRight));
      const Character& player = scenario.player();
      const bool still = player.grounded && player.velocity.x == 0.0f &&
                         player.velocity.y == 0.0f && player.position.x == pressed.x;
      EXPECT_TRUE(still) << wallName(kind) << ", tick " << tick << ": velocity "
                         << player.velocity.x << ", " << player.velocity.y << ", moved "
                         << player.position.x - pressed.x;
      if (!still) {
        break;
      }
    }
    // A followable tile stops the box where its centre meets the foot; the others at their face.
    const bool followable = kind == WallKind::RoundedFoot || kind == WallKind::SteepSlope;
    const float face = followable ? 12.0f + scenario.config.playerWidth * 0.5f : 12.0f;
    EXPECT_NEAR(scenario.box().right(), face, 0.01f) << wallName(kind) << ": at its face";
    // A jump from there goes straight up: nothing carried into it.
    scenario.step(input(0, 0, kButtonJump));
    EXPECT_EQ(scenario.player().velocity.x, 0.0f) << wallName(kind) << ": jumping";
  }
}

}  // namespace
}  // namespace coyote::test
