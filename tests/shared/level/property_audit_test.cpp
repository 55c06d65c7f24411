// Level authors' typos are refused with the JSON path of the property and the nearest known name,
// and a property that means nothing for its kind is refused too.
#include "level/property_audit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
// Beside level/json_node.h's own alias, never in the anonymous namespace: a unity batch that
// holds both would have one shadow the other.
using Json = nlohmann::json;

namespace {

using ::testing::HasSubstr;

Json typedProperty(const std::string& name, const std::string& type, const Json& value) {
  return {{"name", name}, {"type", type}, {"value", value}};
}

// A 20 × 10 map: a crate (id 1), a spawn, and `object` last (objects[2]).
Json mapWithObject(const Json& object) {
  Json map = Json::parse(R"({
    "orientation": "orthogonal", "width": 20, "height": 10, "tilewidth": 16, "tileheight": 16,
    "tilesets": [{"firstgid": 1, "tiles": [{"id": 0, "type": "solid"}]}],
    "layers": [{"name": "collision", "type": "tilelayer", "width": 20, "height": 10, "data": []},
               {"name": "entities", "type": "objectgroup", "objects": [
      {"id": 1, "type": "crate", "x": 64, "y": 32, "width": 16, "height": 16},
      {"type": "spawn", "x": 16, "y": 144}]}]
  })");
  map["layers"][0]["data"] = Json(std::vector<int>(200, 0));
  map["layers"][1]["objects"].push_back(object);
  return map;
}

Json jointWith(const std::string& kind, const Json& extra) {
  Json properties = Json::array({typedProperty("body", "object", 1)});
  properties.push_back(extra);
  return {{"id", 9}, {"type", kind},  {"x", 72},
          {"y", 0},  {"point", true}, {"properties", properties}};
}

std::string auditRefusal(const Json& map) {
  test::TempDirectory directory;
  return test::refusalOf([&] { loadTiledLevel(directory.write("typo.tmj", map.dump())); });
}

TEST(PropertyAudit, ATypoOnARailIsRefusedWithItsPathAndTheNameMeant) {
  const std::string error =
      auditRefusal(mapWithObject(jointWith("rail", typedProperty("motorSpeeed", "float", 2.0))));
  EXPECT_THAT(error, HasSubstr("typo.tmj: $.layers[1].objects[2].properties[1]: unknown property "
                               "`motorSpeeed` on a rail; did you mean `motorSpeed`?"));
}

// Tiled writes each property's declared type: one that is not the type the property is declared
// with in level_properties.h is refused at the entry's `type`, before its value is read.
TEST(PropertyAudit, APropertyOfTheWrongTiledTypeIsRefusedAtItsType) {
  EXPECT_THAT(
      auditRefusal(mapWithObject(jointWith("rail", typedProperty("motorSpeed", "string", "2")))),
      HasSubstr("$.layers[1].objects[2].properties[1].type: `motorSpeed` is a float "
                "property, not string"));
  EXPECT_THAT(auditRefusal(mapWithObject(jointWith("rail", typedProperty("reverse", "int", 1)))),
              HasSubstr("`reverse` is a bool property, not int"));
  EXPECT_THAT(auditRefusal(mapWithObject(jointWith("rope", typedProperty("to", "int", 1)))),
              HasSubstr("`to` is an object property, not int"));
  Json map = mapWithObject({{"type", "spawn"}, {"x", 32}, {"y", 144}});
  map["properties"] = Json::array({typedProperty("jumpsRemaining", "float", 2.5)});
  EXPECT_THAT(auditRefusal(map), HasSubstr("$.properties[0].type: `jumpsRemaining` is an int "
                                           "property, not float"));
}

TEST(PropertyAudit, AWholeNumberTypedIntServesAsAFloat) {
  test::TempDirectory directory;
  const Json map = mapWithObject(jointWith("rail", typedProperty("motorSpeed", "int", 2)));
  const Level level = loadTiledLevel(directory.write("int.tmj", map.dump()));
  ASSERT_EQ(level.joints.size(), 1u);
  EXPECT_EQ(level.joints[0].motorSpeed, 2.0f);
}

TEST(PropertyAudit, ASwappedPairIsOneEditAway) {
  EXPECT_THAT(auditRefusal(mapWithObject(jointWith("rope", typedProperty("lenght", "float", 2.0)))),
              HasSubstr("unknown property `lenght` on a rope; did you mean `length`?"));
}

TEST(PropertyAudit, APropertyOfAnotherKindMeansNothingHere) {
  const std::string error =
      auditRefusal(mapWithObject(jointWith("rope", typedProperty("axisX", "float", 1.0))));
  EXPECT_THAT(error, HasSubstr("$.layers[1].objects[2].properties[1]: unknown property `axisX` "
                               "on a rope"));
  EXPECT_THAT(error, ::testing::Not(HasSubstr("did you mean")));
}

