// Every attack of the security issue at once for 60 s against one real coyote-server on the
// 2,000-crate level: the server's memory stays flat, its tick keeps real time, its health check
// answers every second, and real bots join within 2 s during and after. The figures it prints
// (RSS, tick p95/p99/max) are the ones docs/hosting.md#limits-and-protection quotes.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/attackers.h"
#include "support/metrics_scrape.h"
#include "support/run_command.h"
#include "support/tcp_client.h"

namespace coyote {
namespace {

using test::Crowd;
using test::RawPeer;

constexpr double kAttackSeconds = 60.0;

/// The ENet attackers, stepped every millisecond by one thread: a cookieless flood, 200 peers
/// that handshake from 50 addresses and then stop acknowledging, rooms opened and left at once,
/// and greedy players that repeat their Hello, report desyncs and absurd figures 10 times a
/// second. Each kind is renewed on its own period so that the attack never lets up.
class EnetAttackers {
 public:
  explicit EnetAttackers(int port) : port_(port) {}

  void step(double now) {
    if (now >= nextFlood_) {
      flood_ = test::crowd(40, port_, "127.0.0.2", 0x5EED0000u);
      nextFlood_ = now + 10.0;
    }
    if (now >= nextSilent_) {
      renewSilent(now);
    }
    if (now < silentPolledUntil_) {
      test::pollAll(silent_, now);  // then never again: they stop acknowledging
    }
    test::pollAll(flood_, now);
    if (now >= nextHoard_) {
      renewHoarders();
      nextHoard_ = now + 10.0;
    }
    stepHoarders();
    stepGreedy(now);
  }

 private:
  void renewSilent(double now) {
    silent_.clear();
    for (int address = 1; address <= 50; ++address) {
      Crowd four = test::crowd(4, port_, "127.0.1." + std::to_string(address));
      std::move(four.begin(), four.end(), std::back_inserter(silent_));
    }
    silentPolledUntil_ = now + 1.0;
    nextSilent_ = now + 5.0;
  }

  void renewHoarders() {
    hoarders_.clear();
    for (int i = 0; i < 7; ++i) {
      hoarders_.push_back(
          std::make_unique<RawPeer>(static_cast<std::uint16_t>(port_), std::nullopt,
                                    "127.0.2." + std::to_string(1 + (round_ * 7 + i) % 250)));
    }
    hoarderSaid_.assign(hoarders_.size(), false);
    ++round_;
  }

  void stepHoarders() {
    for (std::size_t i = 0; i < hoarders_.size(); ++i) {
      RawPeer& hoarder = *hoarders_[i];
      hoarder.poll(monotonicSeconds());
      if (hoarder.connected() && !hoarderSaid_[i]) {
        net::Hello hello{net::kProtocolVersion, "hoarder", {}, false, 0};
        hello.room = "hoard" + std::to_string(round_) + "-" + std::to_string(i);
        hoarder.send(hello, net::kReliableChannel);
        hoarderSaid_[i] = true;
      }
      if (hoarder.received<net::Welcome>()) {
        hoarder.disconnect();  // and leaves at once, keeping a reservation
        hoarder.takeMessages();
      }
    }
  }

  void stepGreedy(double now) {
    if (greedy_.empty()) {
      for (int i = 1; i <= 3; ++i) {
        greedy_.push_back(std::make_unique<RawPeer>(static_cast<std::uint16_t>(port_), std::nullopt,
                                                    "127.0.8." + std::to_string(i)));
      }
    }
    test::pollAll(greedy_, now);
    if (now - lastGreed_ < 0.1) {
      return;
    }
    lastGreed_ = now;
    net::ClientReport absurd;
    absurd.rollbacks = 0xFFFFFFFFu;
    absurd.maxRollbackDepth = 65535;
    for (const auto& peer : greedy_) {
      if (peer->connected()) {
        peer->send(net::Hello{net::kProtocolVersion, "greedy", {}, false, 0},
                   net::kUnreliableChannel);
        peer->send(net::DesyncReport{1, 42}, net::kReliableChannel);
        peer->send(absurd, net::kUnreliableChannel);
      }
      peer->takeMessages();
    }
  }

