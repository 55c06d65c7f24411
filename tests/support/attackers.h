#pragma once

// What the attack tests share: attackers on their own thread, crowds of raw ENet peers from other
// loopback addresses, the big level, and the check that a real bot still joins.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "net/new_reconnect_token.h"
#include "support/coyote_processes.h"
#include "support/raw_peer.h"
#include "support/sanitizers.h"
#include "util/monotonic_clock.h"

namespace coyote::test {

using Crowd = std::vector<std::unique_ptr<RawPeer>>;

/// Runs `step(now)` about every millisecond on its own thread until stopped: the attack goes on
/// while a bot joins. The attacker's ENet hosts are used by this thread only.
class AttackThread {
 public:
  explicit AttackThread(std::function<void(double)> step)
      : thread_([this, step = std::move(step)] {
          while (!stop_) {
            step(monotonicSeconds());
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          }
        }) {}
  ~AttackThread() { stop(); }
  void stop() {
    stop_ = true;
    if (thread_.joinable()) {
      thread_.join();
    }
  }

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

inline Crowd crowd(int count, int port, const std::string& from,
                   std::optional<std::uint32_t> forcedCookie = std::nullopt) {
  Crowd peers;
  for (int i = 0; i < count; ++i) {
    peers.push_back(
        std::make_unique<RawPeer>(static_cast<std::uint16_t>(port), forcedCookie, from));
  }
  return peers;
}

inline void pollAll(Crowd& peers, double now) {
  for (const auto& peer : peers) {
    peer->poll(now);
  }
}

// Under AddressSanitizer the server's resident size also holds ASan's quarantine, which a burst
// of connections fills (support/sanitizers.h).
inline constexpr long kSanitizerResidentSlackKb = test::kAddressSanitizer ? 16 * 1024 : 0;

/// A coyote-server (ServerProcess, with `extra`) that also serves HTTP on a free port, `http`.
struct ServerWithHttp {
  std::string portFile;
  ServerProcess server;
  int http;

  explicit ServerWithHttp(TempDirectory& directory, std::vector<std::string> extra = {})
      : portFile((directory.path() / "metrics_port").string()),
        server(directory, (directory.path() / "r.rpl").string(),
               withHttp(std::move(extra), portFile)),
        http(waitForPort(portFile)) {}

  /// `coyote-server --check-health` against this server: the container's HEALTHCHECK.
  std::string healthCheck() const {
    return std::string(COYOTE_SERVER_BINARY) +
           " --check-health http://127.0.0.1:" + std::to_string(http) + "/healthz";
  }

