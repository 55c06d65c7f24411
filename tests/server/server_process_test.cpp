// The coyote-server program itself: flags, refusals, signals.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "client/core/server_query.h"
#include "support/child_process.h"
#include "support/metrics_scrape.h"
#include "support/run_command.h"
#include "support/temp_file.h"
#include "util/monotonic_clock.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kServer = COYOTE_SERVER_BINARY;
const std::string kArena = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj";

/// Runs `command` and expects the server to refuse with exit code 2 and `reason` in its output.
void expectRefusal(const std::string& command, const std::string& reason) {
  const auto result = test::runCommand(command);
  EXPECT_EQ(result.exitCode, 2) << command << "\n" << result.output;
  EXPECT_THAT(result.output, HasSubstr(reason)) << command;
}

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
  // The world step's own stages (an empty arena still steps its rules every tick).
  for (const char* stage : {"platforms", "joints", "bodies", "characters", "rules"}) {
    for (const char* percentile : {"p50", "p95"}) {
      const std::string key = std::string("stage_") + stage + "_ms_" + percentile;
      ASSERT_TRUE(summary.contains(key)) << key;
      EXPECT_GE(summary[key].get<double>(), 0.0) << key;
    }
  }
  EXPECT_THAT(server.output(), HasSubstr("step stages platforms p50/p95"));
}

TEST(ServerProcess, BadConfigurationIsRefusedWithTheKeyAndExitCode2) {
  test::TempDirectory directory;
  const std::string config = directory.write("bad.toml", "[net]\nsend_rate = 0\n");
  expectRefusal(kServer + " --config " + config,
                "bad.toml: net.send_rate: must be in [1, 240], got 0");
  expectRefusal("COYOTE_NET_MAX_PLAYERS=0 " + kServer + " --level " + kArena, "net.max_players");
  expectRefusal(kServer + " --level " + kArena + " --peers-per-address 0",
                "--peers-per-address must be in [1, 4095]");
  expectRefusal(kServer + " --level /nonexistent.tmj", "/nonexistent.tmj: cannot open file");
}

TEST(ServerProcess, CheckConfigSaysTheConfigIsGoodOrWhatIsWrongAndNeverListens) {
  const std::string shipped = std::string(COYOTE_SOURCE_DIR) + "/configs/server.toml";
  // Port 1 is below 1024: a server that listened would fail to bind, as non-root.
  const auto good = test::runCommand("cd " COYOTE_SOURCE_DIR " && " + kServer + " --config " +
                                     shipped + " --port 1 --check-config");
  EXPECT_EQ(good.exitCode, 0) << good.output;
  EXPECT_THAT(good.output, HasSubstr("coyote-server: the config is good (level "));
  EXPECT_THAT(good.output, HasSubstr("UDP port 1"));
  EXPECT_THAT(good.output, Not(HasSubstr("listening")));

  test::TempDirectory directory;
  const std::string bad = directory.write("bad.toml", "[net]\nsend_rate = 0\n");
  expectRefusal(kServer + " --config " + bad + " --check-config",
                "bad.toml: net.send_rate: must be in [1, 240], got 0");
  expectRefusal(kServer + " --level /nonexistent.tmj --check-config",
                "/nonexistent.tmj: cannot open file");
}

/// A loadable level with `spawns` spawn points on a `width` × `height` map, floor at the bottom.
std::string levelFile(const test::TempDirectory& directory, int width, int height, int spawns) {
  nlohmann::json objects = nlohmann::json::array();
  for (int i = 0; i < spawns; ++i) {
    objects.push_back({{"type", "spawn"}, {"x", 8}, {"y", 16}});
  }
  nlohmann::json data = nlohmann::json::array();
  for (int i = 0; i < width * height; ++i) {
    data.push_back(i < width * (height - 1) ? 0 : 1);
  }
  const nlohmann::json map{
      {"width", width},
      {"height", height},
      {"tilewidth", 16},
      {"tileheight", 16},
      {"tilesets", {{{"firstgid", 1}, {"tiles", {{{"id", 0}, {"type", "solid"}}}}}}},
      {"layers",
       {{{"name", "collision"},
         {"type", "tilelayer"},
         {"width", width},
         {"height", height},
         {"data", data}},
        {{"name", "entities"}, {"type", "objectgroup"}, {"objects", objects}}}}};
  return directory.write("unservable.tmj", map.dump());
}

