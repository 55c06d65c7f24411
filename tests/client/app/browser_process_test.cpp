// The server browser and the connect screen under Xvfb, driven by xdotool as a player drives
// them (docs/playing.md#the-server-browser): the Internet tab from a real master listing three
// real servers, a wrong password asked again, a full room watched instead, the way back from
// the connect screen to the browser as it was, and a refusal said once.
#include <fstream>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "client/app/render/palette.h"
#include "client/app/settings/client_config.h"
#include "support/coyote_processes.h"
#include "support/master_process.h"
#include "support/pixels.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using test::pixelsOf;
using ::testing::HasSubstr;

/// coyote-client with `flags` under Xvfb (its window 1280 × 960: the menus' page, pixel for
/// pixel); `keys` (xdotool lines) run once its window shows. Its output is client.log.
void runBrowserClient(test::TempDirectory& directory, const std::string& flags,
                      const std::string& keys) {
  const std::string line = fmt::format(
      "cd {} && {} --name tester --key player.key --scale 4 {} & "
      "xdotool search --sync --onlyvisible --name Coyote >/dev/null; sleep 0.5; {}; wait $!",
      directory.path().string(), COYOTE_CLIENT_BINARY, flags, keys);
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", line},
      (directory.path() / "client.log").string());
  EXPECT_GE(client.wait(60.0), 0) << client.output();
}

std::string clientLog(const test::TempDirectory& directory) {
  std::ifstream file(directory.path() / "client.log");
  return std::string(std::istreambuf_iterator<char>(file), {});
}

/// xdotool waiting (10 s at most) until client.log holds `text`.
std::string waitForLog(const test::TempDirectory& directory, const std::string& text) {
  return fmt::format("for i in $(seq 100); do grep -qF '{}' {} && break; sleep 0.1; done", text,
                     (directory.path() / "client.log").string());
}

TEST(BrowserProcess, TheInternetTabListsThreeServersWithHeadersAndTheMotd) {
  test::MasterProcess master;
  std::vector<std::unique_ptr<test::TempDirectory>> folders;
  std::vector<std::unique_ptr<test::ServerProcess>> servers;
  for (const char* name : {"Mesa", "Canyon", "Gulch"}) {
    const test::ScopedEnvironment environment{
        {"COYOTE_SERVER_NAME", name},
        {"COYOTE_SERVER_MOTD", fmt::format("Welcome to {}: races every hour", name)},
        {"COYOTE_SERVER_MASTERS", master.url()}};
    folders.push_back(std::make_unique<test::TempDirectory>(name));
    servers.push_back(std::make_unique<test::ServerProcess>(
        *folders.back(), (folders.back()->path() / "game.rpl").string()));
  }
  ASSERT_TRUE(test::secondsUntil([&] { return master.servers().size() == 3; }, 20.0));
  test::TempDirectory directory;
  ClientConfig config;
  config.browser.masters = {master.url()};
  config.browser.sort = BrowserSort::Name;
  const std::string file = (directory.path() / "client.toml").string();
  saveClientConfig(config, file);
  const std::string png = (directory.path() / "browser.png").string();
  // Enter: "Play online", on the Internet tab (masters are set); once the three answered, Down
  // chooses the second by name: Gulch.
  runBrowserClient(
      directory, fmt::format("--config {} --screenshot {} --after-ticks 480", file, png),
      "sleep 0.5; xdotool key Return; " + waitForLog(directory, "3 servers shown") + "; " +
          waitForLog(directory, "\"Canyon\" arena play 0/16 motd") + "; xdotool key Down");
  const std::string log = clientLog(directory);
  EXPECT_THAT(log, HasSubstr("server browser: Internet tab (Name | Level | Mode | Players | "
                             "Ping | Lock), 3 servers shown"));
  EXPECT_THAT(log, HasSubstr(fmt::format("chosen: 127.0.0.1:{} \"Gulch\" arena play 0/16 motd "
                                         "\"Welcome to Gulch: races every hour\"",
                                         servers[2]->port)))
      << log;
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  ASSERT_EQ(image.getSize().x, 1280u);
  const int headers = pixelsOf(image, palette::kMenuText, 60, 1220, 240, 264);
  const int chosen = pixelsOf(image, palette::kLocalPlayer, 60, 500, 300, 328);
  const int first = pixelsOf(image, palette::kMenuText, 60, 500, 272, 300);
  const int third = pixelsOf(image, palette::kMenuText, 60, 500, 328, 356);
  const int motd = pixelsOf(image, palette::kMenuText, 60, 700, 760, 790);
  std::printf("pixels: headers %d, Canyon %d, Gulch %d, Mesa %d, MOTD %d\n", headers, first, chosen,
              third, motd);
  EXPECT_GT(headers, 150) << "the headers";
  EXPECT_GT(chosen, 40) << "Gulch, chosen";
  EXPECT_GT(first, 40) << "Canyon";
  EXPECT_GT(third, 40) << "Mesa";
  EXPECT_GT(motd, 100) << "the MOTD";
  // The panel behind the browser covers its table, margins and details, opaque: beside the
  // table on both sides and below the details, nothing of the title scene (sky, runners) shows.
  const int left = pixelsOf(image, palette::kMenuPanel, 25, 50, 280, 740);
  const int right = pixelsOf(image, palette::kMenuPanel, 1235, 1260, 280, 740);
  const int below = pixelsOf(image, palette::kMenuPanel, 25, 1250, 836, 890);
  std::printf("pixels of the panel: left %d of %d, right %d of %d, below %d of %d\n", left,
              25 * 460, right, 25 * 460, below, 1225 * 54);
  EXPECT_EQ(left, 25 * 460);
  EXPECT_EQ(right, 25 * 460);
  EXPECT_EQ(below, 1225 * 54) << "no runner walks through the details";
}

