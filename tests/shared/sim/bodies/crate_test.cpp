#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/sweep.h"
#include "sim/state_hash.h"
#include "support/bundled_level.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

CrateDefinition crate(Vec2 position, float mass = 1.0f, Vec2 size = {1.0f, 1.0f}) {
  return CrateDefinition{position, size, mass};
}

// Collide and slide stops after kMaxSlides (4) hits a sub-step and drops the rest of that
// sub-step (docs/simulation.md#crates): a perfectly bouncy crate at the speed cap in a shaft
// 1/20 of a tile wider than itself would otherwise hit its walls some 16 times a sub-step. A
// step at 200 tiles/s is 4 sub-steps, so at most 16 hits (crate_impact events) in it.
TEST(Crate, CollideAndSlideStopsAfterFourHitsASubStep) {
  Scenario scenario(
      "#.#\n"
      "#.#\n"
      "#.#\n"
      "#.#\n"
      "###\n");
  scenario.level.materials.push_back(Material{1.0f, 1.0f});  // restitution 1: every hit bounces
  CrateDefinition bouncy = crate({1.025f, 1.0f}, 1.0f, {0.95f, 0.95f});
  bouncy.material = 1;
  scenario.add(bouncy);
  scenario.config.contactEventThreshold = 0.0f;
  scenario.parameters = StepParameters(scenario.config);
  scenario.crate().velocity = {scenario.config.maxBodySpeed, 0.0f};
  int hits = 0;
  for (const StepEvent& event : scenario.stepCollecting()) {
    hits += event.kind == EventKind::CrateImpact ? 1 : 0;
  }
  EXPECT_GE(hits, 4) << "it bounced from wall to wall";
  EXPECT_LE(hits, 4 * 4) << "four slides in each of the four sub-steps";
  const Crate& after = scenario.crate();
  EXPECT_GE(after.position.x, 1.0f);
  EXPECT_LE(after.position.x + 0.95f, 2.0f) << "never into a wall";
  EXPECT_TRUE(std::isfinite(after.velocity.x));
}

TEST(Crate, FallsAndRestsExactlyOnTheFloor) {
  Scenario scenario(kHall);
  scenario.add(crate({10.0f, 1.0f}));
  scenario.step({}, 120);
  EXPECT_FLOAT_EQ(scenario.crate().position.y, 6.0f);
  EXPECT_TRUE(scenario.crate().grounded);
  EXPECT_EQ(scenario.crate().velocity.y, 0.0f);
}

TEST(Crate, CratesStackWithoutOverlapping) {
  Scenario scenario(kHall);
  scenario.add(crate({10.0f, 1.0f}));
  scenario.add(crate({10.3f, 3.5f}));
  scenario.add(crate({9.8f, -0.0f + 0.0f}, 1.0f, {0.5f, 0.5f}));
  scenario.step({}, 240);
  EXPECT_FLOAT_EQ(scenario.crate(1).position.y, 6.0f);  // the lower one lands first
  EXPECT_FLOAT_EQ(scenario.crate(0).position.y, 5.0f);  // on top of it
  EXPECT_EQ(scenario.crate(0).support, kCrateIdBase + 1);
  EXPECT_FLOAT_EQ(scenario.crate(2).position.y, 4.5f);  // on top of both
}

TEST(Crate, ACharacterStandsOnACrate) {
  Scenario scenario(kHall);
  scenario.add(crate({2.0f, 6.0f}));
  scenario.player().position = {2.3f, 4.0f};
  ASSERT_TRUE(scenario.settle());
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, 6.0f);
  EXPECT_EQ(scenario.player().support, kCrateIdBase);
}

// Runs right into a crate of `mass` for `ticks`; returns the speed at which the crate moved over
// the last 10 ticks (tiles/s).
float pushedSpeed(float mass, int ticks, Vec2* finalPosition = nullptr) {
  Scenario scenario(kHall);
  scenario.add(crate({5.0f, 6.0f}, mass));
  scenario.step(input(kRight), ticks - 10);
  const float before = scenario.crate().position.x;
  scenario.step(input(kRight), 10);
  if (finalPosition != nullptr) {
    *finalPosition = scenario.crate().position;
  }
  return (scenario.crate().position.x - before) * 60.0f / 10.0f;
}

