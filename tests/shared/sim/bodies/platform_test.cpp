#include <gtest/gtest.h>

#include "sim/bodies/platform_path.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/sweep.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

// 30 × 12, floor at row 11, spawn at (2.5, 11).
constexpr const char* kRoom =
    "##############################\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#............................#\n"
    "#.S..........................#\n"
    "##############################\n";

PlatformDefinition platform(Vec2 from, Vec2 to, float speed, PathMode mode = PathMode::PingPong,
                            float wait = 0.0f) {
  PlatformDefinition definition;
  definition.size = {3.0f, 0.5f};
  definition.path = {from, to};
  definition.speed = speed;
  definition.mode = mode;
  definition.wait = wait;
  return definition;
}

bool sameBits(Vec2 a, Vec2 b) {
  return a.x == b.x && a.y == b.y;
}

TEST(PlatformPath, PingPongAndLoopPathsComeBackToTheStartWithNoDriftOver10000Ticks) {
  PlatformDefinition pingPong =
      platform({2.1f, 3.3f}, {9.7f, 5.9f}, 3.0f, PathMode::PingPong, 0.5f);
  PlatformDefinition loop = platform({2.1f, 3.3f}, {9.7f, 3.3f}, 2.3f, PathMode::Loop);
  loop.path.push_back({5.0f, 8.1f});
  for (const PlatformDefinition& definition : {pingPong, loop}) {
    Scenario scenario(kRoom);
    scenario.add(definition);
    const std::uint32_t period = platformPeriodTicks(definition, 60);
    int returns = 0;
    for (std::uint32_t tick = 1; tick <= 10000; ++tick) {
      scenario.step();
      if (tick % period == 0) {
        ASSERT_TRUE(sameBits(scenario.platform().position, definition.path[0])) << tick;
        ++returns;
      }
    }
    EXPECT_EQ(returns, static_cast<int>(10000 / period));
    EXPECT_GE(returns, 10);
  }
}

TEST(PlatformPath, APingPongPeriodIsBothWaysPlusBothWaits) {
  // 6 tiles at 3 tiles/s = 2 s = 120 ticks each way, 0.5 s = 30 ticks at each end.
  EXPECT_EQ(platformPeriodTicks(platform({0, 0}, {6, 0}, 3.0f, PathMode::PingPong, 0.5f), 60),
            2u * 120u + 2u * 30u);
  EXPECT_EQ(platformPeriodTicks(platform({0, 0}, {6, 0}, 3.0f, PathMode::Loop, 0.5f), 60),
            120u + 120u + 30u);
}

// A platform at 3 tiles/s under the player, who stands still on it.
Scenario riderOnPlatform() {
  Scenario scenario(kRoom);
  scenario.add(platform({1.0f, 9.0f}, {25.0f, 9.0f}, 3.0f));
  scenario.player().position = {2.0f, 9.0f - scenario.config.playerHeight};
  scenario.settle();
  return scenario;
}

TEST(Platform, ARiderMovesExactlyAsFarAsThePlatformEachTick) {
  Scenario scenario = riderOnPlatform();
  ASSERT_EQ(scenario.player().support, 0);
  for (int tick = 0; tick < 120; ++tick) {
    const float platformBefore = scenario.platform().position.x;
    const float riderBefore = scenario.player().position.x;
    scenario.step();
    const float platformMoved = scenario.platform().position.x - platformBefore;
    EXPECT_NEAR(platformMoved, 3.0f / 60.0f, 1.0e-5f);
    EXPECT_NEAR(scenario.player().position.x - riderBefore, platformMoved, 1.0e-5f) << tick;
    EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, 9.0f);
    EXPECT_TRUE(scenario.player().grounded);
  }
}

TEST(Platform, ARiderThatJumpsOffKeepsThePlatformsVelocity) {
  Scenario scenario = riderOnPlatform();
  scenario.step(input(0, 0, kButtonJump));
  EXPECT_EQ(scenario.player().support, kNoBody);
  EXPECT_NEAR(scenario.player().velocity.x, 3.0f, 1.0e-3f);  // the lift boost
  EXPECT_LT(scenario.player().velocity.y, 0.0f);
}

TEST(Platform, TheLiftBoostIsCappedByConfig) {
  PhysicsConfig config;
  config.maxLiftBoost = 1.0f;
  Scenario scenario(kRoom, config);
  scenario.add(platform({1.0f, 9.0f}, {25.0f, 9.0f}, 3.0f));
  scenario.player().position = {2.0f, 9.0f - config.playerHeight};
  scenario.settle();
  scenario.step(input(0, 0, kButtonJump));
  EXPECT_NEAR(scenario.player().velocity.x, 1.0f, 1.0e-3f);
}

