// Moderation as a host does it (docs/hosting.md#moderation): a real coyote-server, real
// coyote-bot players, and coyote-admin over the HTTP port. A ban outlives a restart; a wrong
// password is refused with its reason.
#include <csignal>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/coyote_processes.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using test::Json;
using ::testing::HasSubstr;

constexpr const char* kToken = "a-token-of-more-than-16-characters";

/// A server with the admin API on a free HTTP port, its files in `directory` but its bans.
struct AdminServer {
  test::ScopedEnvironment environment;
  test::ServerProcess server;
  std::string url;

  AdminServer(test::TempDirectory& directory, const std::string& bansFile)
      : environment({{"COYOTE_ADMIN_TOKEN", kToken}, {"COYOTE_ADMIN_BANS_FILE", bansFile}}),
        server(directory, (directory.path() / "game.rpl").string(),
               {"--metrics-port", "-1", "--metrics-port-file",
                (directory.path() / "http-port").string()}),
        url(fmt::format("http://127.0.0.1:{}",
                        test::waitForPort((directory.path() / "http-port").string()))) {}

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

/// One bot named "wile0" playing `seconds` in the background.
test::ChildProcess startBot(test::TempDirectory& directory, int port, double seconds,
                            const std::string& log) {
  return test::ChildProcess(
      {COYOTE_BOT_BINARY, "--connect", fmt::format("127.0.0.1:{}", port), "--count", "1",
       "--seconds", std::to_string(seconds), "--name", "wile"},
      (directory.path() / log).string());
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
  EXPECT_THAT(ban.output, HasSubstr("address 127.0.0.1 (wile0)"));
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
