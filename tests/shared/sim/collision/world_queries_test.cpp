#include <gtest/gtest.h>

#include "sim/collision/world_queries.h"
#include "sim/state_hash.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

// A floor at y = 7, a wall at column 20, a one-way ledge at row 4 (columns 10-12).
constexpr const char* kQueriesRoom =
    "######################\n"
    "#....................#\n"
    "#....................#\n"
    "#....................#\n"
    "#.........---.......##\n"
    "#...................##\n"
    "#.S.................##\n"
    "######################\n";

TEST(WorldQueries, ARayStopsAtTheFirstSolidTileWithItsNormal) {
  Scenario scenario(kQueriesRoom);
  const WorldQueries queries(scenario.state, scenario.level, scenario.config);
  const QueryHit down = queries.rayCast({5.5f, 2.0f}, {0.0f, 10.0f});
  ASSERT_TRUE(down.hit);
  EXPECT_FLOAT_EQ(down.position.y, 7.0f);
  EXPECT_FLOAT_EQ(down.fraction, 0.5f);
  EXPECT_EQ(down.normalY, -1);
  EXPECT_EQ(down.body, kNoBody);
  const QueryHit right = queries.rayCast({5.0f, 5.5f}, {30.0f, 0.0f});
  ASSERT_TRUE(right.hit);
  EXPECT_FLOAT_EQ(right.position.x, 20.0f);
  EXPECT_EQ(right.normalX, -1);
  EXPECT_FALSE(queries.rayCast({5.0f, 5.5f}, {3.0f, 0.0f}).hit);  // short of the wall
}

TEST(WorldQueries, OneWayTilesStopOnlyWhatComesDownOntoThem) {
  Scenario scenario(kQueriesRoom);
  const WorldQueries queries(scenario.state, scenario.level, scenario.config);
  const QueryHit down = queries.rayCast({11.5f, 1.0f}, {0.0f, 5.0f});
  ASSERT_TRUE(down.hit);
  EXPECT_FLOAT_EQ(down.position.y, 4.0f);
  const QueryHit up = queries.rayCast({11.5f, 6.5f}, {0.0f, -5.0f});
  EXPECT_FALSE(up.hit);
}

TEST(WorldQueries, BoxCastsFindBodiesAndTheFilterChoosesWhich) {
  Scenario scenario(kQueriesRoom);
  scenario.add(CrateDefinition{{8.0f, 6.0f}, {1.0f, 1.0f}, 1.0f});
  CrateDefinition sensor{{12.0f, 6.0f}, {1.0f, 1.0f}, 1.0f};
  sensor.filter = {kGroupSensor, defaultCollidesWith(kGroupSensor)};
  scenario.add(sensor);
  const WorldQueries queries(scenario.state, scenario.level, scenario.config);
  const Aabb box{{3.0f, 6.2f}, {0.4f, 0.8f}};
  const QueryHit crate = queries.boxCast(box, {10.0f, 0.0f});
  ASSERT_TRUE(crate.hit);
  EXPECT_EQ(crate.body, kCrateIdBase);
  EXPECT_FLOAT_EQ(crate.position.x, 8.0f - 0.4f);
  // Without crates in the filter, the sensor is skipped too (sensors off), up to the wall.
  QueryFilter tilesOnly;
  tilesOnly.groups = kGroupWorld;
  EXPECT_FLOAT_EQ(queries.boxCast(box, {30.0f, 0.0f}, tilesOnly).position.x, 20.0f - 0.4f);
  // Excluding the first crate and counting sensors: the sensor crate.
  QueryFilter sensors;
  sensors.exclude = kCrateIdBase;
  sensors.sensors = true;
  EXPECT_EQ(queries.boxCast(box, {30.0f, 0.0f}, sensors).body, kCrateIdBase + 1);
  sensors.sensors = false;
  EXPECT_EQ(queries.boxCast(box, {30.0f, 0.0f}, sensors).body, kNoBody);
}

TEST(WorldQueries, OverlapsListBodiesAndTiles) {
  Scenario scenario(kQueriesRoom);
  scenario.add(CrateDefinition{{8.0f, 6.0f}, {1.0f, 1.0f}, 1.0f});
  const WorldQueries queries(scenario.state, scenario.level, scenario.config);
  std::array<BodyId, 8> found{};
  const std::size_t count = queries.overlapBodies({{1.0f, 5.0f}, {9.0f, 1.5f}}, found);
  // The crate and the player (at the spawn), in no particular order.
  ASSERT_EQ(count, 2u);
  EXPECT_TRUE((found[0] == kCrateIdBase && found[1] == kCharacterIdBase) ||
              (found[1] == kCrateIdBase && found[0] == kCharacterIdBase));
  QueryFilter cratesOnly;
  cratesOnly.groups = kGroupCrate;
  EXPECT_EQ(queries.overlapBodies({{1.0f, 5.0f}, {9.0f, 1.5f}}, found, cratesOnly), 1u);
  EXPECT_TRUE(queries.overlapsTiles({{5.0f, 6.5f}, {1.0f, 1.0f}}));
  EXPECT_FALSE(queries.overlapsTiles({{5.0f, 6.0f}, {1.0f, 1.0f}}));  // resting on it: touching
}

TEST(WorldQueries, ABatchGivesWhatSingleCastsGiveAndNothingChanges) {
  Scenario scenario(kQueriesRoom);
  scenario.add(CrateDefinition{{8.0f, 6.0f}, {1.0f, 1.0f}, 1.0f});
  const std::uint64_t before = hashState(scenario.state);
  const WorldQueries queries(scenario.state, scenario.level, scenario.config);
  const std::array<Ray, 3> rays{Ray{{3.0f, 6.5f}, {20.0f, 0.0f}}, Ray{{15.0f, 1.0f}, {0.0f, 9.0f}},
                                Ray{{3.0f, 3.0f}, {-1.0f, 0.0f}}};
  std::array<QueryHit, 3> hits;
  queries.rayCasts(rays, hits);
  for (std::size_t i = 0; i < rays.size(); ++i) {
    const QueryHit single = queries.rayCast(rays[i].origin, rays[i].delta);
    EXPECT_EQ(hits[i].hit, single.hit) << i;
    EXPECT_EQ(hits[i].fraction, single.fraction) << i;
    EXPECT_EQ(hits[i].body, single.body) << i;
  }
  EXPECT_EQ(hits[0].body, kCrateIdBase);
  EXPECT_FALSE(hits[2].hit);
  EXPECT_EQ(hashState(scenario.state), before);
}

TEST(WorldQueries, AnEnormousCastIsCutToTheQueryDistance) {
  Scenario scenario(kQueriesRoom);
  const WorldQueries queries(scenario.state, scenario.level, scenario.config);
  const QueryHit far = queries.rayCast({5.0f, -10.0f}, {0.0f, -1.0e30f});
  EXPECT_FALSE(far.hit);
  EXPECT_FLOAT_EQ(far.position.y, -10.0f - kMaxQueryDistance);
}

}  // namespace
}  // namespace coyote::test
