#include "sim/crates_in_reach.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "sim/crate_activity.h"
#include "sim/obstacle_set.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

TEST(MotionZone, TouchesWhatItsAreasTouchAndCoversOnlyWhatIsMarked) {
  MotionZone zone;
  EXPECT_FALSE(zone.touches({{10.0f, 10.0f}, {1.0f, 1.0f}}));
  zone.add({{10.0f, 10.0f}, {1.0f, 1.0f}});  // cells (5, 5) of 2 × 2 tiles
  EXPECT_TRUE(zone.touches({{11.5f, 11.5f}, {1.0f, 1.0f}}));
  EXPECT_TRUE(zone.touches({{8.5f, 8.5f}, {1.6f, 1.6f}}));  // corner in cell (5, 5)
  EXPECT_FALSE(zone.touches({{14.0f, 10.0f}, {1.0f, 1.0f}}));
  EXPECT_FALSE(zone.touches({{10.0f, 30.0f}, {1.0f, 1.0f}}));
  EXPECT_TRUE(zone.covers({{10.2f, 10.2f}, {1.5f, 1.5f}}));
  EXPECT_FALSE(zone.covers({{10.2f, 10.2f}, {2.0f, 1.5f}}));  // reaches cell (6, 5)
  // A box wider than two cells takes the long way and finds the cell in its middle.
  EXPECT_TRUE(zone.touches({{6.0f, 6.0f}, {9.0f, 9.0f}}));
}

TEST(MotionZone, HostileBoxesStayInAFewCells) {
  MotionZone zone;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float huge = 1.0e30f;
  zone.add({{nan, nan}, {1.0f, 1.0f}});
  zone.add({{huge, -huge}, {1.0f, 1.0f}});
  EXPECT_TRUE(zone.touches({{nan, nan}, {1.0f, 1.0f}}));
  EXPECT_TRUE(zone.touches({{huge, -huge}, {huge, 1.0f}}));
  EXPECT_FALSE(zone.covers({{0.0f, 0.0f}, {huge, huge}}));
}

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
    const std::uint8_t resting = restingTicks(parameters.config);
    for (Crate& crate : levelCrates(state, level)) {
      crate.asleep = true;
      crate.restTicks = resting;
    }
    state.crates[20].asleep = false;
    state.crates[20].velocity = {2.0f, 0.0f};
  }
};

std::vector<BodyId> idsOf(std::span<const Obstacle> obstacles) {
  std::vector<BodyId> ids;
  for (const Obstacle& obstacle : obstacles) {
    ids.push_back(obstacle.id);
  }
  return ids;
}

TEST(CratesInReach, HoldsTheAwakeCrateAndItsNeighboursNotTheFarSleepers) {
  Yard yard;
  const ActiveCharacters active(yard.state);
  CratesInReach inReach;
  gatherCratesInReach(yard.state, active, yard.level, yard.parameters, inReach);
  ASSERT_GE(inReach.count, 1u);
  ASSERT_LE(inReach.count, 4u);
  bool holdsAwake = false;
  for (std::size_t i = 0; i < inReach.count; ++i) {
    holdsAwake = holdsAwake || inReach.slots[i] == 20;
    EXPECT_NEAR(static_cast<float>(inReach.slots[i]), 20.0f, 2.0f);
    EXPECT_TRUE(inReach.bits.contains(inReach.slots[i]));
  }
  EXPECT_TRUE(holdsAwake);
  EXPECT_FALSE(inReach.bits.contains(0));
  EXPECT_FALSE(inReach.bits.contains(39));
}

TEST(CratesInReach, ASetOfTheCratesInReachAnswersAsASetOfEveryCrate) {
  Yard yard;
  const ActiveCharacters active(yard.state);
  CratesInReach inReach;
  gatherCratesInReach(yard.state, active, yard.level, yard.parameters, inReach);
  const PhysicsConfig& config = yard.parameters.config;
  const ObstacleSet culled(yard.state, yard.level, config, {true, true, false}, 0.0f, &inReach);
  const ObstacleSet every(yard.state, yard.level, config, {true, true, false});
  ASSERT_LT(culled.all().size(), every.all().size());
  ObstacleBuffer a;
  ObstacleBuffer b;
  // Areas inside the zone, across its edge and far outside it (where the left-out sleepers are
  // looked at): the same obstacles in the same order.
  for (float left = -2.0f; left < 64.0f; left += 0.75f) {
    for (const float width : {0.5f, 3.0f, 20.0f}) {
      const Aabb area{{left, 9.0f}, {width, 2.0f}};
      const auto mover = kDefaultCrateFilter;
      EXPECT_EQ(idsOf(culled.near(area, a, mover, kNoBody)),
                idsOf(every.near(area, b, mover, kNoBody)))
          << "area from x = " << left << ", " << width << " wide";
    }
  }
}

TEST(CratesInReach, SettledSleepersFarFromTheAwakeCrateStayExactlyAsTheyWere) {
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
}

}  // namespace
}  // namespace coyote
