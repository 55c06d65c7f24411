// The tick history's compact states: restoring one gives back the state it took, field for
// field, and it holds what the level has, not the engine's capacities.
#include "server/rooms/compact_world.h"

#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "server/rooms/tick_history.h"
#include "sim/bodies/platform_step.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

/// The playground after 300 ticks of 8 players with random inputs: crates pushed, platforms
/// moving, joints pulled, characters in every state.
WorldState busyPlayground(const Level& level, const StepParameters& parameters) {
  WorldState state;
  placeBodies(state, level);
  for (int slot : {0, 3, 7, 40, 41, 100, 200, 255}) {
    addCharacter(state, slot, level, parameters.config);
  }
  RandomInputs random(42);
  TickInputs inputs{};
  for (int tick = 0; tick < 300; ++tick) {
    random.next(inputs, kMaxCharacters);
    stepWorld(state, inputs, level, parameters);
  }
  state.radiusLimit = 24;
  state.activeBodiesLimit = 32;
  return state;
}

TEST(CompactWorld, RestoresEveryField) {
  const Level level = test::bundledLevel("playground.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  const WorldState original = busyPlayground(level, parameters);
  CompactWorld compact;
  compact.take(original);
  WorldState restored;
  restored.crates[5].active = true;  // whatever the target held is overwritten
  compact.restore(restored);
  EXPECT_EQ(differingFields(original, restored), std::vector<std::string>{});
  EXPECT_EQ(hashState(restored), hashState(original));
  // And it steps as the original: the derived roster and settled index are rebuilt.
  WorldState a = original;
  WorldState b = restored;
  const TickInputs none{};
  for (int tick = 0; tick < 120; ++tick) {
    stepWorld(a, none, level, parameters);
    stepWorld(b, none, level, parameters);
    ASSERT_EQ(hashState(a), hashState(b)) << "tick " << tick;
  }
}

TEST(CompactWorld, HoldsWhatTheLevelHas) {
  const Level level = test::bundledLevel("playground.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  CompactWorld compact;
  compact.take(busyPlayground(level, parameters));
  // 8 characters, the level's crates, platforms and joints: a few KB, where the state is 126 KB.
  const std::size_t bodies = level.crates.size() * sizeof(Crate) +
                             level.platforms.size() * sizeof(Platform) +
                             level.joints.size() * sizeof(Joint) + 8 * sizeof(Character);
  EXPECT_LE(compact.bytes(), 2 * bodies + 1024);
  EXPECT_LT(compact.bytes(), sizeof(WorldState) / 16);
}

TEST(CompactInputs, KeepsOnlyTheHeldInputs) {
  TickInputs inputs{};
  inputs[3].moveX = 127;
  inputs[255].buttons = 1;
  CompactInputs compact;
  compact.take(inputs);
  EXPECT_EQ(compact.expanded(), inputs);
  EXPECT_LE(compact.bytes(), 2 * sizeof(SlotInput));
}

// A room's history of 128 ticks of 8 players on the playground: well under a megabyte (it was
// 128 whole states, 16 MB).
TEST(TickHistory, FollowsWhatTheRoomHolds) {
  const Level level = test::bundledLevel("playground.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  WorldState state = busyPlayground(level, parameters);
  TickHistory history;
  RandomInputs random(7);
  TickInputs inputs{};
  for (std::uint32_t tick = 0; tick < 2 * TickHistory::kCapacity; ++tick) {
    random.next(inputs, kMaxCharacters);
    stepWorld(state, inputs, level, parameters);
    history.record({}, inputs, hashState(state), state, std::vector<std::uint8_t>(40));
  }
  EXPECT_LT(history.bytes(), 1024u * 1024u);
  const TickHistory::Entry* newest = history.find(state.tick);
  ASSERT_NE(newest, nullptr);
  WorldState restored;
  newest->state.restore(restored);
  EXPECT_EQ(hashState(restored), hashState(state));
  EXPECT_EQ(history.find(state.tick - TickHistory::kCapacity), nullptr);
}

}  // namespace
}  // namespace coyote
