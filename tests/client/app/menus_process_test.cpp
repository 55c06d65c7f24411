// The menus under Xvfb, driven by xdotool as a player drives them (docs/playing.md#menus): from
// the title through the server browser into a game on one of three servers; a key rebound in
// the options is saved to client.toml and is the one the next game plays with; a replay is
// watched from the Replays menu, and one from the command line ends there too.
#include <csignal>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "client/app/menu/title_scene.h"
#include "client/app/render/palette.h"
#include "client/app/settings/client_config.h"
#include "client/core/server_query.h"
#include "replay/replay_file.h"
#include "support/coyote_processes.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

/// coyote-client with `flags` under Xvfb; `keys` (xdotool lines) run once its window shows. Its
/// exit code; its output in client.log.
int runClient(test::TempDirectory& directory, const std::string& flags, const std::string& keys) {
  const std::string line = fmt::format(
      "cd {} && {} --name tester --key player.key {} & "
      "xdotool search --sync --onlyvisible --name Coyote >/dev/null; sleep 0.5; {}; wait $!",
      directory.path().string(), COYOTE_CLIENT_BINARY, flags, keys);
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", line},
      (directory.path() / "client.log").string());
  const int exit = client.wait(60.0);
  EXPECT_EQ(exit, 0) << client.output();
  return exit;
}