  int port_;
  Crowd flood_, silent_, hoarders_, greedy_;
  std::vector<bool> hoarderSaid_;
  int round_ = 0;
  double nextFlood_ = 0.0, nextSilent_ = 0.0, silentPolledUntil_ = 0.0, nextHoard_ = 0.0;
  double lastGreed_ = 0.0;
};

/// The HTTP attackers, stepped every second: 2 slowloris clients (a byte a second), 200 idle
/// connections from 25 addresses and a 2,600-range request, each renewed once the server cut it.
class HttpAttackers {
 public:
  explicit HttpAttackers(int port) : port_(port) {
    ranges_ = "GET /metrics HTTP/1.1\r\nHost: coyote\r\nRange: bytes=0-";
    for (int i = 1; i < 2600; ++i) {
      ranges_ += ",0-";
    }
    ranges_ += "\r\n\r\n";
  }

  void step() {
    renew(slow_, 2, "127.0.4.");
    renew(idle_, 200, "127.0.5.");
    for (const auto& client : slow_) {
      client->send("G");
    }
    ranged_ = std::make_unique<test::TcpClient>(port_, "127.0.6.1");
    ranged_->send(ranges_);
  }

 private:
  void renew(std::vector<std::unique_ptr<test::TcpClient>>& clients, int count,
             const std::string& prefix) {
    std::erase_if(clients, [](const auto& client) { return client->drain(); });
    while (static_cast<int>(clients.size()) < count) {
      const int address = 1 + static_cast<int>(clients.size()) % 25;
      clients.push_back(std::make_unique<test::TcpClient>(port_, prefix + std::to_string(address)));
    }
  }

