#pragma once

// A real coyote-server and real coyote-bot runs, as a host would start them (process tests).

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "level/json_node.h"  // Json, the one alias of nlohmann::json
#include "support/child_process.h"
#include "support/temp_file.h"

namespace coyote::test {

/// coyote-server with the bundled config and arena (or the `--level` in `extra`), on a free port,
/// recording a replay.
struct ServerProcess {
  TempDirectory& directory;
  ChildProcess process;
  int port;

  ServerProcess(TempDirectory& dir, const std::string& replay,
                const std::vector<std::string>& extra = {})
      : directory(dir),
        process(arguments(dir, replay, extra), (dir.path() / "server.log").string()),
        port(waitForPort((dir.path() / "port").string())) {}

  static std::vector<std::string> arguments(TempDirectory& dir, const std::string& replay,
                                            const std::vector<std::string>& extra) {
    std::vector<std::string> all{COYOTE_SERVER_BINARY};
    if (std::find(extra.begin(), extra.end(), "--config") == extra.end()) {
      all.insert(all.end(), {"--config", std::string(COYOTE_SOURCE_DIR) + "/configs/server.toml"});
    }
    if (std::find(extra.begin(), extra.end(), "--level") == extra.end()) {
      all.insert(all.end(),
                 {"--level", std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj"});
    }
    all.insert(all.end(),
               {"--port", "0", "--port-file", (dir.path() / "port").string(), "--record", replay});
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
  }
};

#ifdef COYOTE_NETSIM_BINARY
/// coyote-netsim in front of a server, seeded: 50 ms each way ± 20 ms and 5 % loss (a 100 ms
/// round trip), then `extra` flags. `port` is where clients connect (0 if it did not start).
struct LinkConditioner {
  ChildProcess process;
  int port;

  LinkConditioner(TempDirectory& dir, int serverPort, int seed,
                  const std::vector<std::string>& extra = {})
      : process(arguments(dir, serverPort, seed, extra), (dir.path() / "netsim.log").string()),
        port(waitForPort((dir.path() / "netsim-port").string())) {}

  static std::vector<std::string> arguments(TempDirectory& dir, int serverPort, int seed,
                                            const std::vector<std::string>& extra) {
    std::vector<std::string> all{COYOTE_NETSIM_BINARY,
                                 "--listen",
                                 "0",
                                 "--forward",
                                 "127.0.0.1:" + std::to_string(serverPort),
                                 "--latency",
                                 "50",
                                 "--jitter",
                                 "20",
                                 "--loss",
                                 "0.05",
                                 "--seed",
                                 std::to_string(seed),
                                 "--port-file",
                                 (dir.path() / "netsim-port").string()};
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
  }
};
#endif

/// Runs coyote-bot against `port` and returns its JSON summary, with its exit code added.
inline Json runBots(TempDirectory& directory, int port, int count, double seconds,
                    const std::vector<std::string>& extra = {}) {
  std::vector<std::string> arguments{COYOTE_BOT_BINARY,
                                     "--connect",
                                     "127.0.0.1:" + std::to_string(port),
                                     "--count",
                                     std::to_string(count),
                                     "--seconds",
                                     std::to_string(seconds),
                                     "--seed",
                                     "5"};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  ChildProcess bots(arguments, (directory.path() / "bots.log").string());
  const int exitCode = bots.wait(seconds + 30.0);
  const std::string line = bots.lastJsonLine();
  EXPECT_FALSE(line.empty()) << bots.output();
  Json summary = line.empty() ? Json::object() : Json::parse(line);
  summary["exit_code"] = exitCode;
  summary["bots_log"] = bots.output();  // what each bot tried, for a test that fails to say
  return summary;
}

}  // namespace coyote::test
