#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "level/tiled_level_loader.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
// Beside level/json_node.h's own alias, never in the anonymous namespace: a unity batch that
// holds both would have one shadow the other.
using Json = nlohmann::json;

namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// A 20 × 10 map of 16 px tiles: a crate (id 1) at (4, 2), a crate (id 2) at (8, 2), a platform
// (id 3) at (12, 1), a spawn, and `joint` last.
Json mapWithJoint(const Json& joint) {
  Json map = Json::parse(R"({
    "orientation": "orthogonal", "width": 20, "height": 10, "tilewidth": 16, "tileheight": 16,
    "tilesets": [{"firstgid": 1, "tiles": [{"id": 0, "type": "solid"}]}],
    "layers": [{"name": "collision", "type": "tilelayer", "width": 20, "height": 10, "data": []},
               {"name": "entities", "type": "objectgroup", "objects": [
      {"id": 1, "type": "crate", "x": 64, "y": 32, "width": 16, "height": 16},
      {"id": 2, "type": "crate", "x": 128, "y": 32, "width": 16, "height": 16},
      {"id": 3, "type": "platform", "x": 192, "y": 16, "width": 32, "height": 8,
       "properties": [{"name": "pathX", "type": "float", "value": 4}]},
      {"type": "spawn", "x": 16, "y": 144}]}]
  })");
  map["layers"][0]["data"] = Json(std::vector<int>(200, 0));
  map["layers"][1]["objects"].push_back(joint);
  return map;
}

Json ref(const std::string& name, int id) {
  return {{"name", name}, {"type", "object"}, {"value", id}};
}
Json number(const std::string& name, double value) {
  return {{"name", name}, {"type", "float"}, {"value", value}};
}

Json joint(const std::string& kind, double x, double y, const Json& properties) {
  return {{"id", 9}, {"type", kind},  {"x", x},
          {"y", y},  {"point", true}, {"properties", properties}};
}

Level loadJoints(const Json& map) {
  test::TempDirectory directory;
  return loadTiledLevel(directory.write("joints.tmj", map.dump()));
}

std::string jointsRefusal(const Json& map) {
  test::TempDirectory directory;
  return test::refusalOf([&] { loadTiledLevel(directory.write("joints.tmj", map.dump())); });
}

TEST(TiledJoints, ARopeToTheWorldHangsAtTheObjectAndIsAsLongAsTheLevelPlacesIt) {
  // Anchor at (4.5, 0): the crate's centre (4.5, 2.5) is 2.5 tiles below it.
  const Level level = loadJoints(mapWithJoint(joint("rope", 72, 0, Json::array({ref("body", 1)}))));
  ASSERT_EQ(level.joints.size(), 1u);
  const JointDefinition& rope = level.joints[0];
  EXPECT_EQ(rope.kind, JointKind::Rope);
  EXPECT_EQ(rope.body, kCrateIdBase);
  EXPECT_EQ(rope.to, kNoBody);
  EXPECT_EQ(rope.anchor.x, 4.5f);
  EXPECT_EQ(rope.anchor.y, 0.0f);
  EXPECT_EQ(rope.length, 2.5f);
  EXPECT_FALSE(rope.collide);
  EXPECT_EQ(rope.breakForce, 0.0f);
}

