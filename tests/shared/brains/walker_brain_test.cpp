#include <gtest/gtest.h>

#include "brains/walker_brain.h"
#include "support/bundled_level.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

// Plays the walker for `ticks` on the scenario's player; returns how often it respawned (a jump
// back of more than 3 tiles in one tick).
int walk(Scenario& scenario, WalkerBrain& brain, int ticks) {
  int respawns = 0;
  for (int tick = 0; tick < ticks; ++tick) {
    const Vec2 before = scenario.player().position;
    scenario.step(brain.next(scenario.state, scenario.level, scenario.config, 0));
    const Vec2 after = scenario.player().position;
    respawns += std::abs(after.x - before.x) + std::abs(after.y - before.y) > 3.0f ? 1 : 0;
  }
  return respawns;
}

// A walker facing right (seeds are tried until one starts that way).
WalkerBrain rightWalker() {
  for (std::uint64_t seed = 1;; ++seed) {
    WalkerBrain brain(seed);
    Scenario probe("#####\n#.S.#\n#####\n");
    if (brain.next(probe.state, probe.level, probe.config, 0).moveX > 0) {
      return WalkerBrain(seed);
    }
  }
}

TEST(WalkerBrain, JumpsAWallItSeesAhead) {
  Scenario scenario(
      "##############\n"
      "#............#\n"
      "#............#\n"
      "#............#\n"
      "#.S.....#....#\n"
      "##############\n");
  WalkerBrain brain = rightWalker();
  walk(scenario, brain, 90);
  EXPECT_GT(scenario.player().position.x, 9.0f);  // past the one-tile wall at column 8
}

TEST(WalkerBrain, JumpsAGapAndNeverFallsIn) {
  Scenario scenario(
      "##################\n"
      "#................#\n"
      "#................#\n"
      "#................#\n"
      "#.S..............#\n"
      "#######...########\n"
      "#######...########\n"
      "#######^^^########\n"
      "##################\n");
  WalkerBrain brain = rightWalker();
  EXPECT_EQ(walk(scenario, brain, 90), 0);
  EXPECT_GT(scenario.player().position.x, 10.0f);
  EXPECT_LT(scenario.box().bottom(), 5.5f);  // never down in the pit
}

TEST(WalkerBrain, JumpsOverSpikesOnTheFloor) {
  Scenario scenario(
      "##################\n"
      "#................#\n"
      "#................#\n"
      "#................#\n"
      "#.S.....^^.......#\n"
      "##################\n");
  WalkerBrain brain = rightWalker();
  EXPECT_EQ(walk(scenario, brain, 90), 0);
  EXPECT_GT(scenario.player().position.x, 10.0f);
}

TEST(WalkerBrain, TurnsRoundAtAWallTooHighToJump) {
  Scenario scenario(
      "##########\n"
      "#.....#..#\n"
      "#.....#..#\n"
      "#.....#..#\n"
      "#.....#..#\n"
      "#.....#..#\n"
      "#.S...#..#\n"
      "##########\n");
  WalkerBrain brain = rightWalker();
  bool reachedWall = false;
  int movesLeftAfter = 0;
  for (int tick = 0; tick < 180; ++tick) {
    const PlayerInput input = brain.next(scenario.state, scenario.level, scenario.config, 0);
    movesLeftAfter += reachedWall && input.moveX < 0 ? 1 : 0;
    scenario.step(input);
    reachedWall = reachedWall || scenario.box().right() > 5.99f;
    ASSERT_LE(scenario.box().right(), 6.0f) << "tick " << tick << ": it got over the wall";
  }
  EXPECT_TRUE(reachedWall);
  EXPECT_GT(movesLeftAfter, 0);  // it came back the other way at some point
}

TEST(WalkerBrain, StopsToRideAPlatformItLandsOn) {
  Scenario scenario(
      "##############################\n"
      "#............................#\n"
      "#............................#\n"
      "#............................#\n"
      "#.S..........................#\n"
      "##############################\n");
  PlatformDefinition platform;
  platform.size = {3.0f, 0.5f};
  platform.path = {{1.5f, 4.0f}, {20.0f, 4.0f}};
  platform.speed = 2.0f;
  platform.oneWay = true;
  scenario.add(platform);
  scenario.player().position.y = 2.0f;  // dropped onto it
  WalkerBrain brain = rightWalker();
  for (int tick = 0; tick < 30; ++tick) {
    scenario.step(brain.next(scenario.state, scenario.level, scenario.config, 0));
  }
  ASSERT_EQ(scenario.player().support, 0);
  EXPECT_EQ(brain.next(scenario.state, scenario.level, scenario.config, 0).moveX, 0);
}

TEST(WalkerBrain, TheSameSeedInTheSameWorldPlaysTheSame) {
  const auto inputs = [](std::uint64_t seed) {
    Scenario scenario(std::string_view{}, PhysicsConfig{});
    scenario.level = bundledLevel("arena.tmj");
    scenario.state = makeWorld(1, scenario.level, scenario.config);
    WalkerBrain brain(seed);
    std::vector<PlayerInput> played;
    for (int tick = 0; tick < 600; ++tick) {
      played.push_back(brain.next(scenario.state, scenario.level, scenario.config, 0));
      scenario.step(played.back());
    }
    return played;
  };
  const auto a = inputs(7);
  const auto b = inputs(7);
  const auto c = inputs(8);
  ASSERT_EQ(a.size(), b.size());
  bool sameAsOther = true;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].moveX, b[i].moveX);
    EXPECT_EQ(a[i].buttons, b[i].buttons);
    sameAsOther = sameAsOther && a[i].moveX == c[i].moveX && a[i].buttons == c[i].buttons;
  }
  EXPECT_FALSE(sameAsOther);
}

TEST(WalkerBrain, ExploresTheArenaAndRarelyDies) {
  Scenario scenario(std::string_view{}, PhysicsConfig{});
  scenario.level = bundledLevel("arena.tmj");
  scenario.state = makeWorld(1, scenario.level, scenario.config);
  WalkerBrain brain(3);
  std::vector<bool> visited(static_cast<std::size_t>(scenario.level.width()), false);
  int respawns = 0;
  for (int tick = 0; tick < 3600; ++tick) {
    respawns += walk(scenario, brain, 1);
    visited[static_cast<std::size_t>(std::max(0.0f, scenario.box().centerX()))] = true;
  }
  const auto columns = std::count(visited.begin(), visited.end(), true);
  EXPECT_GT(columns, scenario.level.width() / 2) << "columns visited";
  EXPECT_LE(respawns, 2);
}

}  // namespace
}  // namespace coyote::test
