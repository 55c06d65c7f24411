// The cost per player, with real processes: coyote-bot --lite loading a real coyote-server with
// 64 rooms of 8 players, the load generator's honesty, refusals that explain themselves, rooms
// stepped on two threads, and the Grafana dashboard against a real /metrics page.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>

#include "support/coyote_processes.h"
#include "support/metrics_scrape.h"
#include "support/run_command.h"
#include "support/sanitizers.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

const std::string kPlayground = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj";

/// A server that takes 64 rooms from one address, as a load test needs (docs/performance.md).
/// Under the sanitizers a tick costs several times more and the overload governor would refuse
/// joins: there it is off, and the test checks that everyone plays, not how fast.
test::ScopedEnvironment loadTestRooms(const std::string& threads = "1") {
  return {{"COYOTE_ROOMS_MAX_ROOMS", "64"},
          {"COYOTE_ROOMS_OPENS_PER_ADDRESS", "64"},
          {"COYOTE_ROOMS_THREADS", threads},
          {"COYOTE_BUDGETS_TICK_BUDGET_MS", test::kAddressSanitizer ? "0" : "8"}};
}

TEST(LoadProcess, SixtyFourRoomsOfEightLiteClientsJoinAndPlay) {
  test::TempDirectory directory;
  const auto rooms = loadTestRooms();
  const std::string portFile = (directory.path() / "metrics_port").string();
  test::ServerProcess server(directory, "",
                             {"--level", kPlayground, "--peers-per-address", "600",
                              "--metrics-port", "-1", "--metrics-port-file", portFile});
  const int metricsPort = test::waitForPort(portFile);
  ASSERT_GT(metricsPort, 0) << server.process.output();
  // Fewer seconds under the sanitizers: the same joins, a shorter play.
  const double seconds = test::kAddressSanitizer ? 5.0 : 10.0;
  test::ChildProcess bots(
      {COYOTE_BOT_BINARY, "--connect", "127.0.0.1:" + std::to_string(server.port), "--lite",
       "--count", "512", "--rooms", "64", "--seconds", std::to_string(seconds)},
      (directory.path() / "bots.log").string());
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds - 2.0));
  const Json page = test::scrape(metricsPort);  // while they play
  ASSERT_EQ(bots.wait(seconds + 60.0), 0) << bots.output().substr(0, 4000);
  const Json summary = Json::parse(bots.lastJsonLine());

  EXPECT_TRUE(summary["converged"].get<bool>());
  EXPECT_FALSE(summary["simulated"].get<bool>());  // it never claims to have checked the world
  EXPECT_EQ(summary["total"]["playing"], 512);
  EXPECT_EQ(summary["total"]["gaps"].get<double>(), 0.0);
  ASSERT_EQ(summary["rooms"].size(), 64u);
  for (const auto& [name, room] : summary["rooms"].items()) {
    EXPECT_EQ(room["playing"], 8) << name;
    // About 60 ticks a second since it opened: every room kept stepping.
    EXPECT_GT(room["newest_tick"].get<double>(), 30.0 * (seconds - 3.0)) << name;
  }
  for (const Json& client : summary["clients"]) {
    EXPECT_GT(client["frames"].get<double>(), 20.0 * (seconds - 3.0)) << client.dump();
    EXPECT_GT(client["inputs_sent"].get<double>(), 30.0 * (seconds - 3.0)) << client.dump();
  }
  EXPECT_EQ(test::valueOf(page, "coyote_rooms", "coyote_rooms"), 64.0);
  double players = 0.0;
  for (const Json& sample : test::samplesOf(page, "coyote_players")) {
    players += sample["value"].get<double>();
  }
  EXPECT_EQ(players, 512.0);
}

// A load generator that lost its server must not look like a success: non-zero, every client
// disconnected, each with the tick it last had.
TEST(LoadProcess, AStoppedServerMakesTheLoadGeneratorFailWithTheTick) {
  test::TempDirectory directory;
  test::ServerProcess server(
      directory, "", {"--level", kPlayground, "--peers-per-address", "16", "--run-for", "3"});
  const Json summary = test::runBots(directory, server.port, 16, 6.0, {"--lite"});
  EXPECT_EQ(summary["exit_code"], 1);
  EXPECT_FALSE(summary["converged"].get<bool>());
  EXPECT_EQ(summary["total"]["playing"], 0);
  for (const Json& client : summary["clients"]) {
    EXPECT_EQ(client["state"], "disconnected") << client.dump();
    EXPECT_THAT(client["reason"].get<std::string>(), HasSubstr("run time elapsed"));
    // The server ran 3 s at 60 Hz: the last tick the client had is near 180, never 0.
    EXPECT_GT(client["ended_at_tick"].get<double>(), 100.0) << client.dump();
    EXPECT_LE(client["ended_at_tick"].get<double>(), 200.0) << client.dump();
  }
}

