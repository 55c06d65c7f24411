// Moderation as a host does it (docs/hosting.md#moderation): a real coyote-server, real
// coyote-bot players, and coyote-admin over the HTTP port. A ban outlives a restart; a wrong
// password is refused with its reason; a room's level changes under a playing bot.
#include <csignal>
#include <fstream>
#include <iterator>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/coyote_processes.h"
#include "support/free_port.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

constexpr const char* kToken = "a-token-of-more-than-16-characters";

/// A server with the admin API on a free HTTP port, its files in `directory` but its bans.
struct AdminServer {
  test::ScopedEnvironment environment;
  test::ServerProcess server;
  std::string url;

  /// `extra`: more of coyote-server's flags.
  AdminServer(test::TempDirectory& directory, const std::string& bansFile,
              std::vector<std::string> extra = {})
      : environment({{"COYOTE_ADMIN_TOKEN", kToken}, {"COYOTE_ADMIN_BANS_FILE", bansFile}}),
        server(directory, (directory.path() / "game.rpl").string(),
               withHttpPort(directory, std::move(extra))),
        url(fmt::format("http://127.0.0.1:{}",
                        test::waitForPort((directory.path() / "http-port").string()))) {}

  static std::vector<std::string> withHttpPort(test::TempDirectory& directory,
                                               std::vector<std::string> extra) {
    extra.insert(extra.end(), {"--metrics-port", "-1", "--metrics-port-file",
                               (directory.path() / "http-port").string()});
    return extra;
  }

  /// coyote-admin with `arguments` and the right token (or `token`).
  test::CommandResult admin(const std::string& arguments, const std::string& token = kToken) const {
    return test::runCommand(fmt::format("COYOTE_ADMIN_TOKEN='{}' {} --url {} {}", token,
                                        COYOTE_ADMIN_BINARY, url, arguments));
  }
  void stop() {
    server.process.signal(SIGTERM);
    EXPECT_EQ(server.process.wait(10.0), 0);
  }
};

/// One bot named "wile0" (or `count` of them) playing `seconds` in the background.
test::ChildProcess startBot(test::TempDirectory& directory, int port, double seconds,
                            const std::string& log, int count = 1) {
  return test::ChildProcess(
      {COYOTE_BOT_BINARY, "--connect", fmt::format("127.0.0.1:{}", port), "--count",
       std::to_string(count), "--seconds", std::to_string(seconds), "--name", "wile"},
      (directory.path() / log).string());
}

