#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/joint_links.h"
#include "sim/bodies/joint_step.h"
#include "sim/state_hash.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

/// 40 × 16, walls all round: the floor's top at y = 15, room to hang and swing things.
std::string tallHall() {
  std::string picture(40, '#');
  picture += '\n';
  for (int row = 1; row < 15; ++row) {
    std::string line = "#" + std::string(38, '.') + "#\n";
    if (row == 14) {
      line[2] = 'S';
    }
    picture += line;
  }
  return picture + std::string(40, '#') + "\n";
}

constexpr float kCrateWeight = 90.0f;  // physics.gravity × fall_gravity_multiplier, per unit mass
constexpr float kJointDt = 1.0f / 60.0f;

/// A 1×1 crate of `mass` whose centre is at `centre`.
CrateDefinition crateAt(Vec2 centre, float mass = 1.0f) {
  return CrateDefinition{{centre.x - 0.5f, centre.y - 0.5f}, {1.0f, 1.0f}, mass};
}

/// Joint `kind` holding crate 0 to the world at `anchor`, with its rest offset from the level.
JointDefinition toWorld(JointKind kind, const Scenario& scenario, Vec2 anchor) {
  JointDefinition joint;
  joint.kind = kind;
  joint.body = kCrateIdBase;
  joint.anchor = anchor;
  const CrateDefinition& crate = scenario.level.crates[0];
  joint.offset = {crate.position.x + crate.size.x * 0.5f - anchor.x,
                  crate.position.y + crate.size.y * 0.5f - anchor.y};
  joint.length = std::hypot(joint.offset.x, joint.offset.y);
  return joint;
}

Vec2 centreOf(Scenario& scenario, std::size_t index = 0) {
  const Crate& crate = scenario.crate(index);
  const Vec2 size = scenario.level.crates[static_cast<std::size_t>(crate.id - kCrateIdBase)].size;
  return crate.position + size * 0.5f;
}