 private:
  static std::vector<std::string> withHttp(std::vector<std::string> extra,
                                           const std::string& portFile) {
    extra.insert(extra.end(), {"--metrics-port", "-1", "--metrics-port-file", portFile});
    return extra;
  }
};

/// One bot joins within 2 s and plays 3 s to the end, converged (in `room`, or `main`).
inline void expectABotJoinsWithinTwoSeconds(test::TempDirectory& directory, int port,
                                            const char* when, const std::string& room = "") {
  const Json summary = test::runBots(
      directory, port, 1, 3.0,
      room.empty() ? std::vector<std::string>{} : std::vector<std::string>{"--room", room});
  ASSERT_EQ(summary["clients"].size(), 1u) << when << ": " << summary.dump(1);
  const Json& bot = summary["clients"][0];
  EXPECT_EQ(summary["exit_code"], 0) << when << ": " << summary.dump(1);
  EXPECT_EQ(bot["state"], "playing") << when << ": " << bot.dump(1);
  EXPECT_GE(bot["joined_after_seconds"].get<double>(), 0.0) << when;
  EXPECT_LE(bot["joined_after_seconds"].get<double>(), 2.0) << when;
}

/// The same, except that a server whose tick cannot keep real time may instead refuse the bot
/// as overloaded (its governor's designed answer), and only then: never a full room or silence.
/// For the load that AddressSanitizer makes several times slower (support/sanitizers.h): there
/// each turn of the server's loop under the flood takes several times as long (tick p95 46 ms
/// against 6), so the bot has 5 s to join, not 2.
inline void expectABotJoinsOrTheServerSaysItIsOverloaded(test::TempDirectory& directory, int port,
                                                         const char* when) {
  const Json summary = test::runBots(directory, port, 1, 7.0);
  ASSERT_EQ(summary["clients"].size(), 1u) << when << ": " << summary.dump(1);
  const Json& bot = summary["clients"][0];
  if (bot["state"] == "refused") {
    EXPECT_EQ(bot.value("reason", std::string()), "server busy (overloaded); try again later")
        << when << ": " << bot.dump(1);
    return;
  }
  EXPECT_EQ(bot["state"], "playing") << when << ": " << bot.dump(1);
  EXPECT_LE(bot["joined_after_seconds"].get<double>(), 5.0) << when;
}

/// A Tiled level of 100 × 30 tiles holding 2,000 crates, written to `file`: a Welcome and a full
/// state of it are tens of KB.
inline void writeCrateYard(const std::filesystem::path& file) {
  Json data = Json::array();
  for (int row = 0; row < 30; ++row) {
    for (int column = 0; column < 100; ++column) {
      data.push_back(row == 29 || column == 0 || column == 99 ? 1 : 0);
    }
  }
  Json objects = Json::array();
  objects.push_back({{"id", 1}, {"type", "spawn"}, {"point", true}, {"x", 40}, {"y", 448}});
  for (int i = 0; i < 2000; ++i) {
    objects.push_back({{"id", i + 2},
                       {"type", "crate"},
                       {"x", 16 + (i % 98) * 16},
                       {"y", 16 + (i / 98) * 16},
                       {"width", 14},
                       {"height", 14}});
  }
  const Json level = {{"type", "map"},
                      {"orientation", "orthogonal"},
                      {"infinite", false},
                      {"width", 100},
                      {"height", 30},
                      {"tilewidth", 16},
                      {"tileheight", 16},
                      {"tilesets",
                       {{{"firstgid", 1},
                         {"name", "yard"},
                         {"tilewidth", 16},
                         {"tileheight", 16},
                         {"tilecount", 1},
                         {"columns", 1},
                         {"tiles", {{{"id", 0}, {"type", "solid"}}}}}}},
                      {"layers",
                       {{{"name", "collision"},
                         {"type", "tilelayer"},
                         {"width", 100},
                         {"height", 30},
                         {"data", data}},
                        {{"name", "entities"}, {"type", "objectgroup"}, {"objects", objects}}}}};
  std::ofstream(file) << level.dump();
}

/// One Hello from each of `addresses` (127.1.x.y), `concurrent` connections at a time, each
/// with a fresh random reconnect token, into `room`; every connection is closed once answered.
/// Returns how many were answered (a Welcome or a Refusal) within 3 s. Ends early once `stop`.
inline int oneWrongTokenFromEachAddress(int port, int addresses, int concurrent,
                                        const std::string& room,
                                        const std::atomic<bool>& stop = std::atomic<bool>{false}) {
  struct Guess {
    std::unique_ptr<RawPeer> peer;
    double startedAt = 0.0;
    bool sent = false;
  };
  std::vector<Guess> live;
  int started = 0;
  int answered = 0;
  while ((started < addresses && !stop) || !live.empty()) {
    const double now = monotonicSeconds();
    while (started < addresses && !stop && static_cast<int>(live.size()) < concurrent) {
      const std::string from =
          "127.1." + std::to_string(1 + started / 250) + "." + std::to_string(1 + started % 250);
      live.push_back(Guess{
          std::make_unique<RawPeer>(static_cast<std::uint16_t>(port), std::nullopt, from), now});
      ++started;
    }
    for (Guess& guess : live) {
      guess.peer->poll(now);
      if (guess.peer->connected() && !guess.sent) {
        net::Hello hello{net::kProtocolVersion, "guesser", net::newReconnectToken(), false, 0};
        hello.room = room;
        guess.peer->send(hello, net::kReliableChannel);
        guess.sent = true;
      }
    }
    std::erase_if(live, [&](Guess& guess) {
      const bool done =
          guess.peer->received<net::Welcome>() || guess.peer->received<net::Refusal>();
      answered += done ? 1 : 0;
      if (done || now - guess.startedAt > 3.0) {
        guess.peer->disconnect();
        return true;
      }
      return false;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return answered;
}

}  // namespace coyote::test