/// configs/server.toml with race.tmj listed for room `cup`, written into `directory`.
std::string configWithTheRace(test::TempDirectory& directory) {
  const std::string source = std::string(COYOTE_SOURCE_DIR);
  std::ifstream in(source + "/configs/server.toml");
  std::string config((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string section = "[rooms.levels]\n";
  config.replace(config.find(section), section.size(),
                 fmt::format("{}cup = \"{}/configs/levels/race.tmj\"\n", section, source));
  const std::string path = (directory.path() / "server.toml").string();
  std::ofstream(path) << config;
  return path;
}

Json botSummary(test::ChildProcess& bot) {
  const std::string line = bot.lastJsonLine();
  return line.empty() ? Json::object() : Json::parse(line)["clients"][0];
}

TEST(ModerationProcess, CoyoteAdminBansARealBotWhoStaysBannedAfterARestart) {
  test::TempDirectory directory;
  const std::string bansFile = (directory.path() / "bans.json").string();
  AdminServer first(directory, bansFile);
  test::ChildProcess bot = startBot(directory, first.server.port, 8.0, "bot.log");
  bool listed = false;
  for (int i = 0; i < 100 && !listed; ++i) {
    listed = first.admin("players").output.find("wile0") != std::string::npos;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(listed) << first.admin("players").output;

  const test::CommandResult wrong = first.admin("players", "not-the-token-at-all");
  EXPECT_EQ(wrong.exitCode, 1);
  EXPECT_THAT(wrong.output, HasSubstr("error 403: wrong token"));

  const test::CommandResult ban = first.admin("ban wile0 --minutes 60 --reason cheating");
  EXPECT_EQ(ban.exitCode, 0) << ban.output;
  EXPECT_THAT(ban.output, ::testing::ContainsRegex("key [0-9a-f]{32} \\(wile0\\) from 127.0.0.1"));
  EXPECT_EQ(bot.wait(20.0), 1) << "a bot that lost its connection fails";
  EXPECT_THAT(botSummary(bot).value("reason", ""), HasSubstr("kicked: banned until"))
      << bot.output();
  first.stop();

  test::TempDirectory restarted("restarted");
  AdminServer second(restarted, bansFile);
  test::ChildProcess refused = startBot(directory, second.server.port, 3.0, "refused.log");
  EXPECT_NE(refused.wait(20.0), 0);
  const Json summary = botSummary(refused);
  EXPECT_EQ(summary.value("state", ""), "refused") << refused.output();
  EXPECT_THAT(summary.value("reason", ""), HasSubstr("cheating"));
  const test::CommandResult bans = second.admin("--json bans");
  ASSERT_EQ(bans.exitCode, 0) << bans.output;
  const Json listedBans = Json::parse(bans.output)["bans"];
  ASSERT_EQ(listedBans.size(), 1u);
  EXPECT_EQ(second.admin(fmt::format("unban {}", listedBans[0]["id"].get<int>())).exitCode, 0);
  const Json back = test::runBots(directory, second.server.port, 1, 2.0, {"--name", "wile"});
  EXPECT_EQ(back["exit_code"], 0) << back.dump();
  second.stop();
}

TEST(ModerationProcess, CoyoteAdminMovesTwoPlayingBotsToAnotherLevel) {
  test::TempDirectory directory;
  AdminServer host(directory, (directory.path() / "bans.json").string(),
                   {"--config", configWithTheRace(directory)});
  test::ChildProcess bots = startBot(directory, host.server.port, 6.0, "bots.log", 2);
  const test::CommandResult levels = host.admin("levels");
  EXPECT_EQ(levels.exitCode, 0) << levels.output;
  EXPECT_THAT(levels.output, HasSubstr("race.tmj"));
  EXPECT_THAT(levels.output, HasSubstr("room main plays arena.tmj"));
  bool bothPlaying = false;
  for (int i = 0; i < 100 && !bothPlaying; ++i) {
    const std::string players = host.admin("players").output;
    bothPlaying =
        players.find("wile0") != std::string::npos && players.find("wile1") != std::string::npos;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(bothPlaying) << host.admin("players").output;

  const test::CommandResult changed = host.admin("level race");
  EXPECT_EQ(changed.exitCode, 0) << changed.output;
  EXPECT_EQ(changed.output, "ok: now\n");
  EXPECT_THAT(host.admin("players").output, HasSubstr("(race.tmj, race"));
  EXPECT_EQ(host.admin("level nowhere").exitCode, 1);

  EXPECT_EQ(bots.wait(20.0), 0) << "both bots converged on the new level\n" << bots.output();
  const Json summary = Json::parse(bots.lastJsonLine());
  for (const Json& bot : summary["clients"]) {
    EXPECT_EQ(bot["level"], "race.tmj") << bot.dump();
    EXPECT_EQ(bot["level_changes"], 1) << bot.dump();
    EXPECT_EQ(bot["reconnects"], 0) << bot.dump();
    EXPECT_EQ(bot["converged"], true) << bot.dump();
  }
  host.stop();
}

// The shipped server.toml serves no HTTP: coyote-admin says what to set, not "Connection".
TEST(ModerationProcess, CoyoteAdminSaysWhatToSetWhenNothingAnswers) {
  const test::CommandResult said =
      test::runCommand(fmt::format("COYOTE_ADMIN_TOKEN=a-token-of-more-than-16-characters {} --url "
                                   "http://127.0.0.1:{} players",
                                   COYOTE_ADMIN_BINARY, test::freeTcpPort()));
  EXPECT_NE(said.exitCode, 0);
  EXPECT_THAT(said.output, ::testing::HasSubstr("the admin API is served on the server's "
                                                "net.metrics_port"));
}

TEST(ModerationProcess, AWrongPasswordIsRefusedWithItsReason) {
  test::TempDirectory directory;
  const test::ScopedEnvironment environment{{"COYOTE_SERVER_PASSWORD", "12345678"}};
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  const Json wrong = test::runBots(directory, server.port, 1, 2.0, {"--password", "1234"});
  EXPECT_NE(wrong["exit_code"], 0);
  EXPECT_EQ(wrong["clients"][0]["state"], "refused") << wrong.dump();
  EXPECT_EQ(wrong["clients"][0]["reason"], "wrong password");
  const Json right = test::runBots(directory, server.port, 1, 2.0, {"--password", "12345678"});
  EXPECT_EQ(right["exit_code"], 0) << right.dump();
}

}  // namespace
}  // namespace coyote
