#include "sim/state/settled_crates.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "sim/bodies/crate_activity.h"
#include "sim/collision/crates_in_reach.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

/// A yard of crates on the floor, asleep at rest, and one awake crate in the middle.
struct Yard {
  Level level{64, 12};
  StepParameters parameters{PhysicsConfig{}};
  WorldState state;

  Yard() {
    for (int column = 0; column < 64; ++column) {
      level.setTile(column, 11, TileType::Solid);
    }
    for (int i = 0; i < 40; ++i) {
      level.crates.push_back({{1.0f + 1.5f * static_cast<float>(i), 10.0f}, {1.0f, 1.0f}, 2.0f});
    }
    state = makeWorld(0, level, parameters.config);
    for (Crate& crate : levelCrates(state, level)) {
      crate.asleep = true;
      crate.restTicks = resting();
    }
    state.crates[20].asleep = false;
    state.crates[20].velocity = {2.0f, 0.0f};
    index().rebuild(levelCrates(state, level), level, resting());
  }

  std::uint8_t resting() const { return restingTicks(parameters.config); }
  SettledIndex& index() { return state.settledCrates; }

  /// The slots `forEachTouching` finds for `area`, sorted.
  std::vector<std::size_t> found(const Aabb& area) const {
    std::vector<std::size_t> slots;
    state.settledCrates.forEachTouching(area, levelCrates(state, level), level,
                                        [&](std::size_t slot) { slots.push_back(slot); });
    std::sort(slots.begin(), slots.end());
    return slots;
  }
  /// The slots of the grid whose box touches `area`, by looking at every crate.
  std::vector<std::size_t> touching(const Aabb& area) const {
    std::vector<std::size_t> slots;
    for (std::size_t slot = 0; slot < level.crates.size(); ++slot) {
      const Aabb box{state.crates[slot].position, level.crates[slot].size};
      const bool indexed = isSettled(state.crates[slot], resting(), level);
      if (indexed && box.left() <= area.right() && box.right() >= area.left() &&
          box.top() <= area.bottom() && box.bottom() >= area.top()) {
        slots.push_back(slot);
      }
    }
    return slots;
  }
};

TEST(SettledIndex, HoldsTheSettledCratesAndLeavesTheAwakeOneToTheStep) {
  Yard yard;
  EXPECT_FALSE(yard.index().empty());
  std::size_t unsettled = 0;
  yard.index().unsettled().forEach([&](std::size_t slot) {
    EXPECT_EQ(slot, 20u);
    ++unsettled;
  });
  EXPECT_EQ(unsettled, 1u);
  // A crate over 4 tiles is never indexed: the step visits it, settled or not.
  yard.level.crates[3].size = {4.5f, 1.0f};
  yard.index().rebuild(levelCrates(yard.state, yard.level), yard.level, yard.resting());
  EXPECT_TRUE(yard.index().unsettled().contains(3));
}

