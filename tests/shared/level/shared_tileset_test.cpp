// The bundled levels share one external tileset (docs/art.md#the-tileset) whose image is the
// art the game draws, so a level opened in Tiled shows the tiles the game shows.
#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

const std::filesystem::path kTilesetLevels =
    std::filesystem::path(COYOTE_SOURCE_DIR) / "configs/levels";

nlohmann::json readJson(const std::filesystem::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

/// A PNG's width and height, from its IHDR chunk (bytes 16–23, big-endian).
std::pair<int, int> pngSize(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::array<unsigned char, 24> header{};
  in.read(reinterpret_cast<char*>(header.data()), header.size());
  const auto word = [&](int at) {
    return (header[at] << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3];
  };
  EXPECT_EQ(std::string(header.begin() + 12, header.begin() + 16), "IHDR") << file;
  return {word(16), word(20)};
}

TEST(SharedTileset, EveryBundledLevelUsesTheOneExternalTileset) {
  int levels = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kTilesetLevels)) {
    if (entry.path().extension() != ".tmj") {
      continue;
    }
    ++levels;
    const nlohmann::json map = readJson(entry.path());
    ASSERT_EQ(map.at("tilesets").size(), 1u) << entry.path();
    EXPECT_EQ(map.at("tilesets")[0].value("source", ""), "coyote.tsj") << entry.path();
    EXPECT_EQ(map.at("tilesets")[0].at("firstgid"), 1) << entry.path();
    EXPECT_NO_THROW(
        loadTiledLevel(entry.path().string(),
                       loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml")))
        << entry.path();
  }
  EXPECT_GE(levels, 4);
}

TEST(SharedTileset, ItsImageExistsWithTheSizeAndTilesItDeclares) {
  const nlohmann::json tileset = readJson(kTilesetLevels / "coyote.tsj");
  const std::filesystem::path image = kTilesetLevels / tileset.at("image").get<std::string>();
  ASSERT_TRUE(std::filesystem::exists(image)) << image;
  EXPECT_EQ(image.lexically_normal(),
            (std::filesystem::path(COYOTE_SOURCE_DIR) / "assets/tiles.png").lexically_normal());
  const auto [width, height] = pngSize(image);
  EXPECT_EQ(width, tileset.at("imagewidth"));
  EXPECT_EQ(height, tileset.at("imageheight"));
  const int columns = tileset.at("columns");
  EXPECT_EQ(columns * 16, width);
  EXPECT_EQ(tileset.at("tilecount"), columns * (height / 16));
  // The water tile is animated in Tiled with the frames the game draws.
  const nlohmann::json& water = tileset.at("tiles")[6];
  EXPECT_EQ(water.at("type"), "water");
  EXPECT_EQ(water.at("animation").size(), 4u);
}

// A shared tileset may name materials (ice, rubber) a level's table lacks: that is an error only
// for a level that places such a tile, and it names the tile and the material.
TEST(SharedTileset, PlacingATileWhoseMaterialTheTableLacksIsRefusedNamingIt) {
  test::TempDirectory directory;
  std::filesystem::copy_file(kTilesetLevels / "coyote.tsj", directory.path() / "coyote.tsj");
  nlohmann::json map = readJson(kTilesetLevels / "arena.tmj");
  for (nlohmann::json& layer : map.at("layers")) {
    if (layer.at("name") == "collision") {
      layer.at("data")[0] = 9;  // gid 9: the ice tile
    }
  }
  const std::string file = directory.write("icy.tmj", map.dump());
  EXPECT_THAT(test::refusalOf([&] { loadTiledLevel(file); }),
              AllOf(HasSubstr("icy.tmj"), HasSubstr("tile gid 9"), HasSubstr("coyote.tsj"),
                    HasSubstr("no material named \"ice\"")));
}

}  // namespace
}  // namespace coyote