TEST(BrowserProcess, AWrongPasswordIsAskedForAgainOnTheConnectScreen) {
  test::TempDirectory directory;
  const test::ScopedEnvironment password{{"COYOTE_SERVER_PASSWORD", "swordfish"}};
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  ClientConfig config;
  config.address = fmt::format("127.0.0.1:{}", server.port);
  const std::string file = (directory.path() / "client.toml").string();
  saveClientConfig(config, file);
  // Title → Connect; Down to the password: "guess", Enter (to Connect), Enter. Refused, the
  // screen comes back on the password: "swordfish", Enter, Enter.
  // No screenshot: in that mode a refusal is the picture, and the client ends there.
  runBrowserClient(
      directory, "--config " + file,
      "xdotool key Down Return; sleep 0.3; xdotool key Down Down Down; xdotool type guess; "
      "xdotool key Return Return; " +
          waitForLog(directory, "offers the password") +
          "; sleep 0.3; xdotool type swordfish; xdotool key Return Return; " +
          waitForLog(directory, "joined as") + "; kill $!");
  const std::string log = clientLog(directory);
  EXPECT_THAT(log, HasSubstr("refused: wrong password"));
  EXPECT_THAT(log, HasSubstr(fmt::format("the connect screen offers the password for "
                                         "127.0.0.1:{} (wrong password)",
                                         server.port)));
  EXPECT_THAT(log, HasSubstr("tester: joined as slot")) << log;
}

TEST(BrowserProcess, AFullRoomIsWatchedFromTheConnectScreen) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string(),
                             {"--max-players", "1"});
  test::ChildProcess bot({COYOTE_BOT_BINARY, "--connect", fmt::format("127.0.0.1:{}", server.port),
                          "--count", "1", "--seconds", "30"},
                         (directory.path() / "bot.log").string());
  std::this_thread::sleep_for(std::chrono::seconds(1));  // the bot takes the only place
  runBrowserClient(directory, fmt::format("--connect 127.0.0.1:{}", server.port),
                   waitForLog(directory, "offers to spectate") +
                       "; sleep 0.3; xdotool key Return; " + waitForLog(directory, "joined as") +
                       "; kill $!");
  const std::string log = clientLog(directory);
  EXPECT_THAT(log, HasSubstr("refused: room main is full (1 players)"));
  EXPECT_THAT(log, HasSubstr("tester: joined as spectator")) << log;
}