TEST(ServerProcess, ALevelItCouldNotSendIsRefusedAtStartWithTheReason) {
  test::TempDirectory directory;
  expectRefusal(kServer + " --port 0 --level " + levelFile(directory, 4, 2, 300),
                "cannot be served to clients: spawn count 300 exceeds 256");
  // 4096 × 257 tiles: within the loader's 4096 per side, beyond the wire's 2^20 tiles.
  expectRefusal(kServer + " --port 0 --level " + levelFile(directory, 4096, 257, 1),
                "cannot be served to clients: level size out of range");
}

TEST(ServerProcess, EnvironmentOverridesTheCommandLine) {
  test::TempDirectory directory;
  test::ChildProcess server({"/usr/bin/env", "COYOTE_NET_MAX_PLAYERS=3", kServer, "--level", kArena,
                             "--port", "0", "--max-players", "9", "--run-for", "0.3"},
                            (directory.path() / "server.log").string());
  ASSERT_EQ(server.wait(10.0), 0) << server.output();
  EXPECT_THAT(server.output(), HasSubstr("up to 3 players"));
}

// The modules are found in lib/coyote beside the program's bin (docs/hosting.md#memory); one a
// config needs and that is not there is said at start, with its path, never at a player's Hello.
TEST(ServerProcess, AModuleTheConfigNeedsThatIsNotInstalledIsSaidAtStart) {
  test::TempDirectory directory;
  std::filesystem::create_directories(directory.path() / "bin");
  std::filesystem::create_directories(directory.path() / "lib" / "coyote");
  const std::filesystem::path program = directory.path() / "bin" / "coyote-server";
  std::filesystem::copy_file(kServer, program);
  const std::string check = program.string() + " --level " + kArena + " --check-config";
  expectRefusal(check, (directory.path() / "lib/coyote/names_icu.so").string() + " is missing");

  const std::filesystem::path built =
      std::filesystem::path(kServer).parent_path() / "../lib/coyote";
  std::filesystem::create_symlink(std::filesystem::canonical(built / "names_icu.so"),
                                  directory.path() / "lib/coyote/names_icu.so");
  EXPECT_EQ(test::runCommand(check).exitCode, 0) << test::runCommand(check).output;
  expectRefusal(check + " --metrics-port 9100", "lib/coyote/http_server.so is missing");
}

