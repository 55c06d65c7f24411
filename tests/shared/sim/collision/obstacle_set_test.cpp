#include "sim/collision/obstacle_set.h"

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "sim/bodies/crate_step.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

bool sameObstacle(const Obstacle& a, const Obstacle& b) {
  return std::memcmp(&a.left, &b.left, sizeof(float)) == 0 &&
         std::memcmp(&a.top, &b.top, sizeof(float)) == 0 && a.width == b.width &&
         a.height == b.height && a.id == b.id && a.oneWay == b.oneWay && a.material == b.material &&
         a.group == b.group && a.collidesWith == b.collidesWith;
}

::testing::AssertionResult sameSets(std::span<const Obstacle> kept,
                                    std::span<const Obstacle> built) {
  if (kept.size() != built.size()) {
    return ::testing::AssertionFailure()
           << kept.size() << " obstacles kept, " << built.size() << " in a set built afresh";
  }
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!sameObstacle(kept[i], built[i])) {
      return ::testing::AssertionFailure()
             << "obstacle " << i << ": body " << kept[i].id << " kept, " << built[i].id << " built";
    }
  }
  return ::testing::AssertionSuccess();
}

// The playground crowded as the living-world benchmark is: crates in rows over the spawns' floor.
Level crowdedPlayground() {
  Level level = test::bundledLevel("playground.tmj");
  for (int i = 0; i < 18; ++i) {
    const float x = 2.0f + static_cast<float>(i % 6) * 1.5f;
    const float y = 11.0f + static_cast<float>(i / 6) * 1.2f;
    level.crates.push_back({{x, y}, {1.0f, 1.0f}, 1.0f + static_cast<float>(i % 4)});
  }
  return level;
}

// The crates' pass moves bodies in the set it is given, and the characters' pass then reads that
// set instead of building its own (world_step.cpp): after the pass the set must hold, in the same
// order, exactly what a set built from the state then holds, with or without the characters.
TEST(ObstacleSet, TheCratesPassLeavesItAsASetBuiltAfterItWould) {
  const Level level = crowdedPlayground();
  const StepParameters parameters{PhysicsConfig{}};
  constexpr int kPlayers = 32;
  WorldState state = makeWorld(kPlayers, level, parameters.config);
  RandomInputs random(5);
  TickInputs inputs{};
  int ticksWithMovingCrates = 0;
  for (int tick = 0; tick < 600; ++tick) {
    random.next(inputs, kPlayers);
    stepWorld(state, inputs, level, parameters);
    WorldState passed = state;
    CrateBits stirring = passed.settledCrates.unsettled();
    stirring.addAll(passed.settledCrates.woken());
    CratesInReach inReach;
    gatherCratesInReach(levelCrates(passed, level), stirring, passed.settledCrates.woken(),
                        inReach);
    ObstacleSet kept(passed, level, parameters.config, {true, true, true}, &inReach);
    stepCrates(passed, ActiveCharacters(passed), level, parameters, kept, nullptr, nullptr,
               &inReach);
    const ObstacleSet built(passed, level, parameters.config, {true, true, true}, &inReach);
    ASSERT_TRUE(sameSets(kept.all(), built.all())) << "tick " << tick;
    kept.dropCharacters();
    const ObstacleSet withoutCharacters(passed, level, parameters.config, {true, true, false},
                                        &inReach);
    ASSERT_TRUE(sameSets(kept.all(), withoutCharacters.all())) << "tick " << tick;
    bool moved = false;
    for (std::size_t slot = 0; slot < level.crates.size(); ++slot) {
      moved = moved || std::memcmp(&passed.crates[slot].position, &state.crates[slot].position,
                                   sizeof(Vec2)) != 0;
    }
    ticksWithMovingCrates += moved ? 1 : 0;
  }
  EXPECT_GT(ticksWithMovingCrates, 300);  // the pass really moved crates
}

}  // namespace
}  // namespace coyote