TEST(Platform, ALiftCarriesItsRiderUpAndDown) {
  Scenario scenario(kRoom);
  scenario.add(platform({5.0f, 10.5f}, {5.0f, 4.0f}, 2.0f));
  scenario.player().position = {6.0f, 10.5f - scenario.config.playerHeight};
  ASSERT_TRUE(scenario.settle());
  for (int tick = 0; tick < 400; ++tick) {
    scenario.step();
    ASSERT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight,
                    scenario.platform().position.y)
        << tick;
  }
}

TEST(Platform, ItPushesACharacterItRunsIntoAlongItsMotion) {
  Scenario scenario(kRoom);
  scenario.add(platform({3.0f, 10.0f}, {20.0f, 10.0f}, 6.0f));
  scenario.player().position = {8.0f, 11.0f - scenario.config.playerHeight};
  for (int tick = 0; tick < 80; ++tick) {
    scenario.step();
    const Aabb player = scenario.box();
    const float platformRight = scenario.platform().position.x + 3.0f;
    ASSERT_FALSE(player.left() < platformRight - 2.0f * kSkin && player.bottom() > 10.0f + kSkin)
        << "inside the platform at tick " << tick;
  }
  EXPECT_GT(scenario.player().position.x, 10.0f);  // shoved along
}

TEST(Platform, ACharacterSqueezedAgainstAWallRespawnsAndIsNeverLeftInside) {
  Scenario scenario(kRoom);
  scenario.add(platform({3.0f, 10.0f}, {26.0f, 10.0f}, 6.0f));
  scenario.player().position = {27.0f, 11.0f - scenario.config.playerHeight};
  const Vec2 spawn = scenario.player().spawn;
  bool respawned = false;
  for (int tick = 0; tick < 300 && !respawned; ++tick) {
    scenario.step();
    respawned = scenario.player().position.x < 5.0f;
    const Aabb player = scenario.box();
    ASSERT_LE(player.right(), 29.0f + kSkin) << "inside the wall at tick " << tick;
  }
  EXPECT_TRUE(respawned);
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, spawn.x);
}

// The depenetration cap: a body a platform would have to push out by more than
// physics.max_depenetration in one step is squeezed instead (a character respawns), never flung.
// Found 2.4 tiles inside a platform moving right, it respawns with the default cap (1 tile) and is
// pushed out to the platform's right edge with a cap of 4.
TEST(Platform, ABodyDeeperThanTheDepenetrationCapIsSqueezedNotFlung) {
  for (const float cap : {1.0f, 4.0f}) {
    PhysicsConfig config;
    config.maxDepenetration = cap;
    Scenario scenario(kRoom, config);
    scenario.add(platform({3.0f, 10.0f}, {20.0f, 10.0f}, 6.0f));
    scenario.player().position = {3.6f, 11.0f - scenario.config.playerHeight};
    scenario.step();
    const float platformRight = scenario.platform().position.x + 3.0f;
    if (cap < 2.4f) {
      EXPECT_FLOAT_EQ(scenario.box().centerX(), scenario.player().spawn.x) << "cap " << cap;
    } else {
      EXPECT_GE(scenario.box().left(), platformRight - kSkin) << "cap " << cap;
      EXPECT_LT(scenario.box().left(), platformRight + 0.2f) << "cap " << cap;
    }
  }
}

TEST(Platform, AOneWayPlatformIsJumpedThroughFromBelowAndStoodOn) {
  Scenario scenario(kRoom);
  PlatformDefinition ledge = platform({1.0f, 8.5f}, {1.0f, 8.5f}, 1.0f);
  ledge.oneWay = true;
  scenario.add(ledge);
  ASSERT_TRUE(scenario.settle());
  scenario.step(input(0, 0, kButtonJump), 20);
  ASSERT_TRUE(scenario.settle());
  EXPECT_EQ(scenario.player().support, 0);
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, 8.5f);
  // Down + jump drops through it.
  scenario.step(input(0, 0, kButtonJump | kButtonDown));
  scenario.step(input(0, 0, kButtonDown), 30);
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, 11.0f);
}

TEST(Platform, ASolidPlatformBlocksAJumpFromBelow) {
  Scenario scenario(kRoom);
  scenario.add(platform({1.0f, 8.5f}, {1.0f, 8.5f}, 1.0f));
  ASSERT_TRUE(scenario.settle());
  float highest = 100.0f;
  scenario.step(input(0, 0, kButtonJump));
  for (int tick = 0; tick < 40; ++tick) {
    scenario.step(input(0, 0, kButtonJump));
    highest = std::min(highest, scenario.player().position.y);
  }
  EXPECT_FLOAT_EQ(highest, 9.0f);  // its head stopped at the platform's bottom
}

}  // namespace
}  // namespace coyote::test
