#include "config/materials_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/bundled_level.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string materialsRefusal(const std::string& text) {
  return test::refusalOfFile("materials.toml", text,
                             [](const std::string& path) { loadMaterials(path); });
}

// A bundled level copied to a folder of its own still finds the installed materials (its ice);
// a materials.toml beside it comes first.
TEST(MaterialsLoader, ALevelFindsItsMaterialsBesideItAboveItOrInTheInstalledConfigs) {
  test::TempDirectory directory;
  const std::filesystem::path level = directory.path() / "elsewhere" / "playground.tmj";
  std::filesystem::create_directories(level.parent_path());
  std::filesystem::copy_file(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj",
                             level);
  const MaterialTable installed = materialsForLevel("", level);
  EXPECT_EQ(installed.source, std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml");
  EXPECT_GE(installed.find("ice"), 0);

  directory.write("materials.toml", "[materials.mud]\nfriction = 3.0\n");
  EXPECT_GE(materialsForLevel("", level).find("mud"), 0) << "the folder above comes first";
  directory.write("elsewhere/materials.toml", "[materials.sand]\nfriction = 2.0\n");
  const MaterialTable beside = materialsForLevel("", level);
  EXPECT_GE(beside.find("sand"), 0) << "the level's own folder comes first";
  EXPECT_EQ(beside.find("ice"), -1);
}

TEST(MaterialsLoader, TheBundledFileNamesIceRubberAndTheSolidTilesMaterial) {
  const MaterialTable table =
      loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml");
  ASSERT_GE(table.find("ice"), 0);
  EXPECT_FLOAT_EQ(table.materials[static_cast<std::size_t>(table.find("ice"))].friction, 0.1f);
  EXPECT_FLOAT_EQ(table.materials[static_cast<std::size_t>(table.find("rubber"))].restitution,
                  0.8f);
  EXPECT_EQ(table.names[0], "default");
  EXPECT_EQ(table.byTileType[static_cast<std::size_t>(TileType::Solid)], table.find("stone"));
  EXPECT_EQ(table.byTileType[static_cast<std::size_t>(TileType::OneWay)], 0);
}

TEST(MaterialsLoader, MistakesAreRefusedWithTheirKey) {
  EXPECT_THAT(materialsRefusal("[materials.ice]\nfriction = 20\n"),
              AllOf(HasSubstr("materials.toml"), HasSubstr("materials.ice.friction")));
  EXPECT_THAT(materialsRefusal("[materials.ice]\nrestitution = -0.1\n"),
              HasSubstr("materials.ice.restitution"));
  EXPECT_THAT(materialsRefusal("[materials.ice]\nslippery = true\n"),
              HasSubstr("materials.ice.slippery"));
  EXPECT_THAT(materialsRefusal("[tile_types]\nlava = \"default\"\n"),
              AllOf(HasSubstr("tile_types.lava"), HasSubstr("not a tile type")));
  EXPECT_THAT(materialsRefusal("[tile_types]\nsolid = \"granite\"\n"),
              AllOf(HasSubstr("tile_types.solid"), HasSubstr("no material named \"granite\"")));
  std::string many;
  for (int i = 0; i < 40; ++i) {
    many += "[materials.m" + std::to_string(i) + "]\n";
  }
  EXPECT_THAT(materialsRefusal(many), HasSubstr("more than 32 materials"));
}

TEST(MaterialsLoader, TilesAndCratesTakeTheirMaterialsTileThenTypeThenDefault) {
  const Level level = test::bundledLevel("playground.tmj");
  const MaterialTable table =
      loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml");
  EXPECT_EQ(level.materialIndexAt(34, 20), table.find("ice"));  // its tile's own material
  EXPECT_EQ(level.materialIndexAt(44, 20), table.find("rubber"));
  EXPECT_EQ(level.materialIndexAt(5, 20), table.find("stone"));  // a solid tile: its type's
  EXPECT_EQ(level.materialIndexAt(26, 15), 0);                   // one-way: the default
  EXPECT_FLOAT_EQ(level.materialAt(34, 20).friction, 0.1f);
}

TEST(MaterialsLoader, ALevelNamingAnUnknownMaterialIsRefusedWithItsJsonPath) {
  test::TempDirectory directory;
  const std::string map = R"({
    "orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 16, "tileheight": 16,
    "tilesets": [{"firstgid": 1, "tiles": [{"id": 0, "type": "solid",
      "properties": [{"name": "material", "type": "string", "value": "lava"}]}]}],
    "layers": [{"name": "collision", "type": "tilelayer", "width": 2, "height": 2,
                "data": [0, 0, 1, 1]},
               {"name": "entities", "type": "objectgroup",
                "objects": [{"type": "spawn", "x": 8, "y": 16}]}]})";
  const std::string why =
      test::refusalOf([&] { loadTiledLevel(directory.write("lava.tmj", map)); });
  EXPECT_THAT(why,
              AllOf(HasSubstr("lava.tmj"), HasSubstr("$.tilesets[0].tiles[0].properties[0].value"),
                    HasSubstr("no material named \"lava\"")));
}

}  // namespace
}  // namespace coyote
