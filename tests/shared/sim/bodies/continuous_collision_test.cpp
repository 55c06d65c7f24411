#include <cmath>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr float kFast = 200.0f;  // tiles/s: 3.3 tiles a step, more than any target is wide

/// A 1×1 crate at (5, 5) in the hall, fired right at `kFast`.
Scenario fired() {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{5.0f, 5.0f}});
  scenario.crate().velocity.x = kFast;
  return scenario;
}

TEST(ContinuousCollision, AFastCrateStopsAtAOneTilePlatform) {
  Scenario scenario = fired();
  // A 1×1 platform barely moving up and down at x = 20.
  scenario.add(
      PlatformDefinition{{1.0f, 1.0f}, {{20.0f, 5.0f}, {20.0f, 5.1f}}, 0.01f, PathMode::PingPong});
  scenario.crate().velocity.x = kFast;
  bool reached = false;
  for (int tick = 0; tick < 30; ++tick) {
    scenario.step();
    ASSERT_LE(scenario.crate().position.x + 1.0f, 20.0f + 1e-3f) << "tick " << tick;
    reached = reached || scenario.crate().position.x + 1.0f > 19.99f;
  }
  EXPECT_TRUE(reached);  // it got there: it was stopped, not slowed down before
}

TEST(ContinuousCollision, AFastCrateStopsAtAThinCrate) {
  Scenario scenario = fired();
  scenario.add(CrateDefinition{{20.0f, 5.0f}, {0.125f, 2.0f}, 1.0f});  // standing on the floor
  scenario.crate().velocity.x = kFast;
  bool hit = false;
  for (int tick = 0; tick < 60; ++tick) {
    scenario.step();
    // The fired crate stays left of the thin one: hit and pushed, never passed.
    ASSERT_LE(scenario.crate(0).position.x + 1.0f, scenario.crate(1).position.x + 1e-3f)
        << "tick " << tick;
    hit = hit || scenario.crate(1).position.x > 20.0f;
  }
  EXPECT_TRUE(hit);
}

TEST(ContinuousCollision, AFastCrateStopsAtARopeHeldCrate) {
  Scenario scenario = fired();
  scenario.add(CrateDefinition{{20.0f, 5.0f}});  // hanging: its centre 4 tiles under the anchor
  JointDefinition rope;
  rope.body = kCrateIdBase + 1;
  rope.anchor = {20.5f, 1.5f};
  rope.length = 4.0f;
  scenario.add(rope);
  scenario.crate().velocity.x = kFast;
  bool hit = false;
  for (int tick = 0; tick < 60; ++tick) {
    const float before = scenario.crate(0).position.x;
    scenario.step();
    const Vec2 fast = scenario.crate(0).position;
    const Vec2 held = scenario.crate(1).position;
    // Never inside it, and never across it while the two were level (it swings up and away).
    const bool overlaps =
        std::abs(fast.x - held.x) < 1.0f - 1e-3f && std::abs(fast.y - held.y) < 1.0f - 1e-3f;
    ASSERT_FALSE(overlaps) << "tick " << tick;
    const bool level = std::abs(fast.y - held.y) < 1.0f;
    ASSERT_FALSE(level && before < held.x && fast.x > held.x) << "tick " << tick;
    hit = hit || held.x > 20.5f;  // it was hit and swings away on its rope
  }
  EXPECT_TRUE(hit);
  const float stretch = std::hypot(scenario.crate(1).position.x + 0.5f - 20.5f,
                                   scenario.crate(1).position.y + 0.5f - 1.5f);
  EXPECT_LE(stretch, 4.0f * 1.01f);
}

TEST(ContinuousCollision, AFastCrateStopsAtAWallAndAFloor) {
  Scenario scenario = fired();
  for (int tick = 0; tick < 30; ++tick) {
    scenario.step();
    ASSERT_LE(scenario.crate().position.x + 1.0f, 39.0f) << "tick " << tick;  // the right wall
  }
  EXPECT_FLOAT_EQ(scenario.crate().position.x + 1.0f, 39.0f);  // no restitution: it stays there

  Scenario dropped(kHall);
  dropped.add(CrateDefinition{{10.0f, 1.0f}});
  dropped.crate().velocity.y = kFast;
  dropped.step({}, 2);                                // 5 tiles to fall, 3.3 a step
  EXPECT_FLOAT_EQ(dropped.crate().position.y, 6.0f);  // on the one-tile floor, not under it
}

}  // namespace
}  // namespace coyote::test