float distance(Vec2 a, Vec2 b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

TEST(Joints, ARopeIsNeverLongerThanItsLengthByMoreThanOnePercent) {
  Scenario scenario(tallHall());
  const Vec2 anchor{20.0f, 1.0f};
  scenario.add(crateAt({24.0f, 4.0f}));  // 5 tiles from the anchor, off to the side: it swings
  scenario.add(toWorld(JointKind::Rope, scenario, anchor));
  ASSERT_EQ(scenario.level.joints[0].length, 5.0f);
  float longest = 0.0f;
  float leftmost = 24.0f;
  for (int tick = 0; tick < 600; ++tick) {
    scenario.step();
    const float stretch = distance(centreOf(scenario), anchor);
    ASSERT_LE(stretch, 5.0f * 1.01f) << "tick " << tick;
    longest = std::max(longest, stretch);
    leftmost = std::min(leftmost, centreOf(scenario).x);
  }
  EXPECT_GT(longest, 4.95f);   // taut: it held the crate, not a slack rope
  EXPECT_LT(leftmost, 17.0f);  // and it swung past the anchor to the other side
  EXPECT_FALSE(scenario.crate().grounded);
}

TEST(Joints, ASlackRopeLetsItsCrateFallUntilItIsTaut) {
  Scenario scenario(tallHall());
  const Vec2 anchor{20.0f, 1.0f};
  scenario.add(crateAt({20.0f, 3.0f}));
  scenario.add(toWorld(JointKind::Rope, scenario, anchor));
  scenario.level.joints[0].length = 5.0f;
  scenario.step({}, 10);
  EXPECT_GT(centreOf(scenario).y, 4.0f);            // falling freely: 1.25 tiles in 10 ticks
  EXPECT_EQ(scenario.state.joints[0].force, 0.0f);  // slack: it pulled nothing
  scenario.step({}, 120);
  EXPECT_NEAR(centreOf(scenario).y, 6.0f, 0.05f);  // hanging at the rope's length
  EXPECT_NEAR(centreOf(scenario).x, 20.0f, 1e-4f);
  EXPECT_NEAR(scenario.state.joints[0].force, kCrateWeight, kCrateWeight * 0.01f);
}

/// Ticks (fractional) at which a hanging spring's crate passes down through `level`.
std::vector<float> downCrossings(Scenario& scenario, float level, int ticks) {
  std::vector<float> crossings;
  float before = centreOf(scenario).y;
  for (int tick = 1; tick <= ticks; ++tick) {
    scenario.step();
    const float now = centreOf(scenario).y;
    if (before < level && now >= level) {
      crossings.push_back(static_cast<float>(tick - 1) + (level - before) / (now - before));
    }
    before = now;
  }
  return crossings;
}

TEST(Joints, ASpringOscillatesWithThePeriodTwoPiRootMOverK) {
  for (const float mass : {1.0f, 4.0f}) {
    Scenario scenario(tallHall());
    const Vec2 anchor{20.0f, 1.0f};
    // Hanging still, it would stretch by m·g/k below the rest length: it oscillates about there,
    // released 1.25 tiles above.
    const float equilibrium = anchor.y + 3.0f + mass * kCrateWeight / 40.0f;
    scenario.add(crateAt({20.0f, equilibrium - 1.25f}, mass));
    JointDefinition spring = toWorld(JointKind::Spring, scenario, anchor);
    spring.length = 3.0f;
    spring.stiffness = 40.0f;
    scenario.add(spring);
    const float expected = 2.0f * std::numbers::pi_v<float> * std::sqrt(mass / 40.0f) / kJointDt;
    const std::vector<float> crossings =
        downCrossings(scenario, equilibrium, static_cast<int>(expected * 5.5f));
    ASSERT_GE(crossings.size(), 6u) << "mass " << mass;
    const float period = (crossings[5] - crossings[0]) / 5.0f;  // over five periods
    EXPECT_NEAR(period / expected, 1.0f, 0.02f) << "mass " << mass << ": " << period << " ticks";
  }
}

/// A crate hanging in the air on a rail from the world at its centre.
Scenario onRail(Vec2 centre, Vec2 axis, float lower, float upper) {
  Scenario scenario(tallHall());
  scenario.add(crateAt(centre));
  JointDefinition rail = toWorld(JointKind::Rail, scenario, centre);
  rail.axis = axis;
  rail.lower = lower;
  rail.upper = upper;
  scenario.add(rail);
  return scenario;
}

TEST(Joints, ARailHoldsItsCrateOnTheAxisAndBetweenItsLimits) {
  Scenario scenario = onRail({12.0f, 5.0f}, {1.0f, 0.0f}, -1.0f, 3.0f);
  for (const float push : {20.0f, -20.0f}) {
    scenario.crate().velocity.x = push;
    wakeCrate(scenario.state, scenario.crate(), nullptr);  // it went to sleep at the first limit
    for (int tick = 0; tick < 90; ++tick) {
      scenario.step();
      const Vec2 centre = centreOf(scenario);
      ASSERT_NEAR(centre.y, 5.0f, 1e-3f) << "tick " << tick;  // gravity does not pull it off
      ASSERT_GE(centre.x, 11.0f - 1e-3f) << "tick " << tick;
      ASSERT_LE(centre.x, 15.0f + 1e-3f) << "tick " << tick;
    }
    EXPECT_NEAR(centreOf(scenario).x, push > 0.0f ? 15.0f : 11.0f, 1e-3f);
  }
}

TEST(Joints, ARailsDampingBrakesItsCrateWithoutEverReversingIt) {
  // Free on a level rail in the air, sent at 10 tiles/s: no friction keeps it at 10; a damping of
  // 2 mass/s on a crate of mass 1 takes off 2 · v · dt a step: 10 · (1 − 1/30)^60 = 1.31 after 1 s.
  for (const float damping : {0.0f, 2.0f}) {
    Scenario scenario = onRail({12.0f, 5.0f}, {1.0f, 0.0f}, -20.0f, 20.0f);
    scenario.level.joints[0].damping = damping;
    scenario.crate().velocity.x = 10.0f;
    for (int tick = 0; tick < 60; ++tick) {
      scenario.step();
      ASSERT_GT(scenario.crate().velocity.x, 0.0f) << "tick " << tick;
    }
    EXPECT_NEAR(scenario.crate().velocity.x, damping == 0.0f ? 10.0f : 1.31f, 0.02f) << damping;
  }
}

/// A lift: a crate at (12, 12) on a rail going up (the axis) from 0 to 6 tiles, with a motor.
Scenario lift(float speed, bool toTarget, float maxForce) {
  Scenario scenario = onRail({12.0f, 12.0f}, {0.0f, -1.0f}, 0.0f, 6.0f);
  JointDefinition& rail = scenario.level.joints[0];
  rail.motorSpeed = speed;
  rail.hasTarget = toTarget;
  rail.motorTarget = 5.0f;
  rail.maxForce = maxForce;
  return scenario;
}

TEST(Joints, ARailMotorReachesItsTargetAtItsSpeedAndHoldsItsLoad) {
  Scenario scenario = lift(4.0f, true, 1000.0f);
  float previous = centreOf(scenario).y;
  for (int tick = 0; tick < 180; ++tick) {
    scenario.step();
    const float y = centreOf(scenario).y;
    ASSERT_LE(previous - y, 4.0f * kJointDt + 1e-4f)
        << "tick " << tick;  // never faster than 4 tiles/s
    previous = y;
  }
  EXPECT_NEAR(centreOf(scenario).y, 12.0f - 5.0f, 1e-3f);  // 5 tiles up, held there
  EXPECT_NEAR(centreOf(scenario).x, 12.0f, 1e-3f);
  // The motor holds the crate's weight: that is the force it carries.
  EXPECT_NEAR(scenario.state.joints[0].force, kCrateWeight, kCrateWeight * 0.01f);

  Scenario toTheTop = lift(2.0f, false, 1000.0f);  // a speed, no target: up to the upper limit
  toTheTop.step({}, 240);
  EXPECT_NEAR(centreOf(toTheTop).y, 12.0f - 6.0f, 1e-3f);

  Scenario weak = lift(4.0f, true, 0.5f * kCrateWeight);  // cannot lift its load
  weak.step({}, 180);
  EXPECT_NEAR(centreOf(weak).y, 12.0f, 1e-3f);  // down at the lower limit
}

TEST(Joints, AReversingRailMotorIsALiftThatCarriesAPlayerUpAndDown) {
  Scenario scenario(tallHall());
  scenario.add(CrateDefinition{{1.0f, 12.0f}, {3.0f, 0.5f}, 3.0f});  // a cabin over the spawn
  JointDefinition rail = toWorld(JointKind::Rail, scenario, {2.5f, 12.25f});
  rail.axis = {0.0f, -1.0f};
  rail.lower = 0.0f;
  rail.upper = 5.0f;
  rail.motorSpeed = 3.0f;
  rail.reverse = true;
  scenario.add(rail);
  scenario.player().position.y -= 4.0f;  // over the cabin
  ASSERT_TRUE(scenario.settle());
  ASSERT_EQ(scenario.player().support, kCrateIdBase);
  float highest = 100.0f;
  float lowestAfterTop = 0.0f;
  for (int tick = 0; tick < 240; ++tick) {
    scenario.step();
    const float feet = scenario.box().bottom();
    const float cabin = scenario.crate().position.y;
    ASSERT_NEAR(feet, cabin, 0.05f) << "tick " << tick;  // riding it, up and down
    ASSERT_EQ(scenario.player().support, kCrateIdBase) << "tick " << tick;
    highest = std::min(highest, cabin);
    if (highest < 7.01f) {
      lowestAfterTop = std::max(lowestAfterTop, cabin);
    }
  }
  EXPECT_NEAR(highest, 7.0f, 0.02f);          // up to the upper limit, 5 tiles up
  EXPECT_NEAR(lowestAfterTop, 12.0f, 0.02f);  // and back down to the lower one
}

TEST(Joints, AJumpOffARisingLiftKeepsTheLiftsSpeed) {
  Scenario scenario(tallHall());
  scenario.add(CrateDefinition{{1.0f, 12.0f}, {3.0f, 0.5f}, 3.0f});
  JointDefinition rail = toWorld(JointKind::Rail, scenario, {2.5f, 12.25f});
  rail.axis = {0.0f, -1.0f};
  rail.lower = 0.0f;
  rail.upper = 5.0f;
  rail.motorSpeed = 3.0f;
  scenario.add(rail);
  scenario.player().position.y -= 4.0f;
  ASSERT_TRUE(scenario.settle());
  scenario.step({}, 10);  // riding up at 3 tiles/s
  ASSERT_FLOAT_EQ(scenario.crate().velocity.y, -3.0f);
  Scenario still(tallHall());  // the same jump off the floor
  ASSERT_TRUE(still.settle());
  scenario.step(input(0, 0, kButtonJump));
  still.step(input(0, 0, kButtonJump));
  EXPECT_NE(scenario.player().support, kCrateIdBase);
  EXPECT_NEAR(scenario.player().velocity.y, still.player().velocity.y - 3.0f, 1e-3f);
}

/// A crate of mass 2 welded 2 tiles below a world anchor, breaking above `breakForce`.
Scenario welded(float breakForce) {
  Scenario scenario(tallHall());
  scenario.add(crateAt({20.0f, 5.0f}, 2.0f));
  JointDefinition weld = toWorld(JointKind::Weld, scenario, {20.0f, 3.0f});
  weld.breakForce = breakForce;
  scenario.add(weld);
  return scenario;
}

TEST(Joints, AWeldBreaksAtItsThresholdAndNotBelow) {
  const float weight = 2.0f * kCrateWeight;  // what the weld carries holding the crate up
  Scenario holds = welded(weight * 1.02f);
  for (int tick = 0; tick < 600; ++tick) {
    holds.step();
    ASSERT_FALSE(holds.state.joints[0].broken) << "tick " << tick;
    ASSERT_NEAR(centreOf(holds).y, 5.0f, 1e-4f) << "tick " << tick;
  }
  EXPECT_NEAR(holds.state.joints[0].force, weight, weight * 0.01f);

  Scenario breaks = welded(weight * 0.98f);
  const std::vector<StepEvent> events = breaks.stepCollecting({}, 60);
  EXPECT_TRUE(breaks.state.joints[0].broken);
  std::vector<StepEvent> broken;
  for (const StepEvent& event : events) {
    if (event.kind == EventKind::JointBroken) {
      broken.push_back(event);
    }
  }
  ASSERT_EQ(broken.size(), 1u);  // once, on the first tick: the weight is there at once
  EXPECT_EQ(broken[0].tick, 1u);
  EXPECT_EQ(broken[0].body, kCrateIdBase);
  EXPECT_NEAR(broken[0].value, weight, weight * 0.01f);
  EXPECT_GT(centreOf(breaks).y, 7.0f);  // and the crate fell
}

TEST(Joints, APlayerStandingOnAWeldedPlankWeighsOnItAndBreaksIt) {
  // A 3×0.5 plank of mass 1 welded at its centre over the player: it weighs 90, the weld holds
  // 120, a player (mass 1, gravity 60) standing on it makes 150.
  Scenario scenario(tallHall());
  scenario.add(CrateDefinition{{1.0f, 12.0f}, {3.0f, 0.5f}, 1.0f});
  JointDefinition weld = toWorld(JointKind::Weld, scenario, {2.5f, 12.25f});
  weld.breakForce = 120.0f;
  scenario.add(weld);
  scenario.step({}, 120);  // the player stands below it: the plank holds
  ASSERT_FALSE(scenario.state.joints[0].broken);
  EXPECT_NEAR(scenario.state.joints[0].force, 90.0f, 0.9f);
  scenario.player().position.y -= 4.0f;  // dropped onto it
  bool landed = false;
  for (int tick = 0; tick < 120 && !scenario.state.joints[0].broken; ++tick) {
    scenario.step();
    landed = landed || scenario.player().support == kCrateIdBase;
  }
  EXPECT_TRUE(landed);
  EXPECT_TRUE(scenario.state.joints[0].broken);
}

/// Two crates on the floor, at x = 10.5 and `secondX` (centres), tied by a rope of `length`.
Scenario ropedPair(float secondX, float length, bool collide = false) {
  Scenario scenario(tallHall());
  scenario.add(crateAt({10.5f, 14.5f}));
  scenario.add(crateAt({secondX, 14.5f}));
  JointDefinition rope;
  rope.kind = JointKind::Rope;
  rope.body = kCrateIdBase;
  rope.to = kCrateIdBase + 1;
  rope.length = length;
  rope.collide = collide;
  scenario.add(rope);
  return scenario;
}

TEST(Joints, JointedBodiesPassThroughEachOtherUnlessTheyCollide) {
  // 4 tiles apart on a slack rope, the left one sliding right.
  Scenario apart = ropedPair(14.5f, 8.0f, false);
  Scenario colliding = ropedPair(14.5f, 8.0f, true);
  apart.crate(0).velocity.x = 12.0f;
  colliding.crate(0).velocity.x = 12.0f;
  bool passed = false;
  for (int tick = 0; tick < 60; ++tick) {
    apart.step();
    colliding.step();
    passed = passed || apart.crate(0).position.x > apart.crate(1).position.x;
    ASSERT_LE(colliding.crate(0).position.x + 1.0f, colliding.crate(1).position.x + 1e-3f)
        << "tick " << tick;
  }
  EXPECT_TRUE(passed);
  EXPECT_GT(colliding.crate(1).position.x, 14.1f);  // hit and pushed
}

TEST(Joints, JointedCratesSleepTogetherAndAPullWakesTheOther) {
  Scenario scenario = ropedPair(12.5f, 3.0f);
  scenario.step({}, 60);
  ASSERT_TRUE(scenario.crate(0).asleep);
  ASSERT_TRUE(scenario.crate(1).asleep);
  // At rest they stay asleep: neither keeps waking the other.
  for (const StepEvent& event : scenario.stepCollecting({}, 120)) {
    EXPECT_NE(event.kind, EventKind::BodyWoke) << "tick " << event.tick;
  }
  // The right one is thrown right: the rope goes taut and wakes the left one, which follows.
  scenario.crate(1).velocity.x = 15.0f;
  wakeCrate(scenario.state, scenario.crate(1), nullptr);
  bool woke = false;
  for (const StepEvent& event : scenario.stepCollecting({}, 40)) {
    woke = woke || (event.kind == EventKind::BodyWoke && event.body == kCrateIdBase);
  }
  EXPECT_TRUE(woke);
  EXPECT_GT(scenario.crate(0).position.x, 10.1f);
  EXPECT_LE(distance(centreOf(scenario, 0), centreOf(scenario, 1)), 3.0f * 1.01f);
}

/// A chain: crate 0 on a rope from the world, crate 1 on a spring from it, crate 2 welded to 1.
Scenario chain() {
  Scenario scenario(tallHall());
  scenario.add(crateAt({22.0f, 4.0f}));
  scenario.add(crateAt({22.0f, 7.0f}, 2.0f));
  scenario.add(crateAt({23.5f, 7.0f}, 0.5f));
  scenario.add(toWorld(JointKind::Rope, scenario, {20.0f, 1.0f}));
  JointDefinition spring;
  spring.kind = JointKind::Spring;
  spring.body = kCrateIdBase + 1;
  spring.to = kCrateIdBase;
  spring.length = 2.0f;
  spring.stiffness = 60.0f;
  spring.damping = 1.0f;
  scenario.add(spring);
  JointDefinition weld;
  weld.kind = JointKind::Weld;
  weld.body = kCrateIdBase + 2;
  weld.to = kCrateIdBase + 1;
  weld.offset = {1.5f, 0.0f};
  scenario.add(weld);
  return scenario;
}

TEST(Joints, TheStorageOrderOfCratesDoesNotChangeTheResult) {
  Scenario stored = chain();
  Scenario shuffled = chain();
  std::swap(shuffled.state.crates[0], shuffled.state.crates[2]);
  std::swap(shuffled.state.crates[1], shuffled.state.crates[2]);
  for (int tick = 0; tick < 300; ++tick) {
    stored.step();
    shuffled.step();
  }
  // The same world: each crate (found by id) where its twin is.
  for (const Crate& crate : stored.state.crates) {
    const Crate* twin = findCrate(shuffled.state, shuffled.level, crate.id);
    if (crate.present()) {
      ASSERT_NE(twin, nullptr);
      EXPECT_EQ(crate.position.x, twin->position.x) << crate.id;
      EXPECT_EQ(crate.position.y, twin->position.y) << crate.id;
      EXPECT_EQ(crate.velocity.y, twin->velocity.y) << crate.id;
    }
  }
  EXPECT_GT(centreOf(stored, 0).y, 4.5f);  // the chain really moved
}

TEST(Joints, JointEndsAreTheCrateCentreAndTheAnchor) {
  Scenario scenario = chain();
  Vec2 body;
  Vec2 to;
  ASSERT_TRUE(jointEnds(scenario.state, scenario.level, 0, body, to));
  EXPECT_EQ(body.x, 22.0f);
  EXPECT_EQ(body.y, 4.0f);
  EXPECT_EQ(to.x, 20.0f);
  EXPECT_EQ(to.y, 1.0f);
  ASSERT_TRUE(jointEnds(scenario.state, scenario.level, 2, body, to));
  EXPECT_EQ(body.x, 23.5f);
  EXPECT_EQ(to.x, 22.0f);
  EXPECT_FALSE(jointEnds(scenario.state, scenario.level, 3, body, to));
}

// The crates' pass asks, for every crate, whether it passes through a neighbour; only a crate in
// one of the pairs is looked up in them (JointLinks::ignoresAnything).
TEST(JointLinks, OnlyTheCratesOfAPairPassThroughAnything) {
  JointLinks links;
  links.clear();
  const BodyId first = kCrateIdBase + 3;
  const BodyId second = kCrateIdBase + 7;
  links.ignore(first, second);
  links.ignore(2, kCrateIdBase + 9);  // a platform and a crate
  for (BodyId crate = kCrateIdBase; crate < kCrateIdBase + 16; ++crate) {
    const bool paired = crate == first || crate == second || crate == kCrateIdBase + 9;
    EXPECT_EQ(links.ignoresAnything(crate), paired) << "crate " << crate - kCrateIdBase;
  }
  EXPECT_FALSE(links.ignoresAnything(2));  // a platform is never asked, and is no crate
  EXPECT_FALSE(links.ignoresAnything(kCharacterIdBase));
  EXPECT_TRUE(links.ignores(second, first));
  EXPECT_FALSE(links.ignores(first, kCrateIdBase + 9));
}

// A level without joints never clears its links (that would cost every step of it): they must
// then say that no crate was launched and none passes through anything.
TEST(JointLinks, LinksNeverClearedHoldNothing) {
  JointLinks links;
  for (std::size_t crate = 0; crate < kMaxCrates; crate += 97) {
    EXPECT_FALSE(links.launched(crate)) << crate;
    EXPECT_FALSE(links.ignoresAnything(static_cast<BodyId>(kCrateIdBase + crate))) << crate;
  }
  EXPECT_FALSE(links.ignores(kCrateIdBase, kCrateIdBase + 1));
  links.clear();
  links.markLaunched(5);
  EXPECT_TRUE(links.launched(5));
  EXPECT_FALSE(links.launched(6));
}

}  // namespace
}  // namespace coyote::test
