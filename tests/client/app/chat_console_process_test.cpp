// The real coyote-client under Xvfb, its keys pressed by xdotool as a player presses them: a line
// typed in the chat and a command in the console reach the server; a refusal brings the title
// back with its reason; Escape stops a connection that nothing answers, and one that nothing
// answers is reported within 5 s.
#include <chrono>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <SFML/Graphics/Image.hpp>

#include "client/app/render/palette.h"
#include "support/coyote_processes.h"
#include "support/pixels.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

using test::pixelsOf;

/// coyote-client against `port` under Xvfb; `keys` (xdotool lines, or none) run 1.5 s after its
/// window shows (it has joined by then).
/// Returns its exit code; the screenshot is `png`.
int runConsoleClient(test::TempDirectory& directory, int port, const std::string& png,
                     const std::string& keys, const std::string& flags = "") {
  const std::string line = fmt::format(
      "{} --connect 127.0.0.1:{} --name tester --key {} {} --screenshot {} --after-ticks 480 & "
      "{}{}; wait $!",
      COYOTE_CLIENT_BINARY, port, (directory.path() / "player.key").string(), flags, png,
      keys.empty() ? ""
                   : "xdotool search --sync --onlyvisible --name Coyote >/dev/null; sleep 1.5; ",
      keys.empty() ? "true" : keys);
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", line},
      (directory.path() / "client.log").string());
  return client.wait(60.0);
}

TEST(ChatConsoleProcess, ALineTypedInTheChatAndOneSaidFromTheConsoleReachTheServer) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  const std::string png = (directory.path() / "chat.png").string();
  const int exit =
      runConsoleClient(directory, server.port, png,
                       "xdotool key Return; xdotool type --delay 30 'hello from xdotool'; "
                       "xdotool key Return; sleep 0.5; xdotool key grave; "
                       "xdotool type --delay 30 'say via the console'; xdotool key Return; "
                       "xdotool key F10");
  EXPECT_EQ(exit, 0);
  const std::string log = server.process.output();
  EXPECT_THAT(log, HasSubstr("chat: \"tester\": \"hello from xdotool\""));
  EXPECT_THAT(log, HasSubstr("chat: \"tester\": \"via the console\""));
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  const unsigned height = image.getSize().y;
  // The chat, bottom left: the two lines in the players' colour, "tester joined" in the
  // server's; nothing of it on the right half.
  EXPECT_GT(pixelsOf(image, palette::kChatPlayer, 0, 640, height - 240, height - 40), 150);
  EXPECT_GT(pixelsOf(image, palette::kChatServer, 0, 640, height - 240, height - 40), 50);
  EXPECT_EQ(pixelsOf(image, palette::kChatServer, 700, 1280, height - 240, height - 40), 0);
}

TEST(ChatConsoleProcess, ARefusedConnectionBringsTheTitleBackWithItsReason) {
  test::TempDirectory directory;
  const test::ScopedEnvironment closed{{"COYOTE_ROOMS_CREATE_UNKNOWN", "false"}};
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  const std::string png = (directory.path() / "refused.png").string();
  EXPECT_EQ(runConsoleClient(directory, server.port, png, "", "--room nowhere"), 1);
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  // Back on the title: "refused: this server has no room named nowhere" in red under the
  // title, the menu below it.
  EXPECT_GT(pixelsOf(image, palette::kMenuWarning, 320, 960, 160, 190), 150);
  EXPECT_EQ(pixelsOf(image, palette::kMenuWarning, 0, 1280, 200, 900), 0);
  EXPECT_GT(pixelsOf(image, sf::Color(52, 26, 40), 320, 960, 20, 150), 300)
      << "COYOTE: the name's outline (docs/art.md#title)";
  EXPECT_GT(pixelsOf(image, palette::kMenuText, 256, 1024, 200, 400), 300) << "the menu";
}

// Connecting to an address where nothing answers: Escape brings the title back at once, saying
// so, before the 5 s after which the client would say "no server answered".
TEST(ChatConsoleProcess, EscapeStopsConnectingAndBringsTheTitleBack) {
  test::TempDirectory directory;
  int port = 0;
  {
    test::ServerProcess gone(directory, (directory.path() / "gone.rpl").string(),
                             {"--run-for", "0.1"});
    port = gone.port;
    ASSERT_EQ(gone.process.wait(10.0), 0);
  }
  const std::string png = (directory.path() / "stopped.png").string();
  EXPECT_EQ(runConsoleClient(directory, port, png, "xdotool key Escape"), 0);
  std::ifstream file(directory.path() / "client.log");
  const std::string log{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  EXPECT_NE(log.find(fmt::format("stopped connecting to 127.0.0.1:{}", port)), std::string::npos)
      << log;
  EXPECT_EQ(log.find("no server answered"), std::string::npos) << "Escape came first";
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  EXPECT_GT(pixelsOf(image, palette::kMenuWarning, 320, 960, 160, 190), 150) << "the reason";
  EXPECT_GT(pixelsOf(image, palette::kMenuText, 256, 1024, 200, 400), 300) << "the menu";
}

// An address where no server runs: the title comes back within 5 s saying so, not "disconnected"
// after the 15 s of a connect timeout.
TEST(ChatConsoleProcess, AnAddressWhereNoServerAnswersIsReportedWithinFiveSeconds) {
  test::TempDirectory directory;
  int port = 0;
  {
    test::ServerProcess gone(directory, (directory.path() / "gone.rpl").string(),
                             {"--run-for", "0.1"});
    port = gone.port;
    ASSERT_EQ(gone.process.wait(10.0), 0);
  }
  const std::string png = (directory.path() / "nobody.png").string();
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(runConsoleClient(directory, port, png, ""), 1);  // the refusal's picture ends the run
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ifstream file(directory.path() / "client.log");
  const std::string log{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  // What the player reads (the window's message, also on stderr), not the session's log line.
  EXPECT_NE(log.find(fmt::format("coyote-client: no server answered at 127.0.0.1:{}", port)),
            std::string::npos)
      << log;
  EXPECT_EQ(log.find("coyote-client: disconnected"), std::string::npos) << log;
  EXPECT_LT(seconds, 5.0 + 5.0) << "5 s, not the connect timeout's 15 (and Xvfb's start)";
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  EXPECT_GT(pixelsOf(image, palette::kMenuWarning, 320, 960, 160, 190), 150) << "the reason";
}

}  // namespace
}  // namespace coyote
