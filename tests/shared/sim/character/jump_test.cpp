#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

// A ledge at x = 8 over a drop to a floor far below.
const char* const kLedge =
    "....................\n"
    "....................\n"
    "..S.................\n"
    "########............\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "####################\n";

PhysicsConfig withoutAirJumps() {
  PhysicsConfig config;
  config.airJumps = 0;
  return config;
}

const PlayerInput kRun = input(kRight);
const PlayerInput kRunJump = input(kRight, 0, kButtonJump);

bool jumpedThisStep(const Character& before, const Character& after) {
  return after.velocity.y < 0.0f && before.velocity.y >= 0.0f;
}

TEST(Jump, CoyoteTimeIsSixTicksAtSixtyHertz) {
  EXPECT_EQ(Scenario(kLedge).parameters.coyoteTicks, 6);
}

TEST(Jump, CoyoteTimeAllowsAJumpOnTheSixthAirborneTickButNotTheSeventh) {
  Scenario scenario(kLedge, withoutAirJumps());
  ASSERT_TRUE(scenario.settle());
  while (scenario.player().grounded) {
    scenario.step(kRun);
  }
  const WorldState leftGround = scenario.state;  // the first step that ended airborne
  for (int airborneTick = 1; airborneTick <= 8; ++airborneTick) {
    scenario.state = leftGround;
    scenario.step(kRun, airborneTick - 1);
    const Character before = scenario.player();
    scenario.step(kRunJump);
    EXPECT_EQ(jumpedThisStep(before, scenario.player()), airborneTick <= 6)
        << "jump pressed on airborne tick " << airborneTick;
  }
}

TEST(Jump, JumpBufferIsSevenTicksAtSixtyHertz) {
  EXPECT_EQ(Scenario(kLedge).parameters.jumpBufferTicks, 7);  // 0.12 s = 7.2 ticks
}

TEST(Jump, BufferedPressFiresOnLandingUpToSevenTicksEarly) {
  Scenario scenario(
      "..S..\n"
      ".....\n"
      ".....\n"
      ".....\n"
      ".....\n"
      ".....\n"
      "#####\n",
      withoutAirJumps());
  // Find the first step that starts grounded after the fall.
  const WorldState start = scenario.state;
  int landingStep = 0;
  while (!scenario.player().grounded) {
    scenario.step();
    ++landingStep;
  }
  const int firstGroundedStep = landingStep + 1;
  for (int early = 0; early <= 9; ++early) {
    scenario.state = start;
    const int pressStep = firstGroundedStep - early;
    for (int step = 1; step < firstGroundedStep; ++step) {
      scenario.step(input(0, 0, step >= pressStep ? kButtonJump : 0));
    }
    const Character before = scenario.player();
    ASSERT_TRUE(before.grounded);
    scenario.step(input(0, 0, kButtonJump));
    EXPECT_EQ(jumpedThisStep(before, scenario.player()), early <= 7)
        << "pressed " << early << " ticks before the landing step";
  }
}

TEST(Jump, ReleasingWhileRisingCutsVerticalSpeed) {
  Scenario scenario(kLedge);
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(0, 0, kButtonJump), 5);
  Scenario held = scenario;
  held.step(input(0, 0, kButtonJump));
  const float vyBefore = scenario.player().velocity.y;
  ASSERT_LT(vyBefore, 0.0f);
  scenario.step(input(0));  // the release edge
  const PhysicsConfig c;
  EXPECT_FLOAT_EQ(scenario.player().velocity.y, vyBefore * c.jumpCutFactor + c.gravity / 60.0f);
  EXPECT_GT(scenario.player().velocity.y, held.player().velocity.y);
}

TEST(Jump, ReleasingWhileFallingChangesNothing) {
  Scenario scenario(kLedge);
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(0, 0, kButtonJump));
  while (scenario.player().velocity.y < 0.0f) {
    scenario.step(input(0, 0, kButtonJump));
  }
  Scenario held = scenario;
  held.step(input(0, 0, kButtonJump));
  scenario.step(input(0));
  EXPECT_EQ(scenario.player().velocity.y, held.player().velocity.y);
}

TEST(Jump, ShortHopIsLowerThanFullJump) {
  auto apex = [](int holdTicks) {
    Scenario scenario(kLedge);
    scenario.settle();
    const float ground = scenario.player().position.y;
    float highest = ground;
    for (int tick = 0; tick < 90; ++tick) {
      scenario.step(input(0, 0, tick < holdTicks ? kButtonJump : 0));
      highest = std::min(highest, scenario.player().position.y);
    }
    return ground - highest;
  };
  EXPECT_LT(apex(3), apex(60) * 0.5f);
  EXPECT_GT(apex(60), 3.0f);  // a full jump clears three tiles
}

TEST(Jump, AirJumpsAreCountedAndRefilledOnlyOnGround) {
  PhysicsConfig config;
  config.airJumps = 2;
  Scenario scenario(kLedge, config);
  ASSERT_TRUE(scenario.settle());
  EXPECT_EQ(scenario.player().airJumpsLeft, 2);
  int jumps = 0;
  for (int press = 0; press < 4; ++press) {  // one ground jump, two air jumps, one refused
    const Character before = scenario.player();
    scenario.step(input(0, 0, kButtonJump));
    jumps += scenario.player().velocity.y < before.velocity.y - 5.0f ? 1 : 0;
    scenario.step(input(0), 8);
  }
  EXPECT_EQ(jumps, 3);
  EXPECT_EQ(scenario.player().airJumpsLeft, 0);
  ASSERT_TRUE(scenario.settle());
  EXPECT_EQ(scenario.player().airJumpsLeft, 2);
}

int countJumps(std::int32_t budget, int attempts) {
  Scenario scenario(kLedge);
  scenario.level.jumpsRemaining = budget;
  scenario.state = makeWorld(1, scenario.level, scenario.config);
  int jumps = 0;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    scenario.settle();
    scenario.step(input(0, 0, kButtonJump));
    jumps += scenario.player().velocity.y < 0.0f ? 1 : 0;
    scenario.step(input(0));
  }
  return jumps;
}

TEST(Jump, LevelBudgetLimitsJumps) {
  EXPECT_EQ(countJumps(-1, 10), 10);
  EXPECT_EQ(countJumps(0, 5), 0);
  EXPECT_EQ(countJumps(3, 6), 3);
}

}  // namespace
}  // namespace coyote::test
