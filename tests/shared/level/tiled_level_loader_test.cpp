#include "level/tiled_level_loader.h"

#include <sys/stat.h>

#include <filesystem>
#include <set>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/config_error.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
// Beside level/json_node.h's own alias, never in the anonymous namespace: a unity batch that
// holds both would have one shadow the other.
using Json = nlohmann::json;

namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

const std::string kLevels = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/";

// A minimal valid 4×3 map with an embedded tileset; tests break one thing at a time.
Json minimalMap() {
  return Json::parse(R"({
    "orientation": "orthogonal", "width": 4, "height": 3, "tilewidth": 16, "tileheight": 16,
    "tilesets": [{"firstgid": 1, "tiles": [{"id": 0, "type": "solid"},
                                          {"id": 1, "class": "slope_up_right"}]}],
    "layers": [
      {"name": "collision", "type": "tilelayer", "width": 4, "height": 3,
       "data": [0, 0, 0, 0,  0, 0, 2, 0,  1, 1, 2147483649, 1]},
      {"name": "entities", "type": "objectgroup",
       "objects": [{"type": "spawn", "point": true, "x": 24, "y": 32}]}
    ],
    "properties": [{"name": "jumpsRemaining", "type": "int", "value": 5}]
  })");
}

std::string levelRefusal(const std::string& text, const std::string& name = "broken.tmj") {
  test::TempDirectory directory;
  return test::refusalOf([&] { loadTiledLevel(directory.write(name, text)); });
}

TEST(TiledLevelLoader, LoadsMinimalMapWithFlipBitsCleared) {
  test::TempDirectory directory;
  const Level level = loadTiledLevel(directory.write("mini.tmj", minimalMap().dump()));
  EXPECT_EQ(level.width(), 4);
  EXPECT_EQ(level.height(), 3);
  EXPECT_EQ(level.tileAt(2, 1), TileType::SlopeUpRight);
  EXPECT_EQ(level.tileAt(2, 2), TileType::Solid);  // gid 1 with the horizontal flip bit
  EXPECT_EQ(level.tileAt(0, 0), TileType::Empty);
  ASSERT_EQ(level.spawns.size(), 1u);
  EXPECT_EQ(level.spawns[0].x, 1.5f);
  EXPECT_EQ(level.spawns[0].y, 2.0f);
  EXPECT_EQ(level.jumpsRemaining, 5);
  EXPECT_EQ(level.dashesRemaining, -1);
}

TEST(TiledLevelLoader, ArenaHasEveryTileTypeAndUsesAnExternalTileset) {
  const Level level = loadTiledLevel(kLevels + "arena.tmj");
  std::set<TileType> seen;
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      seen.insert(level.tileAt(column, row));
    }
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kTileTypeCount));
  EXPECT_GE(level.spawns.size(), 8u);
}

TEST(TiledLevelLoader, ArenaHasSlopeToBlockJunctions) {
  const Level level = loadTiledLevel(kLevels + "arena.tmj");
  int junctions = 0;
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 1; column + 1 < level.width(); ++column) {
      const TileType tile = level.tileAt(column, row);
      const bool risesRight = tile == TileType::SlopeUpRight || tile == TileType::RoundedUpRight;
      const bool risesLeft = tile == TileType::SlopeUpLeft || tile == TileType::RoundedUpLeft;
      junctions += (risesRight && isSolid(level.tileAt(column + 1, row))) ? 1 : 0;
      junctions += (risesLeft && isSolid(level.tileAt(column - 1, row))) ? 1 : 0;
    }
  }
  EXPECT_GE(junctions, 6);
}

TEST(TiledLevelLoader, BenchLoadsWithItsSixtyFourSpawns) {
  const Level level = loadTiledLevel(kLevels + "bench.tmj");
  EXPECT_EQ(level.width(), 160);
  EXPECT_GE(level.spawns.size(), 64u);
}

TEST(TiledLevelLoader, RefusesTruncatedJsonNamingTheFile) {
  const std::string text = minimalMap().dump();
  EXPECT_THAT(levelRefusal(text.substr(0, text.size() / 2)),
              AllOf(HasSubstr("broken.tmj"), HasSubstr("invalid JSON")));
}

TEST(TiledLevelLoader, RefusesMissingCollisionLayer) {
  Json map = minimalMap();
  map["layers"][0]["name"] = "decoration";
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("broken.tmj"), HasSubstr("$.layers"), HasSubstr("\"collision\"")));
}