TEST(PropertyAudit, TheMapATileAndAPlatformAreAuditedToo) {
  Json map = mapWithObject({{"type", "spawn"}, {"x", 32}, {"y", 144}});
  map["properties"] = Json::array({typedProperty("jumpsRemaning", "int", 2)});
  EXPECT_THAT(auditRefusal(map),
              HasSubstr("$.properties[0]: unknown property `jumpsRemaning` on the "
                        "map; did you mean `jumpsRemaining`?"));

  Json tile = mapWithObject({{"type", "spawn"}, {"x", 32}, {"y", 144}});
  tile["tilesets"][0]["tiles"][0]["properties"] =
      Json::array({typedProperty("materal", "string", "ice")});
  EXPECT_THAT(auditRefusal(tile),
              HasSubstr("$.tilesets[0].tiles[0].properties[0]: unknown property "
                        "`materal` on a solid tile; did you mean `material`?"));

  const Json platform = {{"id", 5},
                         {"type", "platform"},
                         {"x", 96},
                         {"y", 16},
                         {"width", 32},
                         {"height", 8},
                         {"properties", Json::array({typedProperty("pathX", "float", 4.0),
                                                     typedProperty("Speed", "float", 3.0)})}};
  EXPECT_THAT(auditRefusal(mapWithObject(platform)),
              HasSubstr("unknown property `Speed` on a platform; did you mean `speed`?"));
}

TEST(PropertyAudit, AnObjectOfNoClassOrALayerHasNoProperties) {
  Json map = mapWithObject({{"x", 32},
                            {"y", 32},
                            {"point", true},
                            {"properties", Json::array({typedProperty("speed", "float", 3.0)})}});
  EXPECT_THAT(auditRefusal(map), HasSubstr("unknown property `speed` on an object of no class"));
  Json layer = mapWithObject({{"type", "spawn"}, {"x", 32}, {"y", 144}});
  layer["layers"][1]["properties"] = Json::array({typedProperty("gravity", "float", 3.0)});
  EXPECT_THAT(auditRefusal(layer),
              HasSubstr("$.layers[1].properties[0]: unknown property `gravity` on a layer"));
}

TEST(PropertyAudit, EveryBundledLevelLoadsUnderTheAudit) {
  for (const char* name : {"arena.tmj", "playground.tmj", "bench.tmj"}) {
    const std::string file = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/" + name;
    EXPECT_NO_THROW(loadTiledLevel(file, materialsForLevel("", file))) << name;
  }
}

// A hostile file's megabyte name is neither compared with every known name nor copied whole
// into the message.
TEST(PropertyAudit, AHugeUnknownNameIsRefusedShortened) {
  const std::string huge(1 << 20, 'm');
  const std::string error =
      auditRefusal(mapWithObject(jointWith("rail", typedProperty(huge, "float", 1.0))));
  EXPECT_THAT(error, HasSubstr("unknown property `" + std::string(kLongestComparedName, 'm') +
                               "…` on a rail"));
  EXPECT_LT(error.size(), 400u);
  EXPECT_EQ(closestName(huge, {std::string(huge.size() - 1, 'm')}), "");
}

TEST(PropertyAudit, TheClosestNameIsOnlyOfferedWhenItIsClose) {
  const std::vector<std::string> known{"motorSpeed", "motorTarget", "maxForce"};
  EXPECT_EQ(closestName("motorspeed", known), "motorSpeed");
  EXPECT_EQ(closestName("motorTraget", known), "motorTarget");
  EXPECT_EQ(closestName("colour", known), "");
  EXPECT_EQ(closestName("x", {}), "");
}

TEST(PropertyAudit, AnObjectOfAnUnknownClassIsRefusedWithTheClassMeant) {
  const Json typo = {{"id", 5}, {"type", "platfrom"}, {"x", 96},
                     {"y", 16}, {"width", 32},        {"height", 8}};
  EXPECT_THAT(auditRefusal(mapWithObject(typo)),
              HasSubstr("$.layers[1].objects[2].type: unknown object "
                        "class `platfrom`; did you mean `platform`?"));
}

TEST(PropertyAudit, AZeroAxisAndCrossedLimitsNameTheFieldsPath) {
  Json rail = jointWith("rail", typedProperty("axisX", "float", 0.0));
  rail["properties"].push_back(typedProperty("axisY", "float", 0.0));
  EXPECT_THAT(auditRefusal(mapWithObject(rail)),
              HasSubstr("$.layers[1].objects[2].properties[1].value: a "
                        "rail's axis (axisX, axisY) must not be zero"));
  Json crossed = jointWith("rail", typedProperty("upper", "float", -1.0));
  crossed["properties"].push_back(typedProperty("lower", "float", 1.0));
  EXPECT_THAT(auditRefusal(mapWithObject(crossed)),
              HasSubstr("$.layers[1].objects[2].properties[2].value: crossed limits"));
}

}  // namespace
}  // namespace coyote