TEST(TiledJoints, EveryKindReadsItsProperties) {
  const Level spring = loadJoints(mapWithJoint(
      joint("spring", 0, 0,
            Json::array({ref("body", 1), ref("to", 2), number("length", 3), number("stiffness", 80),
                         number("damping", 2), number("breakForce", 500)}))));
  ASSERT_EQ(spring.joints.size(), 1u);
  EXPECT_EQ(spring.joints[0].to, kCrateIdBase + 1);
  EXPECT_EQ(spring.joints[0].length, 3.0f);
  EXPECT_EQ(spring.joints[0].stiffness, 80.0f);
  EXPECT_EQ(spring.joints[0].damping, 2.0f);
  EXPECT_EQ(spring.joints[0].breakForce, 500.0f);

  const Level rail = loadJoints(mapWithJoint(
      joint("rail", 200, 24,
            Json::array({ref("body", 1), ref("to", 3), number("axisX", 0), number("axisY", -2),
                         number("lower", -1), number("upper", 5), number("motorSpeed", 3),
                         number("motorTarget", 4), number("maxForce", 300)}))));
  const JointDefinition& lift = rail.joints[0];
  EXPECT_EQ(lift.to, 0);           // the platform
  EXPECT_EQ(lift.anchor.x, 0.5f);  // (12.5, 1.5) from the platform's corner (12, 1)
  EXPECT_EQ(lift.anchor.y, 0.5f);
  EXPECT_EQ(lift.axis.x, 0.0f);  // normalised
  EXPECT_EQ(lift.axis.y, -1.0f);
  EXPECT_EQ(lift.offset.x, 4.5f - 12.5f);
  EXPECT_EQ(lift.offset.y, 2.5f - 1.5f);
  EXPECT_TRUE(lift.hasTarget);
  EXPECT_EQ(lift.motorTarget, 4.0f);
  EXPECT_EQ(lift.maxForce, 300.0f);

  const Level weld = loadJoints(
      mapWithJoint(joint("weld", 0, 0,
                         Json::array({ref("body", 2),
                                      ref("to", 1),
                                      {{"name", "collide"}, {"type", "bool"}, {"value", true}}}))));
  EXPECT_EQ(weld.joints[0].offset.x, 4.0f);  // crate 2's centre is 4 tiles right of crate 1's
  EXPECT_EQ(weld.joints[0].offset.y, 0.0f);
  EXPECT_TRUE(weld.joints[0].collide);
}

TEST(TiledJoints, BrokenDeclarationsAreRefusedWithTheirJsonPath) {
  EXPECT_THAT(jointsRefusal(mapWithJoint(joint("rope", 0, 0, Json::array({ref("to", 2)})))),
              AllOf(HasSubstr("joints.tmj"), HasSubstr("$.layers[1].objects[4]"),
                    HasSubstr("needs a \"body\"")));
  EXPECT_THAT(
      jointsRefusal(mapWithJoint(joint("rope", 0, 0, Json::array({ref("body", 77)})))),
      AllOf(HasSubstr("$.layers[1].objects[4].properties[0].value"), HasSubstr("names no crate")));
  EXPECT_THAT(jointsRefusal(mapWithJoint(joint("rope", 0, 0, Json::array({ref("body", 3)})))),
              HasSubstr("names no crate"));  // a platform is not a crate
  EXPECT_THAT(jointsRefusal(
                  mapWithJoint(joint("weld", 0, 0, Json::array({ref("body", 1), ref("to", 44)})))),
              AllOf(HasSubstr("$.layers[1].objects[4].properties[1].value"),
                    HasSubstr("names no crate or platform")));
  EXPECT_THAT(
      jointsRefusal(mapWithJoint(joint("weld", 0, 0, Json::array({ref("body", 1), ref("to", 1)})))),
      HasSubstr("two different bodies"));
  EXPECT_THAT(
      jointsRefusal(mapWithJoint(joint(
          "rail", 0, 0, Json::array({ref("body", 1), number("axisX", 0), number("axisY", 0)})))),
      AllOf(HasSubstr("$.layers[1].objects[4].properties[1].value:"), HasSubstr("axis")));
  EXPECT_THAT(
      jointsRefusal(mapWithJoint(joint(
          "rail", 0, 0, Json::array({ref("body", 1), number("lower", 2), number("upper", 1)})))),
      HasSubstr("crossed limits: lower 2 > upper 1"));
  EXPECT_THAT(jointsRefusal(mapWithJoint(joint(
                  "rail", 0, 0,
                  Json::array({ref("body", 1), number("upper", 1), number("motorTarget", 3)})))),
              AllOf(HasSubstr("properties[2].value"), HasSubstr("must be in [-4096, 1]")));
  EXPECT_THAT(jointsRefusal(mapWithJoint(
                  joint("spring", 0, 0, Json::array({ref("body", 1), number("stiffness", -1)})))),
              AllOf(HasSubstr("properties[1].value"), HasSubstr("must be in")));
}

}  // namespace
}  // namespace coyote
