// Sensor events (docs/simulation.md#sensors): a character or crate entering or leaving a sensor's
// box gives sensor_entered / sensor_left with both ids, derived from the states before and after
// each step, so a replayed step reports the same, and bounded like every event.
#include <vector>

#include <gtest/gtest.h>

#include "sim/bodies/sensors.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr BodyId kSensorPlayer = kCharacterIdBase;

PlatformDefinition sensorPlatform(Vec2 topLeft, Vec2 size) {
  PlatformDefinition platform{size, {topLeft}};
  platform.filter = {kGroupSensor, defaultCollidesWith(kGroupSensor)};
  return platform;
}

struct Seen {
  int tick;
  StepEvent event;
};

/// Steps `ticks` times with `move`, keeping the sensor events and the tick of each.
std::vector<Seen> sensorEvents(Scenario& scenario, PlayerInput move, int ticks) {
  std::vector<Seen> seen;
  for (int tick = 0; tick < ticks; ++tick) {
    for (const StepEvent& event : scenario.stepCollecting(move)) {
      if (event.kind == EventKind::SensorEntered || event.kind == EventKind::SensorLeft) {
        seen.push_back({tick, event});
      }
    }
  }
  return seen;
}

TEST(Sensor, ACharacterRunningThroughEntersOnceAndLeavesOnce) {
  Scenario scenario(kHall);
  scenario.add(sensorPlatform({10.0f, 5.0f}, {2.0f, 2.0f}));
  const std::vector<Seen> seen = sensorEvents(scenario, input(kRight), 120);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].event.kind, EventKind::SensorEntered);
  EXPECT_EQ(seen[0].event.body, kSensorPlayer);
  EXPECT_EQ(seen[0].event.other, 0) << "the platform's id";
  EXPECT_EQ(seen[1].event.kind, EventKind::SensorLeft);
  EXPECT_EQ(seen[1].event.other, 0);
  EXPECT_GT(seen[1].tick, seen[0].tick);
  EXPECT_GT(scenario.box().left(), 12.0f) << "it passed through: a sensor blocks nothing";
}

TEST(Sensor, EnteringIsOverlappingMoreThanTouching) {
  Scenario scenario(kHall);
  const float right = scenario.box().right();
  scenario.add(sensorPlatform({right, 5.0f}, {2.0f, 2.0f}));  // touching the box's right side
  EXPECT_TRUE(sensorEvents(scenario, input(0), 30).empty());
  const std::vector<Seen> seen = sensorEvents(scenario, input(kRight), 2);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].event.kind, EventKind::SensorEntered);
}

// A character placed inside (at its spawn) was inside before its first step: it never entered,
// and standing there reports nothing; walking out, it leaves.
TEST(Sensor, StandingInsideReportsNothingUntilItLeaves) {
  Scenario scenario(kHall);
  scenario.add(sensorPlatform({1.0f, 5.0f}, {4.0f, 2.0f}));  // around the spawn
  EXPECT_TRUE(sensorEvents(scenario, input(0), 300).empty());
  const std::vector<Seen> seen = sensorEvents(scenario, input(kRight), 60);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].event.kind, EventKind::SensorLeft);
}

TEST(Sensor, ACrateFallingInIsReportedWithItsId) {
  Scenario scenario(kHall);
  scenario.add(sensorPlatform({20.0f, 5.5f}, {2.0f, 1.5f}));
  scenario.add(CrateDefinition{{20.5f, 2.0f}});
  const std::vector<Seen> seen = sensorEvents(scenario, input(0), 120);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].event.kind, EventKind::SensorEntered);
  EXPECT_EQ(seen[0].event.body, kCrateIdBase);
  EXPECT_EQ(seen[0].event.other, 0);
}

TEST(Sensor, ASensorCrateSensesTheCharacterThatWalksThroughIt) {
  Scenario scenario(kHall);
  CrateDefinition sensor{{10.0f, 6.0f}};
  sensor.filter = {kGroupSensor, defaultCollidesWith(kGroupSensor)};
  scenario.add(sensor);
  const std::vector<Seen> seen = sensorEvents(scenario, input(kRight), 120);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].event.other, kCrateIdBase);
  EXPECT_EQ(seen[0].event.body, kSensorPlayer);
}

TEST(Sensor, AReplayedStepReportsTheSameEvents) {
  Scenario scenario(kHall);
  scenario.add(sensorPlatform({6.0f, 5.0f}, {1.0f, 2.0f}));
  scenario.step(input(kRight), 20);
  const WorldState saved = scenario.state;
  const std::vector<Seen> first = sensorEvents(scenario, input(kRight), 40);
  scenario.state = saved;  // as a rollback restores it
  const std::vector<Seen> again = sensorEvents(scenario, input(kRight), 40);
  ASSERT_EQ(first.size(), again.size());
  ASSERT_FALSE(first.empty());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].tick, again[i].tick);
    EXPECT_EQ(first[i].event.tick, again[i].event.tick);
    EXPECT_EQ(first[i].event.kind, again[i].event.kind);
    EXPECT_EQ(first[i].event.body, again[i].event.body);
  }
}

TEST(Sensor, MorePairsThanTrackedAreCountedAsDroppedNotLost) {
  Scenario scenario(kHall);
  scenario.add(sensorPlatform({1.0f, 1.0f}, {38.0f, 6.0f}));
  for (int i = 0; i < static_cast<int>(kMaxSensorPairs) + 40; ++i) {
    scenario.add(CrateDefinition{
        {1.0f + static_cast<float>(i % 76) * 0.5f, 1.0f + static_cast<float>(i / 76) * 0.75f},
        {0.25f, 0.25f}});
  }
  TickInputs inputs{};
  EventBatch batch;
  stepWorld(scenario.state, inputs, scenario.level, scenario.parameters, nullptr, &batch);
  std::size_t sensorEventsSeen = 0;
  for (const StepEvent& event : batch.events()) {
    sensorEventsSeen += event.kind == EventKind::SensorEntered ? 1 : 0;
  }
  EXPECT_LE(sensorEventsSeen, kMaxSensorPairs);
  EXPECT_GE(batch.dropped(), 1u);
}

TEST(Sensor, ALevelWithoutSensorsFindsNone) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 6.0f}});
  SensorOverlaps overlaps;
  overlaps.find(scenario.state, ActiveCharacters(scenario.state), scenario.level, scenario.config);
  EXPECT_TRUE(overlaps.pairs().empty());
  EXPECT_FALSE(overlaps.overflowed());
}

}  // namespace
}  // namespace coyote::test