  int port_;
  std::string ranges_;
  std::vector<std::unique_ptr<test::TcpClient>> slow_, idle_;
  std::unique_ptr<test::TcpClient> ranged_;
};

/// The tick's p95, p99 (from /metrics, over the last 60 s) and max (from the server's log), ms.
struct TickFigures {
  double p95 = 0.0, p99 = 0.0, max = 0.0;
};

double tickQuantileMs(const Json& page, const std::string& quantile) {
  const auto samples =
      test::samplesOf(page, "coyote_tick_duration_seconds", {{"quantile", quantile}});
  EXPECT_EQ(samples.size(), 1u) << "quantile " << quantile;
  return samples.empty() ? -1.0 : 1000.0 * samples[0]["value"].get<double>();
}

// Under AddressSanitizer the server runs several times slower and its governor may refuse a join
// as overloaded; that, and only that, is then the answer expected.
void expectABotJoins(test::TempDirectory& directory, int port, const char* when) {
  if (test::kAddressSanitizer) {
    test::expectABotJoinsOrTheServerSaysItIsOverloaded(directory, port, when);
  } else {
    test::expectABotJoinsWithinTwoSeconds(directory, port, when);
  }
}

double lastLoggedTickMax(const std::string& log) {
  static const std::regex kMax(R"(p95 [0-9.]+ ms max ([0-9.]+) ms)");
  double max = -1.0;
  for (auto it = std::sregex_iterator(log.begin(), log.end(), kMax); it != std::sregex_iterator();
       ++it) {
    max = std::stod((*it)[1].str());
  }
  return max;
}

TEST(CombinedAttack, EveryAttackAtOnceForAMinuteLocksNobodyOutAndKeepsMemoryFlat) {
  test::TempDirectory directory;
  const auto yard = directory.path() / "yard.tmj";
  test::writeCrateYard(yard);
  test::ServerWithHttp host(directory, {"--level", yard.string()});
  test::ServerProcess& server = host.server;
  ASSERT_GT(server.port, 0) << server.process.output();
  const int http = host.http;
  ASSERT_GT(http, 0);
  const std::string health = host.healthCheck();
  const long residentIdle = server.process.residentKilobytes();

  EnetAttackers enet(server.port);
  test::AttackThread enetAttack([&](double now) { enet.step(now); });
  std::atomic<bool> stop{false};
  int wrongTokens = 0;
  std::thread tokens([&] {
    while (!stop) {
      wrongTokens += test::oneWrongTokenFromEachAddress(server.port, 4100, 48, "tokens", stop);
    }
  });
  HttpAttackers httpAttack(http);
  std::thread bots([&] {
    std::this_thread::sleep_for(std::chrono::seconds(15));
    expectABotJoins(directory, server.port, "after 15 s of attacks");
    std::this_thread::sleep_for(std::chrono::seconds(20));
    expectABotJoins(directory, server.port, "after 40 s of attacks");
  });
  std::vector<long> resident;
  int healthy = 0;
  std::string unhealthy;  // each failed check: when, how long it took, what it said
  // One sample a second on the clock, not a second after the last sample's work (which
  // AddressSanitizer slows: 49 samples in 60 s once).
  const double start = monotonicSeconds();
  auto next = std::chrono::steady_clock::now();
  while (monotonicSeconds() - start < kAttackSeconds) {
    httpAttack.step();
    const double asked = monotonicSeconds();
    const test::CommandResult check = test::runCommand(health);
    if (check.exitCode == 0) {
      ++healthy;
    } else {
      unhealthy += fmt::format("\n  at {:.1f} s, after {:.2f} s: exit {}: {}", asked - start,
                               monotonicSeconds() - asked, check.exitCode, check.lastLine());
    }
    resident.push_back(server.process.residentKilobytes());
    next += std::chrono::seconds(1);
    std::this_thread::sleep_until(next);
  }
  const Json page = test::scrape(http);
  TickFigures tick;
  tick.p95 = tickQuantileMs(page, "0.95");
  tick.p99 = tickQuantileMs(page, "0.99");
  stop = true;
  tokens.join();
  bots.join();
  enetAttack.stop();
  expectABotJoins(directory, server.port, "after the attacks");
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
  tick.max = lastLoggedTickMax(server.process.output());

  const std::size_t seconds = resident.size();
  ASSERT_GE(seconds, 50u);
  // Settled once the hoarders' second round (at 10 s) has filled rooms.max_rooms with rooms of
  // the crate yard, each holding its world, history and replay: by 15 s in the g++ build, a few
  // seconds later under AddressSanitizer (136 MB at 15 s, 169 MB at 18 s, 174 MB at the end).
  const long settled = resident[20];
  const long peak = *std::max_element(resident.begin(), resident.end());
  std::printf(
      "combined attacks: %zu s, %d wrong tokens answered, %d/%zu health checks; RSS idle "
      "%ld kB, at 20 s %ld kB, at the end %ld kB, peak %ld kB; tick p95 %.3f ms, p99 "
      "%.3f ms, max %.3f ms\n",
      seconds, wrongTokens, healthy, seconds, residentIdle, settled, resident.back(), peak,
      tick.p95, tick.p99, tick.max);
  EXPECT_EQ(healthy, static_cast<int>(seconds))
      << "every health check during the attacks; failed:" << unhealthy;
  EXPECT_GT(wrongTokens, 4100) << "the guard saw more addresses than it remembers";
  std::string series;  // kB each second, for a failure to show how it grew
  for (const long kilobytes : resident) {
    series += std::to_string(kilobytes) + " ";
  }
  EXPECT_LE(resident.back(), settled + settled / 10 + test::kSanitizerResidentSlackKb)
      << "memory grows under attack: " << series;
  if (!test::kAddressSanitizer) {
    EXPECT_LT(tick.p95, 1000.0 / 60.0) << "the tick keeps real time";
  }
}

}  // namespace
}  // namespace coyote
