// The F4 joint colours and the F5 rail position (docs/playing.md#debug-views), from the state.
#include "client/app/debug/joint_debug_view.h"

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

/// A 1 × 1 crate at `topLeft` joined to the world at `anchor`.
JointDefinition jointTo(JointKind kind, Vec2 topLeft, Vec2 anchor, BodyId crate) {
  JointDefinition joint;
  joint.kind = kind;
  joint.body = crate;
  joint.anchor = anchor;
  joint.offset = Vec2{topLeft.x + 0.5f, topLeft.y + 0.5f} - anchor;
  return joint;
}

TEST(JointDebugView, ARailInTheMiddleOfItsRangeWorksAndAtAnEndIsStrained) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 3.0f}});
  JointDefinition rail = jointTo(JointKind::Rail, {10.0f, 3.0f}, {10.5f, 3.5f}, kCrateIdBase);
  rail.lower = -2.0f;
  rail.upper = 2.0f;
  scenario.add(rail);
  scenario.step();
  float along = 99.0f;
  ASSERT_TRUE(railPosition(scenario.state, scenario.level, 0, along));
  EXPECT_NEAR(along, 0.0f, 1e-4f);
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Working);
  scenario.crate().position.x = 12.0f;  // its centre 2 tiles along: the upper limit
  ASSERT_TRUE(railPosition(scenario.state, scenario.level, 0, along));
  EXPECT_NEAR(along, 2.0f, 1e-4f);
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Strained);
}

TEST(JointDebugView, ATautRopeIsStrainedAndASlackOneWorks) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 3.0f}});
  JointDefinition rope = jointTo(JointKind::Rope, {10.0f, 3.0f}, {10.5f, 1.5f}, kCrateIdBase);
  rope.length = 2.0f;
  scenario.add(rope);
  scenario.step(input(0), 30);  // hanging at full length
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Strained);
  scenario.level.joints[0].length = 8.0f;  // long enough to reach the floor: slack
  scenario.step(input(0), 120);
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Working);
  float along = 0.0f;
  EXPECT_FALSE(railPosition(scenario.state, scenario.level, 0, along)) << "not a rail";
}

TEST(JointDebugView, AMotorAtItsMaximumForceOrAJointNearBreakingIsStrained) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 6.0f}});
  JointDefinition rail = jointTo(JointKind::Rail, {10.0f, 6.0f}, {10.5f, 6.5f}, kCrateIdBase);
  rail.lower = -5.0f;
  rail.upper = 5.0f;
  rail.motorSpeed = 2.0f;
  rail.maxForce = 10.0f;
  rail.breakForce = 1000.0f;
  scenario.add(rail);
  scenario.state.joints[0].force = 5.0f;
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Working);
  scenario.state.joints[0].force = 10.0f;
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Strained) << "motor";
  scenario.level.joints[0].maxForce = 0.0f;  // as strong as needed: never at its maximum
  scenario.state.joints[0].force = 950.0f;
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Strained) << "near 1000";
}

TEST(JointDebugView, ABrokenJointIsBrokenAndAnUnknownIndexWorks) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 3.0f}});
  scenario.add(jointTo(JointKind::Weld, {10.0f, 3.0f}, {10.5f, 1.5f}, kCrateIdBase));
  scenario.state.joints[0].broken = true;
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 0), JointStatus::Broken);
  EXPECT_EQ(jointStatus(scenario.state, scenario.level, 7), JointStatus::Working);
}

}  // namespace
}  // namespace coyote::test
