#include <array>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/config_error.h"
#include "level/tiled_level_loader.h"
#include "support/bundled_level.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
// Beside level/json_node.h's own alias, never in the anonymous namespace: a unity batch that
// holds both would have one shadow the other.
using Json = nlohmann::json;

namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// A 20 × 10 map of 16 px tiles whose entities layer holds `objects` beside one spawn.
Json mapWith(const Json& objects) {
  Json map = Json::parse(R"({
    "orientation": "orthogonal", "width": 20, "height": 10, "tilewidth": 16, "tileheight": 16,
    "tilesets": [{"firstgid": 1, "tiles": [{"id": 0, "type": "solid"}]}],
    "layers": [{"name": "collision", "type": "tilelayer", "width": 20, "height": 10, "data": []},
               {"name": "entities", "type": "objectgroup", "objects": []}]
  })");
  map["layers"][0]["data"] = Json(std::vector<int>(200, 0));
  map["layers"][1]["objects"] = objects;
  map["layers"][1]["objects"].push_back(Json::parse(R"({"type": "spawn", "x": 16, "y": 144})"));
  return map;
}

Json property(const std::string& name, const Json& value) {
  return {{"name", name}, {"type", value.is_string() ? "string" : "float"}, {"value", value}};
}

Level load(const Json& map) {
  test::TempDirectory directory;
  return loadTiledLevel(directory.write("bodies.tmj", map.dump()));
}

std::string refusal(const Json& map) {
  test::TempDirectory directory;
  return test::refusalOf([&] { loadTiledLevel(directory.write("bodies.tmj", map.dump())); });
}