TEST(TiledLevelLoader, RefusesUnknownTileTypeNamingItsPath) {
  Json map = minimalMap();
  map["tilesets"][0]["tiles"][0]["type"] = "lava";
  EXPECT_THAT(levelRefusal(map.dump()), AllOf(HasSubstr("$.tilesets[0].tiles[0].type"),
                                              HasSubstr("unknown tile type \"lava\"")));
}

TEST(TiledLevelLoader, RefusesWrongTypeNamingTheField) {
  Json map = minimalMap();
  map["width"] = "four";
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.width"), HasSubstr("expected an integer")));
}

TEST(TiledLevelLoader, RefusesWrongTileCount) {
  Json map = minimalMap();
  map["layers"][0]["data"].erase(0);
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.layers[0].data"), HasSubstr("expected 12 tiles, got 11")));
}

TEST(TiledLevelLoader, RefusesTileWithoutType) {
  Json map = minimalMap();
  map["layers"][0]["data"][0] = 7;
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.layers[0].data[0]"), HasSubstr("gid 7 has no type")));
}

TEST(TiledLevelLoader, RefusesMapWithoutSpawn) {
  Json map = minimalMap();
  map["layers"][1]["objects"][0]["type"] = "crate";
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.layers[1].objects"), HasSubstr("no object of type \"spawn\"")));
}

TEST(TiledLevelLoader, RefusesBase64Data) {
  Json map = minimalMap();
  map["layers"][0]["encoding"] = "base64";
  EXPECT_THAT(levelRefusal(map.dump()), HasSubstr("$.layers[0].encoding"));
}

TEST(TiledLevelLoader, RefusesMissingExternalTilesetNamingIt) {
  Json map = minimalMap();
  map["tilesets"][0] = Json{{"firstgid", 1}, {"source", "missing.tsj"}};
  EXPECT_THAT(levelRefusal(map.dump()), HasSubstr("missing.tsj: cannot open file"));
}

TEST(TiledLevelLoader, RefusesBadBudgetValue) {
  Json map = minimalMap();
  map["properties"][0]["value"] = -5;
  EXPECT_THAT(levelRefusal(map.dump()), AllOf(HasSubstr("$.properties[0].value"),
                                              HasSubstr("must be in [-1, 1000000], got -5")));
}

TEST(TiledLevelLoader, ANameOrTypeOfTheWrongJsonTypeIsARefusalWithItsPath) {
  Json map = minimalMap();
  map["tilesets"][0]["tiles"][0]["type"] = 7;
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.tilesets[0].tiles[0].type"), HasSubstr("expected a string")));
  map = minimalMap();
  map["layers"][0]["name"] = nullptr;
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.layers[0].name"), HasSubstr("expected a string")));
  map = minimalMap();
  map["layers"][1]["objects"][0]["type"] = 3.5;
  EXPECT_THAT(levelRefusal(map.dump()), HasSubstr("$.layers[1].objects[0].type"));
  map = minimalMap();
  map["layers"][1]["type"] = Json::array();
  EXPECT_THAT(levelRefusal(map.dump()), HasSubstr("$.layers[1].type"));
}

TEST(TiledLevelLoader, ATilesetOutsideTheLevelsFolderIsRefused) {
  Json map = minimalMap();
  map["tilesets"][0] = Json{{"firstgid", 1}, {"source", "../../../../../../etc/passwd"}};
  EXPECT_THAT(levelRefusal(map.dump()),
              AllOf(HasSubstr("$.tilesets[0].source"), HasSubstr("inside the level's folder")));
}

TEST(TiledLevelLoader, DevicesFifosAndHugeFilesAreRefusedBeforeReading) {
  EXPECT_THAT(test::refusalOf([] { loadTiledLevel("/dev/zero"); }),
              HasSubstr("/dev/zero: not a regular file"));
  test::TempDirectory directory;
  const std::filesystem::path fifo = directory.path() / "level.tmj";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_THAT(test::refusalOf([&] { loadTiledLevel(fifo); }), HasSubstr("not a regular file"));
  const std::string huge = directory.write("huge.tmj", std::string((16u << 20) + 1, ' '));
  EXPECT_THAT(test::refusalOf([&] { loadTiledLevel(huge); }),
              HasSubstr("larger than the 16 MiB allowed"));
}

TEST(TiledLevelLoader, TheLevelIsNamedAfterItsFileNotItsPath) {
  test::TempDirectory directory;
  const Level level = loadTiledLevel(directory.write("mini.tmj", minimalMap().dump()));
  EXPECT_EQ(level.name, "mini.tmj");
}

}  // namespace
}  // namespace coyote