TEST(Crate, APushedCrateMovesAtTheSpeedTheImpulseFormulaGives) {
  // Each tick the runner (mass m, run speed v_max) and the crate (mass M) share the impulse
  // (m·v_c + M·v) / (m + M), and the crate brakes by decel·dt on the ground: the two balance at
  // v = v_max - decel·dt·(m + M) / m. (At 100 ticks the crate is 13 tiles on, short of the wall.)
  const PhysicsConfig config;
  const float m = config.mass;
  const float M = 4.0f;
  const float expected =
      config.maxRunSpeed - config.crateGroundDecel / 60.0f * (m + M) / m;  // 8.5 tiles/s
  EXPECT_NEAR(pushedSpeed(M, 100), expected, expected * 0.01f);
  // Heavier is slower.
  EXPECT_LT(pushedSpeed(10.0f, 100), pushedSpeed(M, 100));
}

TEST(Crate, ACrateTooHeavyForAPushDoesNotMoveAtAll) {
  Vec2 position;
  EXPECT_EQ(pushedSpeed(100.0f, 120, &position), 0.0f);
  EXPECT_EQ(position.x, 5.0f);
  EXPECT_EQ(position.y, 6.0f);
}

TEST(Crate, APlatformCarriesACrateAndACharacterOnIt) {
  Scenario scenario(kHall);
  PlatformDefinition platform;
  platform.size = {4.0f, 0.5f};
  platform.path = {{10.0f, 5.0f}, {30.0f, 5.0f}};
  platform.speed = 4.0f;
  scenario.add(platform);
  scenario.add(crate({10.5f, 2.0f}));
  scenario.step({}, 60);
  ASSERT_EQ(scenario.crate().support, 0);
  const float offset = scenario.crate().position.x - scenario.platform().position.x;
  scenario.step({}, 120);
  EXPECT_NEAR(scenario.crate().position.x - scenario.platform().position.x, offset, 1.0e-3f);
  EXPECT_FLOAT_EQ(scenario.crate().position.y, 4.0f);
}

TEST(Crate, ACrateSqueezedByAPlatformGoesBackToItsStart) {
  Scenario scenario(kHall);
  PlatformDefinition platform;
  platform.size = {3.0f, 1.0f};
  platform.path = {{20.0f, 6.0f}, {36.0f, 6.0f}};
  platform.speed = 8.0f;
  scenario.add(platform);
  scenario.add(crate({37.0f, 6.0f}, 1000.0f));  // between the platform's path end and the wall
  scenario.step({}, 90);
  EXPECT_FLOAT_EQ(scenario.crate().position.x, 37.0f);  // respawned where the level put it
  scenario.step({}, 20);
  const float crateLeft = scenario.crate().position.x;
  EXPECT_TRUE(crateLeft >= scenario.platform().position.x + 3.0f - kSkin ||
              crateLeft + 1.0f <= scenario.platform().position.x + kSkin);
}

// The playground with 4 random players for `ticks`, its crates stored in the order `shuffle`
// gives (a permutation of the level's crate slots), then put back in level order.
WorldState playgroundRun(std::uint32_t seed, int ticks, bool shuffle) {
  const Level level = bundledLevel("playground.tmj");
  const PhysicsConfig config;
  const StepParameters parameters(config);
  WorldState state = makeWorld(4, level, config);
  auto crates = levelCrates(state, level);
  if (shuffle) {
    std::mt19937 generator(seed);
    std::shuffle(crates.begin(), crates.end(), generator);
  }
  RandomInputs random(seed);
  TickInputs inputs{};
  for (int tick = 0; tick < ticks; ++tick) {
    random.next(inputs, 4);
    stepWorld(state, inputs, level, parameters);
  }
  std::sort(crates.begin(), crates.end(),
            [](const Crate& a, const Crate& b) { return a.id < b.id; });
  return state;
}

TEST(Crate, TheWorldDoesNotDependOnTheOrderCratesAreStoredIn) {
  for (std::uint32_t seed = 1; seed <= 5; ++seed) {
    const WorldState stored = playgroundRun(seed, 1200, false);
    const WorldState shuffled = playgroundRun(seed, 1200, true);
    EXPECT_EQ(hashState(stored), hashState(shuffled)) << "seed " << seed;
  }
}

}  // namespace
}  // namespace coyote::test
