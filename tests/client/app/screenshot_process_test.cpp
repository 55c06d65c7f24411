// The real coyote-client under Xvfb against a real local coyote-server: what a player sees.
#include <sys/stat.h>

#include <array>
#include <csignal>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>
#include <nlohmann/json.hpp>

#include "client/app/render/palette.h"
#include "client/app/scene/art/autotile.h"
#include "client/app/scene/art/character_sprites.h"
#include "client/app/scene/art/tile_atlas.h"
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

// The same picture as a Tiled map, for the server, with the spawn and `objects` as entities.
std::string tiledMap(nlohmann::json objects = nlohmann::json::array()) {
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
  return nlohmann::json{{"orientation", "orthogonal"},
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
                          {{"name", "entities"}, {"type", "objectgroup"}, {"objects", objects}}}}}
      .dump();
}

nlohmann::json spawnAt(double x) {
  return {{"id", 1}, {"type", "spawn"}, {"point", true}, {"x", x * 16}, {"y", 14 * 16}};
}

sf::Color at(const sf::Image& image, float logicalX, float logicalY) {
  return image.getPixel(static_cast<unsigned>(logicalX * 4.0f),
                        static_cast<unsigned>(logicalY * 4.0f));
}

bool sameColour(sf::Color a, sf::Color b) {
  return a.r == b.r && a.g == b.g && a.b == b.b;
}

void expectColour(const sf::Image& image, float x, float y, sf::Color expected, const char* what) {
  const sf::Color got = at(image, x, y);
  EXPECT_EQ(got.r, expected.r) << what << " at logical (" << x << ", " << y << ")";
  EXPECT_EQ(got.g, expected.g) << what << " at logical (" << x << ", " << y << ")";
  EXPECT_EQ(got.b, expected.b) << what << " at logical (" << x << ", " << y << ")";
}

/// A real coyote-server on `level`, on a port it chose and wrote to its port file.
struct LevelServer {
  test::ChildProcess process;
  int port;

  LevelServer(const test::TempDirectory& directory, const std::string& level)
      : process({COYOTE_SERVER_BINARY, "--level", level, "--port", "0", "--bind", "127.0.0.1",
                 "--port-file", (directory.path() / "port").string()},
                (directory.path() / "server.log").string()),
        port(test::waitForPort((directory.path() / "port").string())) {}
};

/// The real client's screenshot (`name`.png) of the game on `port` after `ticks` ticks, started
/// with `flags`; its output goes to `output` if given.
sf::Image clientScreenshot(const test::TempDirectory& directory, int port, const std::string& name,
                           const std::vector<std::string>& flags, int ticks,
                           std::string* output = nullptr) {
  const std::string png = (directory.path() / (name + ".png")).string();
  std::vector<std::string> command = {"/usr/bin/xvfb-run",
                                      "-a",
                                      "-s",
                                      "-screen 0 1600x1200x24",
                                      COYOTE_CLIENT_BINARY,
                                      "--connect",
                                      "127.0.0.1:" + std::to_string(port),
                                      "--name",
                                      "tester",
                                      "--key",
                                      (directory.path() / "player.key").string()};
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), {"--screenshot", png, "--after-ticks", std::to_string(ticks)});
  test::ChildProcess client(command, (directory.path() / (name + ".log")).string());
  EXPECT_EQ(client.wait(60.0), 0) << client.output();
  if (output != nullptr) {
    *output = client.output();
  }
  sf::Image image;
  EXPECT_TRUE(image.loadFromFile(png)) << png;
  return image;
}