TEST(SettledIndex, FindsExactlyTheCratesTouchingAnAreaEdgesIncluded) {
  Yard yard;
  // Crates 0, 1, 2 span x 1..2, 2.5..3.5 and 4..5: an area from x = 2 to 4 touches all three.
  EXPECT_EQ(yard.found({{2.0f, 9.0f}, {2.0f, 1.0f}}), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(yard.found({{2.01f, 9.0f}, {1.98f, 1.0f}}), (std::vector<std::size_t>{1}));
  EXPECT_TRUE(yard.found({{2.0f, 5.0f}, {2.0f, 4.99f}}).empty());  // above them all
  for (float left = -3.0f; left < 66.0f; left += 0.37f) {
    for (const float width : {0.2f, 1.0f, 3.0f, 25.0f, 200.0f}) {  // 200: the long way round
      const Aabb area{{left, 9.5f}, {width, 0.75f}};
      EXPECT_EQ(yard.found(area), yard.touching(area)) << "from x = " << left << ", " << width;
    }
  }
}

TEST(SettledIndex, AHostileAreaFindsNothingAndEndsAtOnce) {
  Yard yard;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float huge = 1.0e30f;
  EXPECT_TRUE(yard.found({{nan, nan}, {1.0f, 1.0f}}).empty());
  EXPECT_TRUE(yard.found({{huge, -huge}, {1.0f, 1.0f}}).empty());
  EXPECT_EQ(yard.found({{-huge, -huge}, {2.0f * huge, 2.0f * huge}}).size(), 39u);
}

std::vector<BodyId> idsOf(std::span<const Obstacle> obstacles) {
  std::vector<BodyId> ids;
  for (const Obstacle& obstacle : obstacles) {
    ids.push_back(obstacle.id);
  }
  return ids;
}

TEST(SettledIndex, ASetOfTheCratesInReachAnswersAsASetOfEveryCrate) {
  Yard yard;
  CratesInReach inReach;
  gatherCratesInReach(levelCrates(yard.state, yard.level), yard.index().unsettled(),
                      yard.index().woken(), inReach);
  ASSERT_EQ(inReach.count, 1u);
  EXPECT_EQ(inReach.slots[0], 20u);
  const PhysicsConfig& config = yard.parameters.config;
  const ObstacleSet culled(yard.state, yard.level, config, {true, true, false}, &inReach);
  const ObstacleSet every(yard.state, yard.level, config, {true, true, false});
  ASSERT_EQ(culled.all().size(), 1u);
  ObstacleBuffer a;
  ObstacleBuffer b;
  for (float left = -2.0f; left < 64.0f; left += 0.75f) {
    for (const float width : {0.5f, 3.0f, 20.0f, 150.0f}) {
      const Aabb area{{left, 9.0f}, {width, 2.0f}};
      const auto mover = kDefaultCrateFilter;
      EXPECT_EQ(idsOf(culled.nearby(area, a, mover, kNoBody)),
                idsOf(every.nearby(area, b, mover, kNoBody)))
          << "area from x = " << left << ", " << width << " wide";
      EXPECT_EQ(idsOf(culled.nearby(area, a, mover, kCrateIdBase + 21)),
                idsOf(every.nearby(area, b, mover, kCrateIdBase + 21)));
    }
  }
}

TEST(SettledIndex, SettledSleepersFarFromTheAwakeCrateStayExactlyAsTheyWere) {
  Yard yard;
  const Crate first = yard.state.crates[0];
  const Crate last = yard.state.crates[39];
  const float start = yard.state.crates[20].position.x;
  TickInputs inputs{};
  for (int tick = 0; tick < 120; ++tick) {
    stepWorld(yard.state, inputs, yard.level, yard.parameters);
  }
  EXPECT_EQ(std::memcmp(&first, &yard.state.crates[0], sizeof(Crate)), 0);
  EXPECT_EQ(std::memcmp(&last, &yard.state.crates[39], sizeof(Crate)), 0);
  EXPECT_GT(yard.state.crates[20].position.x, start);  // the awake one slid on
  EXPECT_TRUE(yard.state.crates[20].asleep);           // and came to rest
  // Resting on the floor, it joined the index: the step has no crate left to visit.
  EXPECT_FALSE(yard.index().unsettled().contains(20));
  EXPECT_EQ(yard.found({{yard.state.crates[20].position}, {0.5f, 0.5f}}),
            (std::vector<std::size_t>{20}));
}

TEST(SettledIndex, AWokenCrateLeavesTheIndexWhenTheStepEnds) {
  Yard yard;
  wakeCrate(yard.state, yard.state.crates[5], nullptr);
  EXPECT_TRUE(yard.index().woken().contains(5));
  EXPECT_FALSE(yard.index().unsettled().contains(5));
  yard.state.crates[5].velocity.x = 3.0f;
  const float start = yard.state.crates[5].position.x;
  stepWorld(yard.state, TickInputs{}, yard.level, yard.parameters);
  EXPECT_GT(yard.state.crates[5].position.x, start);  // the step visited it
  EXPECT_TRUE(yard.index().unsettled().contains(5));
  EXPECT_FALSE(yard.index().woken().contains(5));
  EXPECT_TRUE(yard.found({{yard.state.crates[5].position}, {0.5f, 0.5f}}).empty());
}

/// Every area of a walk over the yard and the sky above it finds what a look at every crate does.
void expectEveryAreaFindsWhatTouchesIt(const Yard& yard) {
  for (float top = 0.0f; top < 12.0f; top += 0.7f) {
    for (float left = -3.0f; left < 66.0f; left += 0.9f) {
      for (const float side : {0.3f, 1.0f, 4.0f}) {
        const Aabb area{{left, top}, {side, side}};
        ASSERT_EQ(yard.found(area), yard.touching(area)) << "at " << left << ", " << top;
      }
    }
  }
}

void settle(Yard& yard, std::size_t slot, Vec2 position) {
  Crate& crate = yard.state.crates[slot];
  crate.position = position;
  crate.lastValid = position;
  crate.velocity = {};
  crate.asleep = true;
  crate.restTicks = yard.resting();
}

// A query outside the box of every indexed crate ends at once (most of a crowd's queries): that
// box must shrink when the crates at its edges leave and grow where one settles again.
TEST(SettledIndex, ItsExtentFollowsTheCratesThatLeaveAndSettleAgain) {
  Yard yard;
  CrateBits changed;
  for (const std::size_t edge : {0u, 39u}) {
    yard.state.crates[edge].asleep = false;  // woken: they leave the grid when the step ends
    changed.add(edge);
  }
  yard.index().update(levelCrates(yard.state, yard.level), yard.level, yard.resting(), changed);
  EXPECT_TRUE(yard.found({{0.0f, 9.0f}, {2.0f, 2.0f}}).empty());   // where crate 0 was
  EXPECT_EQ(yard.found({{2.0f, 9.0f}, {1.0f, 2.0f}}).size(), 1u);  // crate 1 is still there
  expectEveryAreaFindsWhatTouchesIt(yard);
  // Both settle again, one high above the yard and one below its right end.
  settle(yard, 0, {30.0f, 1.0f});
  settle(yard, 39, {62.0f, 10.0f});
  yard.index().update(levelCrates(yard.state, yard.level), yard.level, yard.resting(), changed);
  EXPECT_EQ(yard.found({{30.5f, 0.0f}, {0.1f, 1.5f}}), (std::vector<std::size_t>{0}));
  EXPECT_EQ(yard.found({{62.5f, 10.5f}, {5.0f, 0.1f}}), (std::vector<std::size_t>{39}));
  expectEveryAreaFindsWhatTouchesIt(yard);
}

TEST(SettledIndex, ADecodedStateOrAnotherRestTimeBuildsItAgain) {
  Yard yard;
  const std::size_t crates = yard.level.crates.size();
  EXPECT_TRUE(yard.index().builtFor(crates, yard.level, yard.resting()));
  EXPECT_FALSE(yard.index().builtFor(crates, yard.level, yard.resting() + 1));
  EXPECT_FALSE(yard.index().builtFor(crates - 1, yard.level, yard.resting()));
  yard.state.afterDecode();
  EXPECT_FALSE(yard.index().builtFor(crates, yard.level, yard.resting()));
}

/// Steps a bundled level with random inputs twice: keeping the index from step to step, and
/// building it anew before every step (what a walk over every crate decides). Every tick's hash
/// must agree: the index decides only how fast a step is, never what it does.
void expectTheIndexChangesNothing(const std::string& levelName, int players, int ticks) {
  const Level level = test::bundledLevel(levelName);
  const StepParameters parameters{PhysicsConfig{}};
  WorldState kept = makeWorld(players, level, parameters.config);
  WorldState rebuilt = kept;
  RandomInputs random(11);
  TickInputs inputs{};
  std::size_t everIndexed = 0;
  for (int tick = 0; tick < ticks; ++tick) {
    random.next(inputs, players);
    stepWorld(kept, inputs, level, parameters);
    rebuilt.settledCrates.invalidate();
    stepWorld(rebuilt, inputs, level, parameters);
    ASSERT_EQ(hashState(kept), hashState(rebuilt)) << levelName << ", tick " << tick;
    everIndexed += kept.settledCrates.empty() ? 0 : 1;
  }
  EXPECT_GT(everIndexed, static_cast<std::size_t>(ticks) / 2);  // the index was really used
}

TEST(SettledIndex, KeptFromStepToStepItGivesTheSameWorldAsOneBuiltEveryStep) {
  expectTheIndexChangesNothing("playground.tmj", 8, 3000);
}

}  // namespace
}  // namespace coyote