/// What the server at `port` answers the browser's info query (an empty info after 3 s).
net::ServerInfo infoOf(int port) {
  ServerQuery query({{"127.0.0.1", static_cast<std::uint16_t>(port)}}, {});
  const double start = monotonicSeconds();
  while (monotonicSeconds() - start < 3.0) {
    query.update(monotonicSeconds());
    if (const auto servers = query.servers(); !servers.empty()) {
      return servers.front().info;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return {};
}

/// Waits up to 5 s for `text` in the server's output.
bool said(const test::ChildProcess& server, const std::string& text) {
  const double start = monotonicSeconds();
  while (server.output().find(text) == std::string::npos) {
    if (monotonicSeconds() - start > 5.0) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// `systemctl reload` (docs/hosting.md#reloading-the-settings): the browser's name and MOTD and the
// password change at once, another setting is said to wait for a restart, and a file that no
// longer reads keeps the running settings.
TEST(ServerProcess, SighupTakesTheNewNameMotdAndPasswordAndKeepsTheRestForARestart) {
  test::TempDirectory directory;
  const std::string config =
      directory.write("server.toml", "[server]\nname = \"Before\"\nmotd = \"old news\"\n");
  test::ChildProcess server({kServer, "--config", config, "--level", kArena, "--port", "0",
                             "--port-file", (directory.path() / "port").string()},
                            (directory.path() / "server.log").string());
  const int port = test::waitForPort((directory.path() / "port").string());
  ASSERT_GT(port, 0) << server.output();
  EXPECT_EQ(infoOf(port).name, "Before");

  directory.write("server.toml",
                  "[server]\nname = \"After\"\nmotd = \"new day\"\npassword = \"hunter22\"\n"
                  "[net]\nsend_rate = 30\n");
  server.signal(SIGHUP);
  ASSERT_TRUE(said(server,
                   "SIGHUP: settings read again; changed server.name, server.motd, "
                   "server.password; the other settings changed take effect at the next restart"))
      << server.output();
  const net::ServerInfo after = infoOf(port);
  EXPECT_EQ(after.name, "After");
  EXPECT_EQ(after.motd, "new day");
  EXPECT_TRUE(after.password);

  directory.write("server.toml", "[server]\nname = \"Broken\"\n[net]\nsend_rate = 0\n");
  server.signal(SIGHUP);
  ASSERT_TRUE(said(server, "SIGHUP: the settings were not reloaded (the running ones stay)"))
      << server.output();
  EXPECT_THAT(server.output(), HasSubstr("send_rate"));
  EXPECT_EQ(infoOf(port).name, "After");

  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(10.0), 0) << server.output();
}

// docs/hosting.md says what --check-config exits with; the program must agree: the row's "(exit
// N)" for a config that is wrong and for one that is good, against the real server.
TEST(ServerProcess, CheckConfigExitsAsHostingSays) {
  std::ifstream page(std::string(COYOTE_SOURCE_DIR) + "/docs/hosting.md");
  std::string row;
  for (std::string line; std::getline(page, line);) {
    row = line.rfind("| `--check-config` |", 0) == 0 ? line : row;
  }
  std::smatch codes;
  ASSERT_TRUE(
      std::regex_search(row, codes, std::regex(R"(wrong \(exit (\d+)\).*good \(exit (\d+)\))")))
      << "hosting.md's --check-config row says no exit codes: " << row;
  const std::string check = kServer + " --level " + kArena + " --check-config";
  EXPECT_EQ(test::runCommand(check + " --port 99999").exitCode, std::stoi(codes[1].str()));
  EXPECT_EQ(test::runCommand(check).exitCode, std::stoi(codes[2].str()));
}

// A storm of SIGHUPs with a settings file of 1 MiB (docs/hosting.md#reloading-the-settings): the
// file is read off the loop, so the ticks keep real time (on the loop, each read cost a tick
// 18 ms), and every read that ends is applied.
TEST(ServerProcess, ASighupStormWithALargeFileLeavesTheTicksAlone) {
  test::TempDirectory directory;
  std::string text = "[server]\nname = \"Stormy\"\n";
  const std::string note =
      "# a line of the host's own notes, kept in the file as hosts do, many times over\n";
  while (text.size() + note.size() <= (1u << 20)) {  // as large as a settings file may be
    text += note;
  }
  const std::string config = directory.write("server.toml", text);
  const std::string metricsFile = (directory.path() / "metrics-port").string();
  test::ChildProcess server({kServer, "--config", config, "--level", kArena, "--port", "0",
                             "--port-file", (directory.path() / "port").string(), "--metrics-port",
                             "-1", "--metrics-port-file", metricsFile},
                            (directory.path() / "server.log").string());
  ASSERT_GT(test::waitForPort((directory.path() / "port").string()), 0) << server.output();
  const int metrics = test::waitForPort(metricsFile);
  ASSERT_GT(metrics, 0) << server.output();
  for (int signal = 0; signal < 200; ++signal) {  // 50 a second for 4 s
    server.signal(SIGHUP);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(said(server, "SIGHUP: settings read again")) << server.output();
  std::this_thread::sleep_for(std::chrono::seconds(1));  // the page is renewed twice a second
  const nlohmann::json page = test::scrape(metrics);
  const auto p99 = test::samplesOf(page, "coyote_tick_duration_seconds", {{"quantile", "0.99"}});
  ASSERT_EQ(p99.size(), 1u);
  const double p99Ms = 1000.0 * p99[0]["value"].get<double>();
  std::size_t reads = 0;
  for (std::size_t at = server.output().find("SIGHUP: settings read again");
       at != std::string::npos; at = server.output().find("SIGHUP: settings read again", at + 1)) {
    ++reads;
  }
  std::printf("SIGHUP storm: 200 signals, %zu reads of %zu KiB applied; tick p99 %.3f ms\n", reads,
              text.size() / 1024, p99Ms);
  EXPECT_LT(p99Ms, 1000.0 / 60.0) << "the tick keeps real time";
  EXPECT_GE(reads, 1u);
  EXPECT_LE(reads, 200u);
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(10.0), 0) << server.output();
}

}  // namespace
}  // namespace coyote