/// The players a server on 127.0.0.1:`port` says it has (-1 if it does not answer within 0.2 s).
int playersOn(std::uint16_t port) {
  ServerQuery query({{"127.0.0.1", port}}, {});
  for (int turn = 0; turn < 20; ++turn) {
    query.update(turn * 0.01);
    if (!query.servers().empty()) {
      return query.servers().front().info.players;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

std::string menusClientLog(const test::TempDirectory& directory) {
  std::ifstream file(directory.path() / "client.log");
  return std::string(std::istreambuf_iterator<char>(file), {});
}

TEST(MenusProcess, FromTheTitleThroughTheServerBrowserIntoAGame) {
  test::TempDirectory directory;
  std::vector<std::unique_ptr<test::TempDirectory>> folders;
  std::vector<std::unique_ptr<test::ServerProcess>> servers;
  ClientConfig config;
  for (int i = 0; i < 3; ++i) {
    const test::ScopedEnvironment name{{"COYOTE_SERVER_NAME", fmt::format("Mesa {}", i)}};
    folders.push_back(std::make_unique<test::TempDirectory>(std::to_string(i)));
    servers.push_back(std::make_unique<test::ServerProcess>(
        *folders.back(), (folders.back()->path() / "game.rpl").string()));
    config.favourites.push_back(fmt::format("127.0.0.1:{}", servers.back()->port));
  }
  // Two bots on the second server, so that the browser has players to count: playing before the
  // client starts.
  test::ChildProcess bots(
      {COYOTE_BOT_BINARY, "--connect", config.favourites[1], "--count", "2", "--seconds", "30"},
      (directory.path() / "bots.log").string());
  bool playing = false;
  for (int i = 0; i < 50 && !playing; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // a reply per 100 ms each
    playing = playersOn(static_cast<std::uint16_t>(servers[1]->port)) == 2;
  }
  ASSERT_TRUE(playing) << "the bots joined the second server";
  const std::string file = (directory.path() / "client.toml").string();
  saveClientConfig(config, file);
  // Enter: "Play online"; the browser lists the servers by address: once the three answered
  // (the log says so; at most 10 s on a busy machine), Enter joins the first.
  runClient(directory,
            fmt::format("--config {} --screenshot {} --after-ticks 360", file,
                        (directory.path() / "game.png").string()),
            fmt::format("sleep 1; xdotool key Return; for i in $(seq 100); do "
                        "[ \"$(grep -o 'Mesa [0-2]' {} | sort -u | wc -l)\" -ge 3 ] && break; "
                        "sleep 0.1; done; xdotool key Return",
                        (directory.path() / "client.log").string()));
  const std::string log = menusClientLog(directory);
  for (int i = 0; i < 3; ++i) {
    EXPECT_THAT(log, HasSubstr(fmt::format("server browser: {} \"Mesa {}\" {}/128 players",
                                           config.favourites[i], i, i == 1 ? 2 : 0)))
        << log;
  }
  EXPECT_THAT(log, ::testing::ContainsRegex("server browser: .* players, [0-9]+ ms"));
  EXPECT_THAT(log, HasSubstr("tester: joined as slot"));
  // The browser opened on the favourites (no master is set) and joined its first row, the
  // fastest to answer; the server joined is remembered.
  EXPECT_THAT(log, HasSubstr("server browser: Favourites tab"));
  const ClientConfig saved = loadClientConfig(file);
  ASSERT_FALSE(saved.recent.empty());
  const auto joined =
      std::find(config.favourites.begin(), config.favourites.end(), saved.recent.front());
  ASSERT_NE(joined, config.favourites.end()) << saved.recent.front();
  EXPECT_THAT(
      servers[static_cast<std::size_t>(joined - config.favourites.begin())]->process.output(),
      HasSubstr("tester joined"));
}

TEST(MenusProcess, AReboundJumpIsSavedAndPlaysInTheNextGame) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "client.toml").string();
  // Title → Options (5th); the 5th action is jump: Enter, then J; Escape saves and goes back.
  runClient(
      directory,
      fmt::format("--config {} --screenshot {} --after-ticks 420", file,
                  (directory.path() / "options.png").string()),
      "xdotool key Down Down Down Down Return; sleep 0.3; xdotool key Down Down Down Down Return; "
      "sleep 0.3; xdotool key j; sleep 0.3; xdotool key Escape");
  const ClientConfig saved = loadClientConfig(file);
  // The primary key (Space) became J; the alternate (Z) stays.
  EXPECT_EQ(saved.bindings.jump,
            (std::vector<sf::Keyboard::Key>{sf::Keyboard::J, sf::Keyboard::Z}));
  EXPECT_EQ(saved.bindings.dash, ClientConfig{}.bindings.dash) << "the others as they were";

  const std::string replay = (directory.path() / "game.rpl").string();
  auto server = std::make_unique<test::ServerProcess>(directory, replay);
  runClient(directory,
            fmt::format("--config {} --connect 127.0.0.1:{} --screenshot {} --after-ticks 240",
                        file, server->port, (directory.path() / "game.png").string()),
            "xdotool keydown j; sleep 1; xdotool keyup j; xdotool keydown space; sleep 1; "
            "xdotool keyup space");
  server->process.signal(SIGTERM);
  ASSERT_EQ(server->process.wait(10.0), 0);
  int jumpTicks = 0;
  int inputTicks = 0;
  for (const ReplayTick& tick : readReplay(replay).ticks) {
    for (const SlotInput& input : tick.inputs) {
      ++inputTicks;
      jumpTicks += input.input.held(kButtonJump) ? 1 : 0;
    }
  }
  EXPECT_GT(inputTicks, 200);
  EXPECT_GE(jumpTicks, 30) << "J held a second: the server saw the jump button";
  EXPECT_LE(jumpTicks, 80) << "Space, jump's old key, no longer jumps";
}

// The title (docs/art.md#title): the game's name is assets/title.png, every opaque pixel of it 3 ×
// on the page at its place, over the title scene (the backdrop's sky and the runners' stone show
// around it), not text on flat navy.
TEST(MenusProcess, TheTitlesNameIsTheArtsPixels) {
  test::TempDirectory directory;
  const std::string png = (directory.path() / "title.png").string();
  runClient(directory, fmt::format("--screenshot {} --after-ticks 30", png), "true");
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  ASSERT_EQ(image.getSize(), sf::Vector2u(1280, 960));
  sf::Image name;
  ASSERT_TRUE(name.loadFromFile(std::string(COYOTE_SOURCE_DIR) + "/assets/title.png"));
  const sf::Vector2f at = TitleScene::namePosition(name.getSize());
  int checked = 0;
  int wrong = 0;
  for (unsigned y = 0; y < name.getSize().y; ++y) {
    for (unsigned x = 0; x < name.getSize().x; ++x) {
      const sf::Color want = name.getPixel(x, y);
      if (want.a != 255) {
        continue;
      }
      for (unsigned dy = 0; dy < 3; ++dy) {
        for (unsigned dx = 0; dx < 3; ++dx) {
          const sf::Color got = image.getPixel(static_cast<unsigned>(at.x) + 3 * x + dx,
                                               static_cast<unsigned>(at.y) + 3 * y + dy);
          wrong += got.r == want.r && got.g == want.g && got.b == want.b ? 0 : 1;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 9 * 3000);
  EXPECT_EQ(wrong, 0) << wrong << " of " << checked << " pixels are not the name's";
  // Below the rows' panel, the stone strip of the scene: not the flat menu background.
  const sf::Color ground = image.getPixel(20, 940);
  EXPECT_FALSE(ground.r == palette::kMenuBackground.r && ground.g == palette::kMenuBackground.g &&
               ground.b == palette::kMenuBackground.b);
}

// A match recorded by a server lies in replays/; the title's Replays lists it, Enter plays it.
TEST(MenusProcess, AReplayInTheReplaysFolderIsWatchedFromTheMenu) {
  test::TempDirectory directory;
  std::filesystem::create_directories(directory.path() / "replays");
  const std::string replay = (directory.path() / "replays" / "match.rpl").string();
  {
    test::ServerProcess server(directory, replay);
    const Json bots = test::runBots(directory, server.port, 2, 7.0);
    EXPECT_EQ(bots["exit_code"], 0) << bots.dump();
    server.process.signal(SIGTERM);
    ASSERT_EQ(server.process.wait(10.0), 0);
  }
  const std::string png = (directory.path() / "replay.png").string();
  // 300 ticks: the menus' time counts too (about 3 s to the replay), and the match is 420 long.
  runClient(directory, fmt::format("--flat-colours --screenshot {} --after-ticks 300", png),
            "xdotool key Down Down Down Return; sleep 0.5; xdotool key Return");
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  int world = 0;
  for (unsigned y = 0; y < image.getSize().y; y += 4) {
    for (unsigned x = 0; x < image.getSize().x; x += 4) {
      const sf::Color c = image.getPixel(x, y);
      world += c.r == palette::kSolid.r && c.g == palette::kSolid.g && c.b == palette::kSolid.b;
    }
  }
  EXPECT_GT(world, 1000) << "the arena's tiles, not a menu";
}

// docs/playing.md#replays: Escape ends a replay for the Replays menu whether it was chosen there
// or named with --replay; Escape there is the title, Escape on the title quits.
TEST(MenusProcess, EscapeEndsAReplayFromTheCommandLineForTheReplaysMenu) {
  test::TempDirectory directory;
  const std::string replay = (directory.path() / "match.rpl").string();
  {
    test::ServerProcess server(directory, replay);
    const Json bots = test::runBots(directory, server.port, 1, 3.0);
    EXPECT_EQ(bots["exit_code"], 0) << bots.dump();
    server.process.signal(SIGTERM);
    ASSERT_EQ(server.process.wait(10.0), 0);
  }
  runClient(directory, "--replay " + replay,
            "sleep 0.5; xdotool key Escape; sleep 0.5; xdotool key Escape; sleep 0.5; "
            "xdotool key Escape");
  const std::string log = menusClientLog(directory);
  const std::size_t replays = log.find("menus: the replays screen");
  EXPECT_NE(replays, std::string::npos) << log;
  EXPECT_NE(log.find("menus: the title screen", replays), std::string::npos) << log;
}

// On a laptop's 1366 x 768 screen with no window manager to place it, the window of scale 4
// (1280 x 960) would reach below the screen: it opens at the largest scale that fits with room
// for a title bar and a panel (2: 720 of 768 rows would leave none), centred.
TEST(MenusProcess, TheWindowFitsASmallScreenAndOpensCentredOnIt) {
  test::TempDirectory directory;
  const std::string line = fmt::format(
      "cd {} && {} --name tester --key player.key --scale 4 & "
      "xdotool search --sync --onlyvisible --name Coyote >/dev/null; sleep 0.5; "
      "xdotool search --onlyvisible --name Coyote getwindowgeometry > {}/geometry.txt; "
      "xdotool key Escape; wait $!",
      directory.path().string(), COYOTE_CLIENT_BINARY, directory.path().string());
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1366x768x24", "/bin/bash", "-c", line},
      (directory.path() / "client.log").string());
  EXPECT_EQ(client.wait(60.0), 0) << client.output();
  std::ifstream file(directory.path() / "geometry.txt");
  const std::string geometry{std::istreambuf_iterator<char>(file), {}};
  EXPECT_THAT(geometry, HasSubstr("Position: 363,144")) << geometry;
  EXPECT_THAT(geometry, HasSubstr("Geometry: 640x480")) << geometry;
  EXPECT_THAT(menusClientLog(directory),
              HasSubstr("window: scale 4 does not fit the 1366x768 screen; 2 this time"));
}

}  // namespace
}  // namespace coyote
