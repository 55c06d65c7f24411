// The coyote-server program itself: flags, refusals, signals.
#include <csignal>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/child_process.h"
#include "support/run_command.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

const std::string kServer = COYOTE_SERVER_BINARY;
const std::string kArena = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj";

TEST(ServerProcess, SigtermSaysGoodbyeWritesTheReplayAndExitsZero) {
  test::TempDirectory directory;
  const std::string replay = (directory.path() / "r.rpl").string();
  test::ChildProcess server({kServer, "--level", kArena, "--port", "0", "--port-file",
                             (directory.path() / "port").string(), "--record", replay},
                            (directory.path() / "server.log").string());
  ASSERT_GT(test::waitForPort((directory.path() / "port").string()), 0) << server.output();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  server.signal(SIGTERM);
  ASSERT_EQ(server.wait(10.0), 0) << server.output();
  EXPECT_THAT(server.output(), HasSubstr("server shutting down: saying goodbye"));
  EXPECT_THAT(server.output(), HasSubstr("replay written to " + replay));
  const auto summary = nlohmann::json::parse(server.lastJsonLine());
  EXPECT_GT(summary["ticks"].get<int>(), 10);
  EXPECT_TRUE(summary.contains("tick_ms_p95"));
}

TEST(ServerProcess, BadConfigurationIsRefusedWithTheKeyAndExitCode2) {
  test::TempDirectory directory;
  const std::string config = directory.write("bad.toml", "[net]\nsend_rate = 0\n");
  const auto result = test::runCommand(kServer + " --config " + config);
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_THAT(result.output, HasSubstr("bad.toml: net.send_rate: must be in [1, 240], got 0"));

  const auto environment =
      test::runCommand("COYOTE_NET_MAX_PLAYERS=0 " + kServer + " --level " + kArena);
  EXPECT_EQ(environment.exitCode, 2);
  EXPECT_THAT(environment.output, HasSubstr("net.max_players"));

  const auto level = test::runCommand(kServer + " --level /nonexistent.tmj");
  EXPECT_EQ(level.exitCode, 2);
  EXPECT_THAT(level.output, HasSubstr("/nonexistent.tmj: cannot open file"));
}

TEST(ServerProcess, EnvironmentOverridesTheCommandLine) {
  test::TempDirectory directory;
  test::ChildProcess server({"/usr/bin/env", "COYOTE_NET_MAX_PLAYERS=3", kServer, "--level", kArena,
                             "--port", "0", "--max-players", "9", "--run-for", "0.3"},
                            (directory.path() / "server.log").string());
  ASSERT_EQ(server.wait(10.0), 0) << server.output();
  EXPECT_THAT(server.output(), HasSubstr("up to 3 players"));
}

}  // namespace
}  // namespace coyote
