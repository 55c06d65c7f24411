// Zoom, as a player zooms (docs/playing.md#the-window): V pressed in a real window under Xvfb
// draws the world one whole scale smaller, every logical pixel still a whole square of the
// window's, and the step is saved.
#include <algorithm>
#include <cmath>
#include <csignal>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "client/app/render/palette.h"
#include "client/app/settings/client_config.h"
#include "sim/state/physics_config.h"
#include "support/coyote_processes.h"

namespace coyote {
namespace {

bool isLocalPlayer(sf::Color c) {
  return c.r == palette::kLocalPlayer.r && c.g == palette::kLocalPlayer.g &&
         c.b == palette::kLocalPlayer.b;
}

/// The longest run of the local player's colour along a row and along a column: the flat-colour
/// body's width and height in window pixels (its name's letters make shorter runs).
std::pair<unsigned, unsigned> longestRuns(const sf::Image& image) {
  unsigned across = 0;
  unsigned down = 0;
  const sf::Vector2u size = image.getSize();
  for (unsigned y = 0; y < size.y; ++y) {
    for (unsigned x = 0, run = 0; x < size.x; ++x) {
      run = isLocalPlayer(image.getPixel(x, y)) ? run + 1 : 0;
      across = std::max(across, run);
    }
  }
  for (unsigned x = 0; x < size.x; ++x) {
    for (unsigned y = 0, run = 0; y < size.y; ++y) {
      run = isLocalPlayer(image.getPixel(x, y)) ? run + 1 : 0;
      down = std::max(down, run);
    }
  }
  return {across, down};
}

/// The client on `server` with `config`, `keys` (xdotool lines) once it has joined; its
/// screenshot after 180 ticks.
sf::Image play(test::TempDirectory& directory, int port, const std::string& config,
               const std::string& keys, const std::string& name) {
  const std::string png = (directory.path() / (name + ".png")).string();
  const std::string line = fmt::format(
      "{} --connect 127.0.0.1:{} --name {} --key {} --config {} --flat-colours --screenshot {} "
      "--after-ticks 180 & xdotool search --sync --onlyvisible --name Coyote >/dev/null; "
      "sleep 1; {}; wait $!",
      COYOTE_CLIENT_BINARY, port, name, (directory.path() / (name + ".key")).string(), config, png,
      keys);
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", line},
      (directory.path() / (name + ".log")).string());
  EXPECT_EQ(client.wait(60.0), 0) << client.output();
  sf::Image image;
  EXPECT_TRUE(image.loadFromFile(png)) << client.output();
  return image;
}

TEST(ZoomProcess, AZoomStepDrawsTheWorldAWholeScaleSmallerAndIsSaved) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "zoom.rpl").string());
  const std::string config = (directory.path() / "client.toml").string();
  const sf::Image before = play(directory, server.port, config, "true", "near");
  const sf::Image after = play(directory, server.port, config, "xdotool key v", "far");
  ASSERT_EQ(before.getSize().x, 1280u);
  ASSERT_EQ(after.getSize().x, 1280u);
  const auto [width4, height4] = longestRuns(before);
  const auto [width3, height3] = longestRuns(after);
  const PhysicsConfig physics;
  const auto bodyWidth = static_cast<unsigned>(std::lround(physics.playerWidth * kPixelsPerTile));
  const auto bodyHeight = static_cast<unsigned>(std::lround(physics.playerHeight * kPixelsPerTile));
  EXPECT_EQ(width4, bodyWidth * 4) << "zoom 1: the body at 4 window pixels a logical one";
  EXPECT_EQ(height4, bodyHeight * 4);
  EXPECT_EQ(width3, bodyWidth * 3) << "zoom 2: at 3, whole pixels still";
  EXPECT_EQ(height3, bodyHeight * 3);
  EXPECT_EQ(loadClientConfig(config).zoom, 2) << "the step is saved";
  std::printf(
      "figure: the body %u x %u px at zoom 1, %u x %u px at zoom 2 (20 x 15 tiles, then "
      "26.6 x 20)\n",
      width4, height4, width3, height3);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
}

}  // namespace
}  // namespace coyote