TEST(ScreenshotProcess, TheClientDrawsTheLevelAndThePlayerWhereTheServerHasThem) {
  test::TempDirectory directory;
  const std::string level =
      directory.write("screen.tmj", tiledMap(nlohmann::json::array({spawnAt(6.5)})));
  LevelServer server(directory, level);
  ASSERT_GT(server.port, 0) << server.process.output();
  const int port = server.port;
  const sf::Image image = clientScreenshot(directory, port, "shot", {"--flat-colours"}, 90);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
  // The client made its player key on its first run, readable by its owner alone.
  struct stat key {};
  ASSERT_EQ(::stat((directory.path() / "player.key").c_str(), &key), 0);
  EXPECT_EQ(key.st_mode & 0777, 0600u);
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

/// A pixel of an asset: tile `piece` of assets/tiles.png at (x, y) inside it, or of another image.
sf::Color assetPixel(const sf::Image& image, int piece, unsigned x, unsigned y) {
  const sf::IntRect rect = atlas::tileRect(piece);
  return image.getPixel(static_cast<unsigned>(rect.left) + x, static_cast<unsigned>(rect.top) + y);
}

bool near(sf::Color a, sf::Color b) {
  return std::abs(a.r - b.r) <= 2 && std::abs(a.g - b.g) <= 2 && std::abs(a.b - b.b) <= 2;
}

// With the art (docs/art.md), the same level is drawn from assets/: each tile the piece its
// neighbours call for, pixel for pixel as the tileset has it, the sky of the backdrop behind, and
// the player from the sprite sheet in its slot's colour.
TEST(ScreenshotProcess, WithTheArtEachTileIsItsTilesetPieceAndThePlayerItsSprite) {
  test::TempDirectory directory;
  const std::string level =
      directory.write("screen.tmj", tiledMap(nlohmann::json::array({spawnAt(6.5)})));
  LevelServer server(directory, level);
  ASSERT_GT(server.port, 0) << server.process.output();
  const int port = server.port;
  std::string output;
  const sf::Image image = clientScreenshot(directory, port, "art", {}, 90, &output);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
  EXPECT_NE(output.find("art loaded"), std::string::npos) << output;
  ASSERT_EQ(image.getSize().x, 1280u);
  const std::string assets = std::string(COYOTE_SOURCE_DIR) + "/assets/";
  sf::Image tiles;
  sf::Image sky;
  sf::Image sheet;
  ASSERT_TRUE(tiles.loadFromFile(assets + "tiles.png"));
  ASSERT_TRUE(sky.loadFromFile(assets + "backdrop_0.png"));
  ASSERT_TRUE(sheet.loadFromFile(assets + "character.png"));
  const Level simulated = levelFromAscii(kPicture);
  int checked = 0;
  // Every pixel of the floor row and of the one-way ledge, against the piece it should be.
  // (The chat's "tester joined" covers the bottom-left corner.)
  for (const auto& [column, row] : {std::pair{7, 14}, {12, 14}, {19, 14}, {2, 10}, {3, 10}}) {
    const int piece = simulated.tileAt(column, row) == TileType::OneWay
                          ? (column == 2 ? atlas::kLedgeLeft : atlas::kLedgeLeft + 1)
                          : atlas::kStoneBlob + blobPiece(solidNeighbours(simulated, column, row));
    for (unsigned y = 0; y < 16; y += 3) {
      for (unsigned x = 0; x < 16; x += 3) {
        const sf::Color want = assetPixel(tiles, piece, x, y);
        if (want.a < 255) {
          continue;  // the ledge's see-through part shows the sky
        }
        const sf::Color got = at(image, static_cast<float>(column * 16) + static_cast<float>(x),
                                 static_cast<float>(row * 16) + static_cast<float>(y));
        EXPECT_TRUE(sameColour(got, want))
            << "tile (" << column << ", " << row << ") pixel (" << x << ", " << y << "): got "
            << int(got.r) << "," << int(got.g) << "," << int(got.b) << " want " << int(want.r)
            << "," << int(want.g) << "," << int(want.b);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
  EXPECT_TRUE(sameColour(at(image, 100.0f, 20.0f), sky.getPixel(100, 20))) << "the sky behind";

  // The player stands as the server's simulation has it; its idle body (sheet pixel (7, 10) in
  // either idle frame) is tinted in slot 0's colour.
  const PhysicsConfig physics;
  WorldState state = makeWorld(1, simulated, physics);
  const StepParameters parameters(physics);
  for (int tick = 0; tick < 300; ++tick) {
    stepWorld(state, TickInputs{}, simulated, parameters);
  }
  const Character& me = state.characters[0];
  const float left = std::round((me.position.x + physics.playerWidth * 0.5f) * 16.0f - 8.0f);
  const float top = std::round((me.position.y + physics.playerHeight) * 16.0f - 16.0f);
  const sf::Color texel = sheet.getPixel(7, 10);
  const sf::Color tint = playerColour(0);
  const sf::Color want(static_cast<sf::Uint8>(texel.r * tint.r / 255),
                       static_cast<sf::Uint8>(texel.g * tint.g / 255),
                       static_cast<sf::Uint8>(texel.b * tint.b / 255));
  const sf::Color got = at(image, left + 7.5f, top + 10.5f);
  EXPECT_TRUE(near(got, want)) << "the player's body: got " << int(got.r) << "," << int(got.g)
                               << "," << int(got.b) << " want " << int(want.r) << "," << int(want.g)
                               << "," << int(want.b);
}

// The playground with the art: behind the level, the three backdrop layers (docs/art.md#backdrop).
// The player stands at the left edge and the bottom, so the camera rests at (0, 9) tiles: the
// layers are not scrolled sideways and the hills sit on the level's bottom; each sampled pixel of
// open air must be the topmost opaque layer's.
TEST(ScreenshotProcess, ThePlaygroundShowsItsParallaxBackdropBehindTheLevel) {
  test::TempDirectory directory;
  LevelServer server(directory, std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj");
  ASSERT_GT(server.port, 0) << server.process.output();
  const sf::Image image = clientScreenshot(directory, server.port, "playground", {}, 90);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
  ASSERT_EQ(image.getSize().x, 1280u);
  std::array<sf::Image, 3> layers;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    ASSERT_TRUE(layers[i].loadFromFile(std::string(COYOTE_SOURCE_DIR) + "/assets/backdrop_" +
                                       std::to_string(i) + ".png"));
  }
  int hills = 0;
  for (const unsigned x : {40u, 60u, 80u, 140u, 220u, 240u}) {
    for (const unsigned y : {10u, 40u, 70u, 100u, 150u}) {
      sf::Color want = layers[0].getPixel(x, y);
      for (std::size_t i = 1; i < layers.size(); ++i) {
        if (layers[i].getPixel(x, y).a == 255) {
          want = layers[i].getPixel(x, y);
          ++hills;
        }
      }
      const sf::Color got = at(image, static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
      EXPECT_TRUE(sameColour(got, want)) << "backdrop at logical (" << x << ", " << y << ")";
    }
  }
  EXPECT_GE(hills, 3) << "the hills are among the pixels checked, not only the sky";
}

// F4 and F5 (docs/playing.md#debug-views) on a level with three joints, each in one state:
// a rail in the middle of its range (working), a rope holding a hanging crate at full length
// (at its limit), a rope that broke at once under a heavy crate (broken, still drawn).
nlohmann::json jointLevelObjects() {
  auto crate = [](int id, double x, double y, double mass) {
    return nlohmann::json{
        {"id", id},
        {"type", "crate"},
        {"x", x * 16},
        {"y", y * 16},
        {"width", 16},
        {"height", 16},
        {"properties",
         nlohmann::json::array({{{"name", "mass"}, {"type", "float"}, {"value", mass}}})}};
  };
  auto joint = [](int id, const char* kind, double x, double y, nlohmann::json properties) {
    return nlohmann::json{{"id", id},    {"type", kind}, {"point", true},
                          {"x", x * 16}, {"y", y * 16},  {"properties", properties}};
  };
  auto property = [](const char* name, const char* type, auto value) {
    return nlohmann::json{{"name", name}, {"type", type}, {"value", value}};
  };
  return nlohmann::json::array(
      {spawnAt(1.5), crate(2, 4.0, 6.0, 1.0), crate(3, 10.0, 4.0, 1.0), crate(4, 15.0, 4.0, 500.0),
       // Arrays spelled out: a braced list of one element is that element to nlohmann::json
       // under clang, and an array under g++.
       joint(5, "rail", 4.5, 4.5,
             nlohmann::json::array({property("body", "object", 2), property("lower", "float", -2.0),
                                    property("upper", "float", 2.0)})),
       joint(6, "rope", 10.5, 2.5, nlohmann::json::array({property("body", "object", 3)})),
       joint(7, "rope", 15.5, 2.5,
             nlohmann::json::array(
                 {property("body", "object", 4), property("breakForce", "float", 1.0)}))});
}

/// The real client's screenshot with `flag` on, in flat colours.
sf::Image screenshotWith(const test::TempDirectory& directory, int port, const std::string& flag) {
  return clientScreenshot(directory, port, flag.substr(2), {flag, "--flat-colours"}, 60);
}

TEST(ScreenshotProcess, TheJointAndLimitViewsColourEachJointByWhatItIsDoing) {
  test::TempDirectory directory;
  const std::string level = directory.write("joints.tmj", tiledMap(jointLevelObjects()));
  LevelServer server(directory, level);
  ASSERT_GT(server.port, 0) << server.process.output();
  const int port = server.port;

  // F4: a 3-px dot on each anchor, in the joint's colour.
  const sf::Image joints = screenshotWith(directory, port, "--debug-joints");
  ASSERT_EQ(joints.getSize().x, 1280u);
  expectColour(joints, 4.5f * 16, 4.5f * 16, palette::kDebugJointWorking, "the rail's anchor");
  expectColour(joints, 10.5f * 16, 2.5f * 16, palette::kDebugJointStrained, "the taut rope's");
  expectColour(joints, 15.5f * 16, 2.5f * 16, palette::kDebugJointBroken, "the broken rope's");
  EXPECT_FALSE(sameColour(at(joints, 2.75f * 16, 104.5f), palette::kDebugRailRange) ||
               sameColour(at(joints, 2.75f * 16, 103.5f), palette::kDebugRailRange))
      << "no rail range without F5";

  // F5: the rail's range, 2 tiles each way of where its crate started, and the crate on it.
  const sf::Image limits = screenshotWith(directory, port, "--debug-limits");
  ASSERT_EQ(limits.getSize().x, 1280u);
  expectColour(limits, 4.5f * 16, 6.5f * 16, palette::kDebugRailPosition, "the crate's place");
  // A 1-px line on the row y = 104 (logical): SFML puts it on that row or the one above.
  for (const float x : {2.75f * 16, 3.5f * 16, 6.25f * 16}) {
    EXPECT_TRUE(sameColour(at(limits, x, 104.5f), palette::kDebugRailRange) ||
                sameColour(at(limits, x, 103.5f), palette::kDebugRailRange))
        << "the rail's range at logical x " << x;
  }
  expectColour(limits, 1.5f * 16, 6.5f * 16, palette::kBackground, "beyond the lower limit");
  expectColour(limits, 10.5f * 16, 2.5f * 16, palette::kBackground, "no joint dots without F4");
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
}

// The race HUD (docs/playing.md#races): a player spawned in the air inside the start falls out of
// it, which starts a run, and the time shows at the top centre of the window.
TEST(ScreenshotProcess, ARunnersTimeShowsAtTheTopOfTheWindow) {
  test::TempDirectory directory;
  const nlohmann::json objects = nlohmann::json::array(
      {{{"id", 1}, {"type", "spawn"}, {"point", true}, {"x", 6.5 * 16}, {"y", 5 * 16}},
       {{"id", 2}, {"type", "start"}, {"x", 5 * 16}, {"y", 3 * 16}, {"width", 48}, {"height", 48}},
       {{"id", 3},
        {"type", "finish"},
        {"x", 18 * 16},
        {"y", 12 * 16},
        {"width", 16},
        {"height", 32}}});
  const std::string level = directory.write("race.tmj", tiledMap(objects));
  LevelServer server(directory, level);
  ASSERT_GT(server.port, 0) << server.process.output();
  const int port = server.port;
  const sf::Image image = screenshotWith(directory, port, "--debug-limits");  // no joints here
  ASSERT_EQ(image.getSize().x, 1280u);
  int timerPixels = 0;
  for (unsigned y = 4; y < 48; ++y) {
    for (unsigned x = 520; x < 760; ++x) {
      timerPixels += sameColour(image.getPixel(x, y), palette::kRaceTimer) ? 1 : 0;
    }
  }
  EXPECT_GT(timerPixels, 40) << "the time's digits at the top centre";
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
}

}  // namespace
}  // namespace coyote
