// The race seen in a real coyote-client under Xvfb against a real server keeping records
// (docs/playing.md#races): the Tab scoreboard, and a run's timer and ghost with the keys pressed
// by xdotool. In coyote_race_tests (label `race`): scripts/race_tests runs them.
#include <algorithm>
#include <csignal>
#include <cstdlib>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "client/app/palette.h"
#include "support/child_process.h"
#include "support/coyote_processes.h"
#include "support/race_level.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

bool sameColour(sf::Color a, sf::Color b) {
  return a.r == b.r && a.g == b.g && a.b == b.b;
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

/// Bands of rows, between `top` and `bottom`, in which some pixel of columns [left, right) is
/// bright (text on the scoreboard's dark panel).
int textBands(const sf::Image& image, unsigned left, unsigned right, unsigned top,
              unsigned bottom) {
  int bands = 0;
  bool inside = false;
  for (unsigned y = top; y < bottom; ++y) {
    bool text = false;
    for (unsigned x = left; x < right && !text; ++x) {
      const sf::Color c = image.getPixel(x, y);
      text = std::max({c.r, c.g, c.b}) > 180;
    }
    bands += text && !inside ? 1 : 0;
    inside = text;
  }
  return bands;
}

// Three bots finish the race first (their times go to the records file) and leave; then the player
// holds Tab (xdotool): the scoreboard lists the room (the bots' characters wait there for them to
// reconnect, net.reconnect_window) and the level's top 3.
TEST(ScreenshotProcess, TheScoreboardShowsTheRoomAndTheLevelsTopTimes) {
  test::TempDirectory directory;
  const std::string level = test::raceLevel(directory);
  const test::ScopedEnvironment records(
      {{"COYOTE_RECORDS_PATH", (directory.path() / "records.sqlite").string()}});
  test::ServerProcess server(directory, (directory.path() / "race.rpl").string(),
                             {"--level", level});
  const test::Json bots = test::runBots(directory, server.port, 3, 7.0,
                                        {"--inputs", test::holdRightScript(directory, 3)});
  ASSERT_EQ(bots["exit_code"], 0) << bots.dump();
  const std::string png = (directory.path() / "scoreboard.png").string();
  // Tab held down by xdotool in the client's X display, as a player holds it.
  const std::string play = fmt::format(
      "{} --connect 127.0.0.1:{} --name tester --screenshot {} --after-ticks 150 & "
      "sleep 1.5; xdotool keydown Tab; wait $!; xdotool keyup Tab",
      COYOTE_CLIENT_BINARY, server.port, png);
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", play},
      (directory.path() / "client.log").string());
  ASSERT_EQ(client.wait(60.0), 0) << client.output();
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  ASSERT_EQ(image.getSize().x, 1280u);
  // The panel: 640 px wide, centred, from y = 80. Its rows: the race's name, the room's header,
  // the three bots and the player, then the top-10 title, three times and the player's best.
  EXPECT_EQ(textBands(image, 336, 536, 84, 84 + 22 * 14), 11);
  // The times column: three rows; the record's (the first, at y 253) in gold, the next not.
  EXPECT_EQ(textBands(image, 586, 700, 84, 84 + 22 * 14), 3) << "three times";
  const auto hasGold = [&image](unsigned top) {
    for (unsigned y = top; y < top + 22; ++y) {
      for (unsigned x = 336; x < 700; ++x) {
        if (sameColour(image.getPixel(x, y), palette::kRaceRecord)) {
          return true;
        }
      }
    }
    return false;
  };
  EXPECT_TRUE(hasGold(253));
  EXPECT_FALSE(hasGold(275));
  // Left of the panel the game shows through: no band of text there.
  EXPECT_EQ(textBands(image, 80, 300, 84, 84 + 22 * 14), 0);
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

/// How `colour` (with its alpha) shows over `under`, as SFML blends it.
sf::Color blended(sf::Color colour, sf::Color under) {
  const auto mix = [&colour](std::uint8_t top, std::uint8_t bottom) {
    return static_cast<std::uint8_t>((top * colour.a + bottom * (255 - colour.a) + 127) / 255);
  };
  return {mix(colour.r, under.r), mix(colour.g, under.g), mix(colour.b, under.b)};
}

int pixelsNear(const sf::Image& image, sf::Color colour, unsigned top, unsigned bottom) {
  int count = 0;
  for (unsigned y = top; y < bottom; ++y) {
    for (unsigned x = 0; x < image.getSize().x; ++x) {
      const sf::Color c = image.getPixel(x, y);
      count += std::abs(c.r - colour.r) <= 2 && std::abs(c.g - colour.g) <= 2 &&
                       std::abs(c.b - colour.b) <= 2
                   ? 1
                   : 0;
    }
  }
  return count;
}

// Bots set a record on the race level; then a player, its keys pressed by xdotool in a real
// window under Xvfb, starts a run, stops a moment and runs on: the screenshot shows the run's
// timer at the top and the record's ghost, gold and translucent, ahead of the player.
TEST(ScreenshotProcess, ARunShowsItsTimerAndTheRecordsGhost) {
  test::TempDirectory directory;
  const std::string level = test::raceLevel(directory);
  const test::ScopedEnvironment records(
      {{"COYOTE_RECORDS_PATH", (directory.path() / "records.sqlite").string()}});
  test::ServerProcess server(directory, (directory.path() / "race.rpl").string(),
                             {"--level", level});
  const test::Json bots = test::runBots(directory, server.port, 1, 5.0,
                                        {"--inputs", test::holdRightScript(directory, 1)});
  ASSERT_EQ(bots["exit_code"], 0) << bots.dump();
  const std::string png = (directory.path() / "run.png").string();
  const std::string client = fmt::format(
      "{} --connect 127.0.0.1:{} --name tester --screenshot {} --after-ticks 150 & "
      "sleep 1.5; xdotool keydown Right; sleep 0.3; xdotool keyup Right; sleep 0.6; "
      "xdotool keydown Right; sleep 3; xdotool keyup Right; wait $!",
      COYOTE_CLIENT_BINARY, server.port, png);
  test::ChildProcess play(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", client},
      (directory.path() / "client.log").string());
  ASSERT_EQ(play.wait(60.0), 0) << play.output();
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  ASSERT_EQ(image.getSize().x, 1280u);
  EXPECT_GT(pixelsNear(image, palette::kRaceTimer, 0, 48), 50) << "the timer, running";
  // Its outline (alpha 200) is drawn inside the box, over its fill (alpha 90) over the sky.
  const sf::Color outline(palette::kGhostRecord.r, palette::kGhostRecord.g, palette::kGhostRecord.b,
                          200);
  const sf::Color edge = blended(outline, blended(palette::kGhostRecord, palette::kBackground));
  EXPECT_GT(pixelsNear(image, edge, 48, 960), 40) << "the record's ghost, outlined in gold";
}

}  // namespace
}  // namespace coyote