TEST(TiledEntities, APlatformFollowsAPolylineShiftedToItsCorner) {
  const Level level = load(mapWith(Json::parse(R"([
    {"id": 7, "type": "", "x": 100, "y": 100, "polyline": [{"x": 0, "y": 0}, {"x": 64, "y": 0},
                                                           {"x": 64, "y": -32}]},
    {"id": 8, "class": "platform", "x": 32, "y": 48, "width": 48, "height": 8,
     "properties": [{"name": "path", "type": "object", "value": 7},
                    {"name": "speed", "type": "float", "value": 3},
                    {"name": "mode", "type": "string", "value": "loop"},
                    {"name": "wait", "type": "float", "value": 0.5},
                    {"name": "oneway", "type": "bool", "value": true}]}
  ])")));
  ASSERT_EQ(level.platforms.size(), 1u);
  const PlatformDefinition& platform = level.platforms[0];
  EXPECT_EQ(platform.size.x, 3.0f);
  EXPECT_EQ(platform.size.y, 0.5f);
  ASSERT_EQ(platform.path.size(), 3u);
  EXPECT_EQ(platform.path[0].x, 2.0f);
  EXPECT_EQ(platform.path[0].y, 3.0f);
  EXPECT_EQ(platform.path[2].x, 6.0f);
  EXPECT_EQ(platform.path[2].y, 1.0f);
  EXPECT_EQ(platform.speed, 3.0f);
  EXPECT_EQ(platform.mode, PathMode::Loop);
  EXPECT_EQ(platform.wait, 0.5f);
  EXPECT_TRUE(platform.oneWay);
}

TEST(TiledEntities, APlatformWithPathXAndPathYGoesThereAndBack) {
  const Level level =
      load(mapWith({{{"type", "platform"},
                     {"x", 32},
                     {"y", 48},
                     {"width", 32},
                     {"height", 16},
                     {"properties", {property("pathX", 5), property("pathY", -2)}}}}));
  ASSERT_EQ(level.platforms.size(), 1u);
  ASSERT_EQ(level.platforms[0].path.size(), 2u);
  EXPECT_EQ(level.platforms[0].path[1].x, 7.0f);
  EXPECT_EQ(level.platforms[0].path[1].y, 1.0f);
  EXPECT_EQ(level.platforms[0].mode, PathMode::PingPong);
  EXPECT_EQ(level.platforms[0].speed, 2.0f);
}

TEST(TiledEntities, CratesTakeTheirSizeAndMass) {
  const Level level = load(mapWith(
      {{{"type", "crate"},
        {"x", 48},
        {"y", 64},
        {"width", 32},
        {"height", 16},
        {"properties", {property("mass", 4)}}},
       {{"type", "crate"}, {"x", 80}, {"y", 64}, {"properties", {property("width", 0.5)}}}}));
  ASSERT_EQ(level.crates.size(), 2u);
  EXPECT_EQ(level.crates[0].position.x, 3.0f);
  EXPECT_EQ(level.crates[0].size.x, 2.0f);
  EXPECT_EQ(level.crates[0].size.y, 1.0f);
  EXPECT_EQ(level.crates[0].mass, 4.0f);
  EXPECT_EQ(level.crates[1].size.x, 0.5f);
  EXPECT_EQ(level.crates[1].size.y, 1.0f);
  EXPECT_EQ(level.crates[1].mass, 1.0f);
}

TEST(TiledEntities, BrokenBodiesAreRefusedWithTheirJsonPath) {
  const Json badMode =
      mapWith({{{"type", "platform"},
                {"x", 0},
                {"y", 0},
                {"width", 16},
                {"height", 16},
                {"properties", {property("pathX", 2), property("mode", "zigzag")}}}});
  EXPECT_THAT(refusal(badMode), AllOf(HasSubstr("bodies.tmj"),
                                      HasSubstr("$.layers[1].objects[0].properties[1].value"),
                                      HasSubstr("\"loop\" or \"pingpong\"")));
  const Json noPath =
      mapWith({{{"type", "platform"}, {"x", 0}, {"y", 0}, {"width", 16}, {"height", 16}}});
  EXPECT_THAT(refusal(noPath),
              AllOf(HasSubstr("$.layers[1].objects[0]"), HasSubstr("needs a path")));
  const Json unknownPath =
      mapWith({{{"type", "platform"},
                {"x", 0},
                {"y", 0},
                {"width", 16},
                {"height", 16},
                {"properties", {{{"name", "path"}, {"type", "object"}, {"value", 99}}}}}});
  EXPECT_THAT(refusal(unknownPath), HasSubstr("names no polyline object"));
  const Json heavy =
      mapWith({{{"type", "crate"}, {"x", 0}, {"y", 0}, {"properties", {property("mass", 5000)}}}});
  EXPECT_THAT(refusal(heavy), AllOf(HasSubstr("$.layers[1].objects[0].properties[0].value"),
                                    HasSubstr("must be in [0.05, 1000]")));
  const Json huge =
      mapWith({{{"type", "crate"}, {"x", 0}, {"y", 0}, {"width", 320}, {"height", 16}}});
  EXPECT_THAT(refusal(huge), HasSubstr("$.layers[1].objects[0].width"));
  const Json away = mapWith({{{"type", "platform"},
                              {"x", 0},
                              {"y", 0},
                              {"width", 16},
                              {"height", 16},
                              {"properties", {property("pathX", -3)}}}});
  EXPECT_THAT(refusal(away), HasSubstr("leaves the map"));
}

// `map` with map properties `properties`.
Json withMapProperties(Json map, const Json& properties) {
  map["properties"] = properties;
  return map;
}

Json crateWith(const Json& properties) {
  return {{"type", "crate"}, {"x", 0}, {"y", 0}, {"properties", properties}};
}

// (A braced list of one element is that element to nlohmann::json: arrays are spelled out.)
TEST(TiledEntities, BodiesNameTheirCollisionGroups) {
  // Declared out of order: bits follow the names, so "bats" is bit 8 and "ghosts" bit 9.
  const Json crates =
      Json::array({crateWith(Json::array({property("group", "ghosts")})),
                   crateWith(Json::array({property("group", "sensor")})),
                   crateWith(Json::array({property("collides_with", "world, bats")})),
                   crateWith(Json::array())});
  const Json declarations =
      Json::array({property("group.ghosts", "world, player"), property("group.bats", "")});
  const Level level = load(withMapProperties(mapWith(crates), declarations));
  ASSERT_EQ(level.crates.size(), 4u);
  const GroupMask bats = GroupMask{1} << kFirstNamedGroupBit;
  const GroupMask ghosts = GroupMask{1} << (kFirstNamedGroupBit + 1);
  EXPECT_EQ(level.crates[0].filter, (CollisionFilter{ghosts, kGroupWorld | kGroupPlayer}));
  EXPECT_EQ(level.crates[1].filter,
            (CollisionFilter{kGroupSensor, defaultCollidesWith(kGroupSensor)}));
  EXPECT_EQ(level.crates[2].filter, (CollisionFilter{kGroupCrate, kGroupWorld | bats}));
  EXPECT_EQ(level.crates[3].filter, kDefaultCrateFilter);
}

std::string refusalOfCrate(const Json& properties) {
  return refusal(mapWith(Json::array({crateWith(properties)})));
}

std::string refusalOfDeclarations(const Json& declarations) {
  return refusal(withMapProperties(mapWith(Json::array()), declarations));
}

TEST(TiledEntities, AnUnknownCollisionGroupIsRefusedWithItsJsonPath) {
  EXPECT_THAT(
      refusalOfCrate(Json::array({property("mass", 2), property("group", "ghosts")})),
      AllOf(HasSubstr("bodies.tmj"), HasSubstr("$.layers[1].objects[0].properties[1].value"),
            HasSubstr("unknown collision group \"ghosts\"")));
  EXPECT_THAT(refusalOfCrate(Json::array({property("collides_with", "world, bats")})),
              AllOf(HasSubstr("$.layers[1].objects[0].properties[0].value"),
                    HasSubstr("unknown collision group \"bats\"")));
  EXPECT_THAT(refusalOfDeclarations(Json::array({property("group.ghosts", "world, bats")})),
              AllOf(HasSubstr("$.properties[0].value"), HasSubstr("\"bats\"")));
  EXPECT_THAT(refusalOfDeclarations(Json::array({property("group.crate", "")})),
              AllOf(HasSubstr("$.properties[0].name"), HasSubstr("not world, player")));
  Json many = Json::array();
  for (int i = 0; i < kMaxNamedGroups + 1; ++i) {
    many.push_back(property("group.g" + std::to_string(i), ""));
  }
  EXPECT_THAT(refusalOfDeclarations(many), HasSubstr("more than 24 collision groups"));
}

// Two levels in one folder share the groups of its groups/NAME.json files; bits still follow the
// names, whichever declares them.
TEST(TiledEntities, LevelsOfAFolderShareTheGroupsOfItsGroupFiles) {
  test::TempDirectory directory;
  directory.write("groups/ghosts.json", R"({"collides_with": "world, player"})");
  directory.write("groups/bats.json", "{}");
  directory.write("groups/README.txt", "not a group: only .json files declare");
  const Json crates = Json::array({crateWith(Json::array({property("group", "ghosts")})),
                                   crateWith(Json::array({property("group", "owls")}))});
  const Json owls = Json::array({property("group.owls", "world, bats")});
  const Level first =
      loadTiledLevel(directory.write("first.tmj", withMapProperties(mapWith(crates), owls).dump()));
  const Level second = loadTiledLevel(directory.write(
      "second.tmj",
      mapWith(Json::array({crateWith(Json::array({property("group", "ghosts")}))})).dump()));
  const GroupMask bats = GroupMask{1} << kFirstNamedGroupBit;
  const GroupMask ghosts = GroupMask{1} << (kFirstNamedGroupBit + 1);
  const GroupMask owlsBit = GroupMask{1} << (kFirstNamedGroupBit + 2);
  EXPECT_EQ(first.crates[0].filter, (CollisionFilter{ghosts, kGroupWorld | kGroupPlayer}));
  EXPECT_EQ(first.crates[1].filter, (CollisionFilter{owlsBit, kGroupWorld | bats}));
  EXPECT_EQ(second.crates[0].filter, first.crates[0].filter) << "the same group in both levels";
}

TEST(TiledEntities, ABadGroupFileIsRefusedWithItsNameAndPath) {
  const auto refusalWith = [](const std::string& file, const std::string& text,
                              const Json& declarations) {
    test::TempDirectory directory;
    directory.write(file, text);
    const Json map = withMapProperties(mapWith(Json::array()), declarations);
    return test::refusalOf([&] { loadTiledLevel(directory.write("level.tmj", map.dump())); });
  };
  EXPECT_THAT(refusalWith("groups/ghosts.json", R"({"colides_with": "world"})", Json::array()),
              AllOf(HasSubstr("groups/ghosts.json: $: unknown key `colides_with`"),
                    HasSubstr("did you mean `collides_with`?")));
  EXPECT_THAT(
      refusalWith("groups/ghosts.json", R"({"collides_with": "world, bats"})", Json::array()),
      AllOf(HasSubstr("groups/ghosts.json: $.collides_with"),
            HasSubstr("unknown collision group \"bats\"")));
  EXPECT_THAT(refusalWith("groups/ghosts.json", "[1, 2", Json::array()),
              HasSubstr("groups/ghosts.json: not JSON"));
  EXPECT_THAT(refusalWith("groups/Ghosts!.json", "{}", Json::array()),
              HasSubstr("group `Ghosts!`: a group is named with a-z"));
  EXPECT_THAT(
      refusalWith("groups/ghosts.json", "{}", Json::array({property("group.ghosts", "world")})),
      HasSubstr("declared once (by the map or by groups/NAME.json)"));
  EXPECT_THAT(refusalWith("groups/ghosts.json", std::string(5000, ' ') + "{}", Json::array()),
              HasSubstr("ghosts.json"));
}

Json region(const char* kind, double x) {
  return {{"type", kind}, {"x", x * 16}, {"y", 96}, {"width", 32}, {"height", 48}};
}

Json orderedCheckpoint(double x, const Json& order) {
  return {{"type", "checkpoint"},
          {"x", x * 16},
          {"y", 96},
          {"width", 16},
          {"height", 16},
          {"properties", Json::array({{{"name", "order"}, {"type", "int"}, {"value", order}}})}};
}

TEST(TiledEntities, ARaceHasAStartAFinishOrderedCheckpointsAndLaps) {
  Json map = mapWith(Json::array({region("start", 1), orderedCheckpoint(8, 2),
                                  orderedCheckpoint(5, 1), region("finish", 15)}));
  map["properties"] = Json::array({{{"name", "laps"}, {"type", "int"}, {"value", 3}},
                                   {{"name", "race_name"}, {"type", "string"}, {"value", "hall"}}});
  const Level level = load(map);
  ASSERT_TRUE(level.race.present);
  EXPECT_EQ(level.race.start.position.x, 1.0f);
  EXPECT_EQ(level.race.start.position.y, 6.0f);
  EXPECT_EQ(level.race.start.size.x, 2.0f);
  EXPECT_EQ(level.race.start.size.y, 3.0f);
  EXPECT_EQ(level.race.finish.position.x, 15.0f);
  EXPECT_EQ(level.race.laps, 3);
  EXPECT_EQ(level.race.name, "hall");
  ASSERT_EQ(level.checkpoints.size(), 2u);
  EXPECT_EQ(level.checkpoints[0].order, 2);
  EXPECT_EQ(level.checkpoints[1].order, 1);
  EXPECT_FALSE(load(mapWith(Json::array())).race.present);
  EXPECT_EQ(load(mapWith(Json::array({region("start", 1), region("finish", 15)}))).race.name,
            "bodies.tmj")
      << "the level's name by default";
}

TEST(TiledEntities, ABrokenRaceIsRefusedWithItsJsonPath) {
  const auto race = [](Json objects) {
    objects.push_back(region("start", 1));
    objects.push_back(region("finish", 15));
    return mapWith(objects);
  };
  EXPECT_THAT(refusal(race(Json::array({orderedCheckpoint(5, 1), orderedCheckpoint(8, 1)}))),
              AllOf(HasSubstr("$.layers[1].objects[1].properties[0].value"),
                    HasSubstr("order 1 is already $.layers[1].objects[0]'s")));
  EXPECT_THAT(refusal(race(Json::array({orderedCheckpoint(5, 1), orderedCheckpoint(8, 3)}))),
              AllOf(HasSubstr("unknown order"), HasSubstr("2 is missing")));
  EXPECT_THAT(refusal(race(Json::array({region("start", 6)}))),
              AllOf(HasSubstr("$.layers[1].objects[1]"), HasSubstr("a level has one `start`")));
  EXPECT_THAT(refusal(mapWith(Json::array({region("start", 1)}))),
              HasSubstr("a race needs a `start` and a `finish` object, both"));
  Json laps = mapWith(Json::array());
  laps["properties"] = Json::array({{{"name", "laps"}, {"type", "int"}, {"value", 2}}});
  EXPECT_THAT(refusal(laps), AllOf(HasSubstr("$.properties[0].value"), HasSubstr("need a race")));
  EXPECT_THAT(refusal(race(Json::array({orderedCheckpoint(5, 0)}))), HasSubstr("[1, 64]"));
}

TEST(TiledEntities, ThePlaygroundHasPlatformsOfEveryKindAndCrates) {
  const Level level = test::bundledLevel("playground.tmj");
  EXPECT_EQ(level.platforms.size(), 3u);
  EXPECT_EQ(level.crates.size(), 16u);
  int oneWay = 0;
  int loops = 0;
  for (const PlatformDefinition& platform : level.platforms) {
    oneWay += platform.oneWay ? 1 : 0;
    loops += platform.mode == PathMode::Loop ? 1 : 0;
  }
  EXPECT_EQ(oneWay, 1);
  EXPECT_EQ(loops, 1);
  // A ghost crate (a named group that ignores crates) and a sensor crate.
  const GroupMask ghost = GroupMask{1} << kFirstNamedGroupBit;
  EXPECT_EQ(level.crates[8].filter, (CollisionFilter{ghost, kGroupWorld | kGroupPlayer}));
  EXPECT_EQ(level.crates[9].filter.group, kGroupSensor);
  // A pool with a crate that floats and one that sinks.
  EXPECT_EQ(level.tileAt(28, 21), TileType::Water);
  EXPECT_LT(level.crates[6].mass, 1.0f);
  EXPECT_GT(level.crates[7].mass, 2.0f);
  // Joints: crates hanging on ropes, a spring board, a lift on a reversing rail, a welded bridge
  // of two planks that breaks under a player.
  std::array<int, kJointKindCount> kinds{};
  for (const JointDefinition& joint : level.joints) {
    ++kinds[static_cast<std::size_t>(joint.kind)];
  }
  EXPECT_EQ(kinds[static_cast<std::size_t>(JointKind::Rope)], 2);
  EXPECT_EQ(kinds[static_cast<std::size_t>(JointKind::Spring)], 1);
  EXPECT_EQ(kinds[static_cast<std::size_t>(JointKind::Rail)], 1);
  EXPECT_EQ(kinds[static_cast<std::size_t>(JointKind::Weld)], 2);
  const JointDefinition& lift = level.joints[3];
  EXPECT_TRUE(lift.reverse);
  EXPECT_EQ(lift.axis.y, -1.0f);
  EXPECT_GT(level.joints[5].breakForce, 0.0f);
  EXPECT_EQ(level.joints[5].to, level.joints[4].body);  // plank to plank
}

}  // namespace
}  // namespace coyote
