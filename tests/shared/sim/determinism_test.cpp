#include <cstring>

#include <gtest/gtest.h>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"
#include "support/random_run.h"

namespace coyote {
namespace {

const std::string kArena = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj";
const std::string kPlayground = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj";

// Changing the physics (or the random input generator) changes this value on purpose: update it
// in the same commit, and say why. A change that did not mean to move it is a determinism bug.
// Last moved where two rules meet: step-up judged by the lifted move, a platform's low lip
// stepped onto, spawns on bodies, no speed kept against a rounded foot or a crate that cannot
// move; and the arena's rounded mound made of slopes (the level walk, docs/levels.md). Before
// that by the race run joining each character's state, and the controller rules of
// docs/simulation.md (step-up, the walkable-slope limit, speed along slopes, grounded on the
// spawn tick).
constexpr std::uint64_t kGoldenHash10000Ticks8Players = 0xae8d45bda6a23204ull;

std::uint64_t runArena(int players, std::uint32_t ticks, std::uint64_t seed) {
  return test::randomRunHash(kArena, players, ticks, seed);
}

TEST(Determinism, GoldenHashAfter10000TicksOf8PlayersOnArena) {
  EXPECT_EQ(runArena(8, 10000, 1), kGoldenHash10000Ticks8Players);
}

// The same for the playground: platforms, crates, joints and characters together.
constexpr std::uint64_t kGoldenHashPlayground10000Ticks8Players = 0xde73b1a570b206faull;

TEST(Determinism, GoldenHashAfter10000TicksOf8PlayersOnThePlayground) {
  EXPECT_EQ(test::randomRunHash(kPlayground, 8, 10000, 1), kGoldenHashPlayground10000Ticks8Players);
}

TEST(Determinism, SameRunTwiceGivesTheSameHash) {
  EXPECT_EQ(runArena(8, 2000, 42), runArena(8, 2000, 42));
  EXPECT_NE(runArena(8, 2000, 42), runArena(8, 2000, 43));
}

// GGPO's sync test: every tick, save, step, load, step again with the same inputs, and compare.
// A rollback-and-resimulate is only correct if this holds for every tick of a long run.
void syncTest(const std::string& levelFile) {
  const Level level = loadTiledLevel(
      levelFile, loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml"));
  const PhysicsConfig config;
  const StepParameters parameters(config);
  WorldState state = makeWorld(8, level, config);
  RandomInputs random(7);
  TickInputs inputs{};
  for (int tick = 0; tick < 5000; ++tick) {
    random.next(inputs, 8);
    const WorldState saved = state;
    stepWorld(state, inputs, level, parameters);
    const std::uint64_t first = hashState(state);
    const WorldState firstState = state;
    state = saved;
    stepWorld(state, inputs, level, parameters);
    ASSERT_EQ(hashState(state), first) << "tick " << tick;
    ASSERT_EQ(std::memcmp(&state, &firstState, sizeof(WorldState)), 0) << "tick " << tick;
  }
}

TEST(Determinism, SyncTestSaveStepLoadStepCompareOver5000Ticks) {
  syncTest(kArena);
}

TEST(Determinism, SyncTestOnThePlaygroundWithPlatformsAndCrates) {
  syncTest(kPlayground);
}

TEST(Determinism, RollbackOfEightTicksResimulatesIdentically) {
  const Level level = loadTiledLevel(kArena);
  const PhysicsConfig config;
  const StepParameters parameters(config);
  WorldState state = makeWorld(8, level, config);
  RandomInputs random(9);
  std::array<TickInputs, 8> window{};
  for (int round = 0; round < 200; ++round) {
    const WorldState saved = state;
    for (TickInputs& inputs : window) {
      random.next(inputs, 8);
      stepWorld(state, inputs, level, parameters);
    }
    const std::uint64_t ahead = hashState(state);
    state = saved;
    for (const TickInputs& inputs : window) {
      stepWorld(state, inputs, level, parameters);
    }
    ASSERT_EQ(hashState(state), ahead) << "round " << round;
  }
}

// A level without platforms, crates or joints skips the body phases (world_step.cpp). Whatever
// the full step does for characters, that shortcut must do too: with one platform gliding far
// above the arena, out of every character's reach, the full step runs, and each character
// must come out of every tick byte for byte as it does without the platform.
TEST(Determinism, TheCharactersOnlyStepMatchesTheFullStepForEveryCharacter) {
  const Level alone = loadTiledLevel(kArena);
  Level withPlatform = alone;
  PlatformDefinition faraway;
  faraway.size = {2.0f, 0.5f};
  faraway.path = {{4.0f, -20.0f}, {9.0f, -20.0f}};
  withPlatform.platforms.push_back(faraway);
  const PhysicsConfig config;
  const StepParameters parameters(config);
  WorldState a = makeWorld(8, alone, config);
  WorldState b = makeWorld(8, withPlatform, config);
  RandomInputs random(11);
  TickInputs inputs{};
  bool platformMoved = false;
  for (int tick = 0; tick < 3000; ++tick) {
    random.next(inputs, 8);
    stepWorld(a, inputs, alone, parameters);
    stepWorld(b, inputs, withPlatform, parameters);
    platformMoved = platformMoved || b.platforms[0].position.x != faraway.path[0].x;
    // Field by field (a Character's padding bytes are not part of its value).
    std::vector<std::string> differing = differingFields(a, b, 4096);
    std::erase_if(differing,
                  [](const std::string& field) { return !field.starts_with("characters"); });
    ASSERT_TRUE(differing.empty()) << "tick " << tick << ": " << differing.front();
    ASSERT_EQ(a.tick, b.tick);
  }
  EXPECT_TRUE(platformMoved) << "the full step ran";
}

TEST(Determinism, HashSeesEveryCharacterField) {
  const Level level = loadTiledLevel(kArena);
  const WorldState base = makeWorld(2, level, PhysicsConfig{});
  const std::uint64_t reference = hashState(base);
  WorldState changed = base;
  changed.characters[1].velocity.x = 1e-30f;
  EXPECT_NE(hashState(changed), reference);
  changed = base;
  changed.characters[0].ticksSinceJumpPressed -= 1;
  EXPECT_NE(hashState(changed), reference);
  changed = base;
  changed.tick += 1;
  EXPECT_NE(hashState(changed), reference);
  changed = base;
  changed.characters[200].position.x = 3.0f;  // inactive slots are not part of the state
  EXPECT_EQ(hashState(changed), reference);
}

}  // namespace
}  // namespace coyote