TEST(LoadProcess, AClientOverThePerAddressLimitLearnsWhyInUnderASecond) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, "", {"--level", kPlayground, "--peers-per-address", "2"});
  const Json summary = test::runBots(directory, server.port, 3, 3.0, {"--lite"});
  EXPECT_EQ(summary["exit_code"], 1);
  EXPECT_EQ(summary["total"]["playing"], 2);
  ASSERT_EQ(summary["total"]["refused"], 1) << summary.dump();
  for (const Json& client : summary["clients"]) {
    if (client["state"] == "refused") {
      EXPECT_THAT(client["reason"].get<std::string>(), HasSubstr("net.peers_per_address"));
      EXPECT_LT(client["ended_after_seconds"].get<double>(), 1.0) << client.dump();
      EXPECT_GE(client["ended_after_seconds"].get<double>(), 0.0) << client.dump();
    }
  }
}

// Every room stepped on two threads records the hashes coyote-sim re-simulates on one.
TEST(LoadProcess, RoomsSteppedOnTwoThreadsReplayOnOne) {
  test::TempDirectory directory;
  const auto rooms = loadTestRooms("2");
  const std::string replays = (directory.path() / "{room}.rpl").string();
  test::ServerProcess server(directory, replays,
                             {"--level", kPlayground, "--peers-per-address", "64", "--run-for",
                              test::kAddressSanitizer ? "6" : "5"});
  const Json summary = test::runBots(directory, server.port, 24, 3.0, {"--lite", "--rooms", "6"});
  EXPECT_EQ(summary["total"]["playing"], 24) << summary.dump().substr(0, 2000);
  EXPECT_EQ(server.process.wait(30.0), 0) << server.process.output();
  int verified = 0;
  for (const std::string room : {"main", "main-1", "main-2", "main-3", "main-4", "main-5"}) {
    const std::string file = (directory.path() / (room + ".rpl")).string();
    test::ChildProcess verify({COYOTE_SIM_BINARY, "verify", file},
                              (directory.path() / (room + ".verify.log")).string());
    EXPECT_EQ(verify.wait(60.0), 0) << room << ": " << verify.output();
    verified += verify.output().find("OK: ") != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(verified, 6);
  EXPECT_THAT(server.process.output(), HasSubstr("rooms stepped on 2 threads"));
}

/// The metric names a PromQL expression reads: every `coyote_…` identifier in it.
std::set<std::string> metricsIn(const std::string& expression) {
  std::set<std::string> names;
  const std::regex name("coyote_[a-z_]+");
  for (auto it = std::sregex_iterator(expression.begin(), expression.end(), name);
       it != std::sregex_iterator(); ++it) {
    names.insert(it->str());
  }
  return names;
}

// The dashboard a host imports (docker/grafana) queries only metrics a real server exposes.
TEST(LoadProcess, TheGrafanaDashboardQueriesOnlyMetricsTheServerExposes) {
  std::ifstream file(std::string(COYOTE_SOURCE_DIR) + "/docker/grafana/coyote-dashboard.json");
  ASSERT_TRUE(file.good());
  const Json dashboard = Json::parse(file);
  std::set<std::string> queried;
  for (const Json& panel : dashboard["panels"]) {
    ASSERT_TRUE(panel.contains("gridPos") && panel.contains("datasource")) << panel.dump();
    ASSERT_FALSE(panel["targets"].empty()) << panel["title"];
    for (const Json& target : panel["targets"]) {
      const auto names = metricsIn(target["expr"].get<std::string>());
      EXPECT_FALSE(names.empty()) << target.dump();
      queried.insert(names.begin(), names.end());
    }
  }
  EXPECT_GE(queried.size(), 15u);

  test::TempDirectory directory;
  const std::string portFile = (directory.path() / "metrics_port").string();
  test::ServerProcess server(
      directory, "",
      {"--level", kPlayground, "--metrics-port", "-1", "--metrics-port-file", portFile});
  const int metricsPort = test::waitForPort(portFile);
  ASSERT_GT(metricsPort, 0) << server.process.output();
  const Json bots = test::runBots(directory, server.port, 2, 2.0, {"--lite"});
  EXPECT_TRUE(bots["converged"].get<bool>());
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // the page after they played
  const Json page = test::scrape(metricsPort);
  std::set<std::string> exposed;
  for (const auto& [family, content] : page["families"].items()) {
    for (const Json& sample : content["samples"]) {
      exposed.insert(sample["name"].get<std::string>());
    }
  }
  for (const std::string& name : queried) {
    EXPECT_TRUE(exposed.count(name) == 1) << name << " is queried but not on /metrics";
  }
  EXPECT_GT(test::valueOf(page, "coyote_tick_cpu_histogram_seconds",
                          "coyote_tick_cpu_histogram_seconds_count"),
            60.0);
}

}  // namespace
}  // namespace coyote
