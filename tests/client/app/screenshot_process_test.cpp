// The real coyote-client under Xvfb against a real local coyote-server: what a player sees.
#include <csignal>

#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>
#include <nlohmann/json.hpp>

#include "client/app/palette.h"
#include "scenario/ascii_level.h"
#include "sim/world_step.h"
#include "support/child_process.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

// Exactly one screen (20 × 15 tiles), so the camera stays at the origin.
const char* const kPicture =
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "....................\n"
    "..----..............\n"
    "....................\n"
    "....................\n"
    "......S...../.......\n"
    "####################\n";

// The same picture as a Tiled map, for the server.
std::string tiledMap() {
  const Level level = levelFromAscii(kPicture);
  nlohmann::json data = nlohmann::json::array();
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      const TileType tile = level.tileAt(column, row);
      data.push_back(tile == TileType::Empty ? 0 : static_cast<int>(tile));
    }
  }
  nlohmann::json tiles = nlohmann::json::array();
  for (int type = 1; type < kTileTypeCount; ++type) {
    tiles.push_back({{"id", type - 1}, {"type", tileTypeName(static_cast<TileType>(type))}});
  }
  return nlohmann::json{
      {"orientation", "orthogonal"},
      {"width", 20},
      {"height", 15},
      {"tilewidth", 16},
      {"tileheight", 16},
      {"tilesets", {{{"firstgid", 1}, {"tiles", tiles}}}},
      {"layers",
       {{{"name", "collision"},
         {"type", "tilelayer"},
         {"width", 20},
         {"height", 15},
         {"data", data}},
        {{"name", "entities"},
         {"type", "objectgroup"},
         {"objects", {{{"type", "spawn"}, {"point", true}, {"x", 6.5 * 16}, {"y", 14 * 16}}}}}}}}
      .dump();
}

sf::Color at(const sf::Image& image, float logicalX, float logicalY) {
  return image.getPixel(static_cast<unsigned>(logicalX * 4.0f),
                        static_cast<unsigned>(logicalY * 4.0f));
}

void expectColour(const sf::Image& image, float x, float y, sf::Color expected, const char* what) {
  const sf::Color got = at(image, x, y);
  EXPECT_EQ(got.r, expected.r) << what << " at logical (" << x << ", " << y << ")";
  EXPECT_EQ(got.g, expected.g) << what << " at logical (" << x << ", " << y << ")";
  EXPECT_EQ(got.b, expected.b) << what << " at logical (" << x << ", " << y << ")";
}

TEST(ScreenshotProcess, TheClientDrawsTheLevelAndThePlayerWhereTheServerHasThem) {
  test::TempDirectory directory;
  const std::string level = directory.write("screen.tmj", tiledMap());
  test::ChildProcess server({COYOTE_SERVER_BINARY, "--level", level, "--port", "0", "--bind",
                             "127.0.0.1", "--port-file", (directory.path() / "port").string()},
                            (directory.path() / "server.log").string());
  const int port = test::waitForPort((directory.path() / "port").string());
  ASSERT_GT(port, 0) << server.output();
  const std::string png = (directory.path() / "shot.png").string();
  test::ChildProcess client({"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24",
                             COYOTE_CLIENT_BINARY, "--connect", "127.0.0.1:" + std::to_string(port),
                             "--name", "tester", "--screenshot", png, "--after-ticks", "90"},
                            (directory.path() / "client.log").string());
  ASSERT_EQ(client.wait(60.0), 0) << client.output();
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(10.0), 0);

  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  ASSERT_EQ(image.getSize().x, 1280u);
  ASSERT_EQ(image.getSize().y, 960u);

  expectColour(image, 8.0f, 232.0f, palette::kSolid, "solid floor tile (0, 14)");
  expectColour(image, 3 * 16 + 8.0f, 161.0f, palette::kOneWay, "one-way tile (3, 10)");
  expectColour(image, 100.0f, 60.0f, palette::kBackground, "open air");
  // Slope (12, 13) rising to the right: at 3/4 of its width the surface is 1/4 down the cell.
  expectColour(image, 12 * 16 + 12.0f, 13 * 16 + 1.0f, palette::kBackground, "above the slope");
  expectColour(image, 12 * 16 + 12.0f, 13 * 16 + 12.0f, palette::kSlope, "below the slope");

  // The server's simulation of this level with no input: the player rests under its spawn.
  const Level simulated = levelFromAscii(kPicture);
  const PhysicsConfig physics;
  WorldState state = makeWorld(1, simulated, physics);
  const StepParameters parameters(physics);
  for (int tick = 0; tick < 300; ++tick) {
    stepWorld(state, TickInputs{}, simulated, parameters);
  }
  const Character& me = state.characters[0];
  ASSERT_TRUE(me.grounded);
  const float centreX = (me.position.x + physics.playerWidth * 0.5f) * 16.0f;
  const float centreY = (me.position.y + physics.playerHeight * 0.6f) * 16.0f;
  expectColour(image, centreX, centreY, palette::kLocalPlayer, "the local player");
  expectColour(image, centreX + 16.0f, centreY, palette::kBackground, "beside the player");
}

}  // namespace
}  // namespace coyote
