// The race seen in a real coyote-client under Xvfb against a real server keeping records
// (docs/playing.md#races): the Tab scoreboard, and a run's timer and ghost with the keys pressed
// by xdotool. In coyote_race_tests (label `race`): scripts/suite race runs them.
#include <algorithm>
#include <csignal>
#include <cstdlib>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "client/app/render/palette.h"
#include "match/authoritative_tick.h"
#include "replay/replay_file.h"
#include "support/child_process.h"
#include "support/coyote_processes.h"
#include "support/race_level.h"
#include "support/scoped_environment.h"
#include "wire/level_data.h"

namespace coyote {
namespace {

bool sameColour(sf::Color a, sf::Color b) {
  return a.r == b.r && a.g == b.g && a.b == b.b;
}

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

/// A server on the small race level keeping records, where `bots` scripted bots have finished a
/// run each (their times and ghosts are in its database).
struct RaceWithRecords {
  test::TempDirectory directory;
  test::ScopedEnvironment records{
      {{"COYOTE_RECORDS_PATH", (directory.path() / "records.sqlite").string()}}};
  test::ServerProcess server{
      directory, (directory.path() / "race.rpl").string(), {"--level", test::raceLevel(directory)}};

  explicit RaceWithRecords(int bots) {
    if (bots == 0) {
      return;
    }
    const Json summary = test::runBots(directory, server.port, bots, 7.0,
                                       {"--inputs", test::holdRightScript(directory, bots)});
    EXPECT_EQ(summary["exit_code"], 0) << summary.dump();
  }

  /// The real client under Xvfb, its keys pressed by `xdotool` (a shell line run once it has
  /// joined); its screenshot after `ticks` ticks.
  sf::Image play(const std::string& keys, int ticks = 150) {
    const std::string png = (directory.path() / "screen.png").string();
    const std::string line = fmt::format(
        "{} --connect 127.0.0.1:{} --name tester --key {} --flat-colours --screenshot {} "
        "--after-ticks {} & sleep 1.5; {}; wait $!",
        COYOTE_CLIENT_BINARY, server.port, (directory.path() / "player.key").string(), png, ticks,
        keys);
    test::ChildProcess client(
        {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", line},
        (directory.path() / "client.log").string());
    EXPECT_EQ(client.wait(60.0), 0) << client.output();
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile(png)) << client.output();
    return image;
  }
};

// Three bots finish the race first (their times go to the records file) and leave; then the player
// holds Tab (xdotool): the scoreboard lists the room (the bots' characters wait there for them to
// reconnect, net.reconnect_window) and the level's top 3.
TEST(ScreenshotProcess, TheScoreboardShowsTheRoomAndTheLevelsTopTimes) {
  RaceWithRecords race(3);
  // Tab held down in the client's X display, as a player holds it.
  const sf::Image image = race.play("xdotool keydown Tab");
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

// A bot sets a record on the race level; then a player, its keys pressed by xdotool in a real
// window under Xvfb, starts a run, stops a moment and runs on: the screenshot shows the run's
// timer at the top and the record's ghost, gold and translucent, ahead of the player.
TEST(ScreenshotProcess, ARunShowsItsTimerAndTheRecordsGhost) {
  RaceWithRecords race(1);
  const sf::Image image = race.play(
      "xdotool keydown Right; sleep 0.3; xdotool keyup Right; sleep 0.6; xdotool keydown Right; "
      "sleep 3; xdotool keyup Right");
  ASSERT_EQ(image.getSize().x, 1280u);
  EXPECT_GT(pixelsNear(image, palette::kRaceTimer, 0, 48), 50) << "the timer, running";
  // Its outline (alpha 200) is drawn inside the box, over its fill (alpha 90) over the sky.
  const sf::Color outline(palette::kGhostRecord.r, palette::kGhostRecord.g, palette::kGhostRecord.b,
                          200);
  const sf::Color edge = blended(outline, blended(palette::kGhostRecord, palette::kBackground));
  EXPECT_GT(pixelsNear(image, edge, 48, 960), 40) << "the record's ghost, outlined in gold";
  const sf::Color label(palette::kGhostRecord.r, palette::kGhostRecord.g, palette::kGhostRecord.b);
  const int labelled = pixelsNear(image, label, 48, 960);
  std::printf("pixels: the record ghost's label %d\n", labelled);
  EXPECT_GT(labelled, 40) << "\"record: NAME TIME\" over it, in its gold: no khaki player";
}

/// The tester's run around its press of restart, as the server simulated it (its replay stepped
/// again): the run's ticks on the tick before the press and on the press's own tick, and where the
/// runner's feet were then.
struct RestartSeen {
  int presses = 0;
  std::int32_t runTicksBefore = -2;
  std::int32_t runTicksAfter = -2;
  Vec2 feetAfter;
  Vec2 spawn;
};

RestartSeen restartInReplay(const Replay& replay) {
  const Level level = net::toLevel(replay.header.level);
  const StepParameters parameters(replay.header.physics);
  WorldState state = replay.header.start.state;
  RestartSeen seen;
  bool held = false;
  for (const ReplayTick& tick : replay.ticks) {
    const WorldState before = state;
    applyAuthoritativeTick(state, tick.events, expandInputs(tick.inputs), level, parameters,
                           nullptr);
    for (const SlotInput& input : tick.inputs) {
      const bool now = input.input.held(kButtonRestart);
      if (now && !held && ++seen.presses == 1) {
        const Character& after = state.characters[input.slot];
        seen.runTicksBefore = before.characters[input.slot].runTicks;
        seen.runTicksAfter = after.runTicks;
        seen.feetAfter = {after.position.x + replay.header.physics.playerWidth * 0.5f,
                          after.position.y + replay.header.physics.playerHeight};
        seen.spawn = after.spawn;
      }
      held = now;
    }
  }
  return seen;
}

// Restart (docs/playing.md#races): a player runs a second out of the start, lets go and presses
// R in a real window. At once the timer is gone ("leave the start" in its place), and the server
// put the runner back at its spawn with no run on the very tick of the press.
TEST(ScreenshotProcess, RestartPutsTheRunnerBackAtTheStartWithNoRun) {
  RaceWithRecords race(0);
  const sf::Image image = race.play(
      "xdotool keydown Right; sleep 1; xdotool keyup Right; sleep 0.2; xdotool key r", 240);
  ASSERT_EQ(image.getSize().x, 1280u);
  EXPECT_EQ(pixelsNear(image, palette::kRaceTimer, 0, 48), 0) << "no timer running";
  EXPECT_GT(pixelsNear(image, palette::kRaceHint, 0, 48), 50) << "the race's name: leave the start";
  race.server.process.signal(SIGTERM);
  ASSERT_EQ(race.server.process.wait(10.0), 0);
  const RestartSeen seen =
      restartInReplay(readReplay((race.directory.path() / "race.rpl").string()));
  ASSERT_EQ(seen.presses, 1);
  EXPECT_GT(seen.runTicksBefore, 30) << "a run of more than half a second was going";
  EXPECT_EQ(seen.runTicksAfter, -1) << "none after the press's own tick";
  EXPECT_FLOAT_EQ(seen.feetAfter.x, seen.spawn.x);
  EXPECT_FLOAT_EQ(seen.feetAfter.y, seen.spawn.y);
  if (seen.runTicksAfter == -1) {
    std::printf("figure: restart took effect on the tick of the press (0 ticks after it)\n");
  }
}

}  // namespace
}  // namespace coyote
