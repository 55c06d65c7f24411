// One real coyote-server hosting three rooms of real coyote-bot processes at once: each room
// converges on its own hashes, is scraped with its own labels and writes its own replay.
#include <chrono>
#include <csignal>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "replay/replay_file.h"
#include "support/coyote_processes.h"
#include "support/metrics_scrape.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

constexpr int kBotsPerRoom = 8;
constexpr double kBotSeconds = 8.0;

std::unique_ptr<test::ChildProcess> startBots(test::TempDirectory& directory, int port,
                                              const std::string& room, int seed) {
  return std::make_unique<test::ChildProcess>(
      std::vector<std::string>{COYOTE_BOT_BINARY, "--connect", fmt::format("127.0.0.1:{}", port),
                               "--room", room, "--count", std::to_string(kBotsPerRoom), "--seconds",
                               std::to_string(kBotSeconds), "--seed", std::to_string(seed),
                               "--brain", "walker", "--name", room + "-bot"},  // one name each
      (directory.path() / (room + "-bots.log")).string());
}

/// Every bot of `summary` ended on the hash the room's replay holds for its last confirmed tick.
void expectHashesFromReplay(const Json& summary, const Replay& replay, const std::string& room) {
  for (const Json& client : summary["clients"]) {
    const auto tick = client["confirmed_tick"].get<std::uint32_t>();
    const auto found = std::find_if(replay.ticks.begin(), replay.ticks.end(),
                                    [tick](const ReplayTick& t) { return t.tick == tick; });
    ASSERT_NE(found, replay.ticks.end()) << room << " tick " << tick;
    EXPECT_EQ(fmt::format("{:016x}", found->hash), client["confirmed_hash"].get<std::string>())
        << room;
  }
}

TEST(RoomsProcess, ThreeRoomsOfEightBotsPlayAtOnceEachOnItsOwnHashesAndReplay) {
  test::TempDirectory directory;
  const std::string source = COYOTE_SOURCE_DIR;
  const std::string config =
      directory.write("rooms.toml",
                      "[net]\nmax_players = 8\npeers_per_address = 64\n[rooms]\nmax_rooms = 3\n"
                      "[rooms.levels]\nplayground = \"" +
                          source + "/configs/levels/playground.tmj\"\n");
  const std::string metricsPortFile = (directory.path() / "metrics_port").string();
  test::ChildProcess server(
      {COYOTE_SERVER_BINARY, "--config", config, "--level", source + "/configs/levels/arena.tmj",
       "--port", "0", "--port-file", (directory.path() / "port").string(), "--record",
       (directory.path() / "{room}.rpl").string(), "--metrics-port", "-1", "--metrics-port-file",
       metricsPortFile},
      (directory.path() / "server.log").string());
  const int port = test::waitForPort((directory.path() / "port").string());
  const int metricsPort = test::waitForPort(metricsPortFile);
  ASSERT_GT(port, 0) << server.output();
  ASSERT_GT(metricsPort, 0) << server.output();

  const std::vector<std::string> rooms = {"main", "playground", "open"};
  std::vector<std::unique_ptr<test::ChildProcess>> bots;
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    bots.push_back(startBots(directory, port, rooms[i], 10 + static_cast<int>(i) * 100));
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(kBotSeconds / 2));
  const Json page = test::scrape(metricsPort);
  EXPECT_EQ(test::valueOf(page, "coyote_rooms", "coyote_rooms"), 3.0);
  for (const std::string& room : rooms) {
    const auto players = test::samplesOf(page, "coyote_players", {{"room", room}});
    ASSERT_EQ(players.size(), 1u) << room;
    EXPECT_EQ(players[0]["value"].get<double>(), kBotsPerRoom) << room;
  }
  const double resident =
      test::valueOf(page, "coyote_resident_memory_bytes", "coyote_resident_memory_bytes");
  std::cout << "resident set with 3 rooms of 8 bots: " << resident / 1e6 << " MB\n";
  EXPECT_LT(resident, 256e6);

  std::vector<Json> summaries;
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    EXPECT_EQ(bots[i]->wait(kBotSeconds + 30.0), 0) << bots[i]->output();
    const std::string line = bots[i]->lastJsonLine();
    summaries.push_back(line.empty() ? Json::object() : Json::parse(line));
    EXPECT_TRUE(summaries[i].value("converged", false)) << rooms[i] << ": " << summaries[i].dump();
    EXPECT_EQ(summaries[i].value("room", ""), rooms[i]);
  }
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(10.0), 0) << server.output();

  for (std::size_t i = 0; i < rooms.size(); ++i) {
    const std::string file = (directory.path() / (rooms[i] + ".rpl")).string();
    const Replay replay = readReplay(file);
    expectHashesFromReplay(summaries[i], replay, rooms[i]);
    EXPECT_EQ(replay.header.level.joints.empty(), rooms[i] != "playground")
        << rooms[i] << ": the playground's joints in its replay, none in the arena's";
    test::ChildProcess verify({COYOTE_SIM_BINARY, "verify", file},
                              (directory.path() / (rooms[i] + "-verify.log")).string());
    EXPECT_EQ(verify.wait(60.0), 0) << verify.output();
    EXPECT_THAT(verify.output(), HasSubstr("OK: "));
  }
}

}  // namespace
}  // namespace coyote