// From the browser a server with a password opens the connect screen; Escape there goes back to
// the browser as it was (its search and choice), a wrong password is said on the screen it
// brings back and on no screen after, and the server joined with the right one is in Recent.
TEST(BrowserProcess, TheConnectScreenReturnsToTheBrowserAndARefusalIsSaidOnce) {
  std::vector<std::unique_ptr<test::TempDirectory>> folders;
  std::vector<std::unique_ptr<test::ServerProcess>> servers;
  ClientConfig config;
  for (const char* name : {"Canyon", "Gulch"}) {
    const test::ScopedEnvironment environment{{"COYOTE_SERVER_NAME", name},
                                              {"COYOTE_SERVER_PASSWORD", "swordfish"}};
    folders.push_back(std::make_unique<test::TempDirectory>(name));
    servers.push_back(std::make_unique<test::ServerProcess>(
        *folders.back(), (folders.back()->path() / "game.rpl").string()));
    config.favourites.push_back(fmt::format("127.0.0.1:{}", servers.back()->port));
  }
  const std::string gulch = config.favourites[1];
  test::TempDirectory directory;
  const std::string file = (directory.path() / "client.toml").string();
  saveClientConfig(config, file);
  // Title: Enter (Play online), the Favourites tab; "gulch" searched, Enter: the connect screen
  // on its password. Escape: the browser. Enter again, a wrong password: refused, offered the
  // password again. Escape: the browser again; Escape (the search), Escape: the title; Down,
  // Enter: the connect screen. Escape; Enter (the browser), "gulch", Enter, the right password.
  const std::string chosen = waitForLog(directory, "chosen: " + gulch + " \"Gulch\"");
  runBrowserClient(
      directory, "--config " + file,
      "sleep 0.5; xdotool key Return; " + waitForLog(directory, "2 servers shown") +
          "; xdotool type gulch; " + chosen + "; xdotool key Return; " +
          waitForLog(directory, "menus: the connect screen") + "; xdotool key Escape; " +
          waitForLog(directory, "back to the server browser") +
          "; xdotool key Return; sleep 0.3; xdotool type guess; xdotool key Return Return; " +
          waitForLog(directory, "offers the password") + "; sleep 0.3; xdotool key Escape; " +
          "sleep 0.3; xdotool key Escape Escape; sleep 0.3; xdotool key Down Return; sleep 0.3; " +
          "xdotool key Escape; sleep 0.3; xdotool key Return; sleep 1; xdotool type gulch; " +
          "sleep 0.5; xdotool key Return; sleep 0.3; xdotool type swordfish; " +
          "xdotool key Return Return; " + waitForLog(directory, "joined as") + "; kill $!");
  const std::string log = clientLog(directory);
  const std::string asItWas = fmt::format(
      "menus: back to the server browser as it was: Favourites tab (Name | Level | Mode | "
      "Players | Ping | Lock), 1 servers shown, search \"gulch\"; chosen: {} \"Gulch\"",
      gulch);
  const std::size_t first = log.find(asItWas);
  EXPECT_NE(first, std::string::npos) << log;
  EXPECT_NE(log.find(asItWas, first + 1), std::string::npos) << "after the refusal too: " << log;
  EXPECT_THAT(log, HasSubstr("menus: the connect screen, saying \"refused: wrong password\""));
  std::size_t said = 0;
  for (std::size_t at = log.find(", saying \"refused"); at != std::string::npos;
       at = log.find(", saying \"refused", at + 1)) {
    said += 1;
  }
  EXPECT_EQ(said, 2u) << "on the title the refusal brought and the connect screen it offered, "
                         "and on no screen after: "
                      << log;
  EXPECT_THAT(log, HasSubstr(fmt::format("menus: the connect screen, saying \"{} asks for a "
                                         "password\"",
                                         gulch)))
      << "the password field is chosen with a word why";
  EXPECT_THAT(log, HasSubstr("menus: the title screen\n"));
  EXPECT_THAT(log, HasSubstr("tester: joined as slot")) << log;
  const ClientConfig saved = loadClientConfig(file);
  EXPECT_EQ(saved.recent, std::vector<std::string>{gulch}) << "joined through the password screen";
}

}  // namespace
}  // namespace coyote
