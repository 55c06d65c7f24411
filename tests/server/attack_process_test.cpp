// The attacks of the security issue, each run from this process against a real coyote-server
// process, while and after which a real coyote-bot must still join within 2 s and play to the
// end. Attackers use other loopback addresses (127.0.0.2…) to play other machines.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <random>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "net/new_reconnect_token.h"
#include "support/attackers.h"
#include "support/coyote_processes.h"
#include "support/metrics_scrape.h"
#include "support/raw_peer.h"
#include "support/run_command.h"
#include "support/sanitizers.h"
#include "support/tcp_client.h"
#include "util/monotonic_clock.h"

namespace coyote {
namespace {

using test::AttackThread;
using test::Crowd;
using test::expectABotJoinsWithinTwoSeconds;
using test::kSanitizerResidentSlackKb;
using test::RawPeer;

// 40 ENet CONNECTs that carry no valid cookie, retransmitted by ENet and never completed: what
// a flood with forged source addresses sends. They never reach ENet, so no peer is held.
TEST(AttackProcess, ACookielessConnectFloodLocksNobodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  Crowd flood = test::crowd(40, server.port, "127.0.0.2", 0x5EED0000u);
  AttackThread attack([&](double now) { test::pollAll(flood, now); });
  expectABotJoinsWithinTwoSeconds(directory, server.port, "during");
  attack.stop();
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after");
  for (const auto& peer : flood) {
    EXPECT_FALSE(peer->connected());
  }
  EXPECT_THAT(server.process.output(), ::testing::HasSubstr("CONNECTs without a valid cookie"));
}

// 300 connections from one address (with valid cookies) that never say Hello: ENet gives that
// address `net.peers_per_address` (4) peers, each refused after 2 s without a Hello.
TEST(AttackProcess, SilentConnectionsFromOneAddressLockNobodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  Crowd silent = test::crowd(300, server.port, "127.0.0.3");
  AttackThread attack([&](double now) { test::pollAll(silent, now); });
  expectABotJoinsWithinTwoSeconds(directory, server.port, "during");
  attack.stop();
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after");
  int connected = 0;
  int dropped = 0;
  for (const auto& peer : silent) {
    connected += peer->connected() ? 1 : 0;
    dropped += peer->disconnected() ? 1 : 0;
  }
  EXPECT_GT(connected, 0);
  EXPECT_GT(dropped, 0) << "silent peers are dropped after 2 s, freeing their ENet peers";
}

// 200 connections from 50 addresses (4 each, the per-address limit) complete ENet's handshake,
// never say Hello and then stop acknowledging anything (nothing polls them). The server keeps at
// most a room's worth (or 64) waiting for a Hello, resetting the oldest, and resets each after
// 2 s: it never waits for an acknowledgement that will not come, so the peer table never fills.
TEST(AttackProcess, SilentPeersThatStopAcknowledgingFromFiftyAddressesLockNobodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  Crowd silent;
  for (int address = 1; address <= 50; ++address) {
    Crowd four = test::crowd(4, server.port, "127.0.1." + std::to_string(address));
    std::move(four.begin(), four.end(), std::back_inserter(silent));
  }
  const double start = monotonicSeconds();
  const auto allConnected = [&] {
    return std::all_of(silent.begin(), silent.end(), [](const auto& p) { return p->connected(); });
  };
  while (!allConnected() && monotonicSeconds() - start < 5.0) {
    test::pollAll(silent, monotonicSeconds());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  int connected = 0;
  for (const auto& peer : silent) {
    connected += peer->connected() ? 1 : 0;
  }
  EXPECT_GE(connected, 150) << "most complete the handshake (the oldest may be reset already)";
  // From here on nothing polls them: no acknowledgement, no Hello, ever.
  expectABotJoinsWithinTwoSeconds(directory, server.port, "while they hold their peers");
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after their 2 s");
}

// Seven addresses each open a room with a Hello and leave at once, filling the server's 8 rooms
// (main and 7) with the reservations of players who stayed a moment. Another address still opens
// a room: one that nobody attends gives way to it.
TEST(AttackProcess, JoinAndLeaveHandshakesHoldNoRoom) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  Crowd hoarders;
  for (int i = 0; i < 7; ++i) {
    hoarders.push_back(std::make_unique<RawPeer>(static_cast<std::uint16_t>(server.port),
                                                 std::nullopt, "127.0.2." + std::to_string(i + 1)));
  }
  std::vector<bool> helloSent(hoarders.size(), false);
  const double start = monotonicSeconds();
  int welcomed = 0;
  while (welcomed < 7 && monotonicSeconds() - start < 5.0) {
    test::pollAll(hoarders, monotonicSeconds());
    welcomed = 0;
    for (std::size_t i = 0; i < hoarders.size(); ++i) {
      if (hoarders[i]->connected() && !helloSent[i]) {
        net::Hello hello{net::kProtocolVersion, "hoarder" + std::to_string(i), {}, false, 0};
        hello.room = "hoard" + std::to_string(i);
        hoarders[i]->send(hello, net::kReliableChannel);
        helloSent[i] = true;
      }
      welcomed += hoarders[i]->received<net::Welcome>() ? 1 : 0;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(welcomed, 7) << "each opened its room";
  for (const auto& hoarder : hoarders) {
    hoarder->disconnect();  // and left at once, keeping a reservation
  }
  expectABotJoinsWithinTwoSeconds(directory, server.port, "with every room taken", "newcomer");
}

// The HTTP port under slow clients (a byte every 1.5 s), 200 idle connections from 25 addresses
// and a Range header of 2,600 ranges, all at once: `coyote-server --check-health` (the container's
// HEALTHCHECK) succeeds every second, the Range request gets the page once, the server's memory
// comes back within 10 %, and a bot joins within 2 s.
TEST(AttackProcess, TheHttpPortStaysUpUnderSlowIdleAndRangeAttacks) {
  test::TempDirectory directory;
  test::ServerWithHttp host(directory);
  const test::ServerProcess& server = host.server;
  ASSERT_GT(server.port, 0) << server.process.output();
  const int http = host.http;
  ASSERT_GT(http, 0);
  const std::string health = host.healthCheck();
  // A server in use: its names module loaded (docs/hosting.md#memory), a metrics page published.
  expectABotJoinsWithinTwoSeconds(directory, server.port, "before the HTTP attacks");
  const long residentBefore = server.process.residentKilobytes();

  std::vector<std::unique_ptr<test::TcpClient>> slow;
  std::vector<std::unique_ptr<test::TcpClient>> idle;
  for (int i = 0; i < 2; ++i) {
    slow.push_back(std::make_unique<test::TcpClient>(http, "127.0.4.1"));
  }
  for (int address = 1; address <= 25; ++address) {
    for (int i = 0; i < 8; ++i) {
      idle.push_back(std::make_unique<test::TcpClient>(http, "127.0.5." + std::to_string(address)));
    }
  }
  std::string ranges = "Range: bytes=";
  for (int i = 0; i < 2600; ++i) {
    if (i > 0) {
      ranges += ',';
    }
    ranges += "0-";
  }
  test::TcpClient ranged(http, "127.0.6.1");
  ranged.send("GET /metrics HTTP/1.1\r\nHost: coyote\r\n" + ranges + "\r\n\r\n");
  const std::string slowRequest = "GET /metrics HTTP/1.1\r\nHost: coyote\r\n";
  int checks = 0;
  int healthy = 0;
  std::thread botDuring(
      [&] { expectABotJoinsWithinTwoSeconds(directory, server.port, "during the HTTP attacks"); });
  for (int second = 0; second < 6; ++second) {
    for (const auto& client : slow) {
      client->send(slowRequest.substr(static_cast<std::size_t>(second), 1));
    }
    ++checks;
    healthy += test::runCommand(health).exitCode == 0 ? 1 : 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  }
  botDuring.join();
  EXPECT_EQ(healthy, checks) << "every health check during the attacks";
  ranged.readUntilClosed(2.0);
  const std::string& answer = ranged.received();
  const std::size_t body = answer.size() - answer.find("\r\n\r\n") - 4;
  std::printf("range request of %zu B: answered with %zu B (a page of %zu B)\n", ranges.size() + 40,
              answer.size(), body);
  EXPECT_TRUE(answer.starts_with("HTTP/1.1 200")) << answer.substr(0, 200);
  EXPECT_LT(body, 100000u) << "one page, not 2,600 copies";
  EXPECT_LE(answer.size(), 2 * body + 1000);
  for (const auto& client : slow) {
    EXPECT_TRUE(client->readUntilClosed(0.5)) << "slow clients are cut at the deadline";
  }
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after the HTTP attacks");
  const long residentAfter = server.process.residentKilobytes();
  EXPECT_LE(residentAfter, residentBefore + residentBefore / 10 + kSanitizerResidentSlackKb)
      << "RSS " << residentBefore << " kB before, " << residentAfter << " kB after";
}

// On a level of 2,000 crates, three peers from other addresses repeat their Hello and report a
// desync ten times a second for 10 s without acknowledging anything: each receives no more than
// its Welcome, 3 times what it sent and the free allowances of copies and full states; a bot
// joins within 2 s.
TEST(AttackProcess, WelcomeCopiesAndRepairsOnABigWorldStayWithinWhatThePeerProved) {
  test::TempDirectory directory;
  const auto yard = directory.path() / "yard.tmj";
  test::writeCrateYard(yard);
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string(),
                             {"--level", yard.string()});
  ASSERT_GT(server.port, 0) << server.process.output();
  Crowd greedy;
  for (int i = 1; i <= 3; ++i) {
    greedy.push_back(std::make_unique<RawPeer>(static_cast<std::uint16_t>(server.port),
                                               std::nullopt, "127.0.8." + std::to_string(i)));
  }
  const auto helloOf = [](std::size_t i) {  // names are one per server
    return net::Hello{net::kProtocolVersion, "greedy" + std::to_string(i), {}, false, 0};
  };
  std::vector<bool> said(greedy.size(), false);
  std::vector<std::uint64_t> welcome(greedy.size(), 0);
  const double start = monotonicSeconds();
  while (monotonicSeconds() - start < 5.0 &&
         std::any_of(welcome.begin(), welcome.end(), [](std::uint64_t w) { return w == 0; })) {
    test::pollAll(greedy, monotonicSeconds());
    for (std::size_t i = 0; i < greedy.size(); ++i) {
      if (greedy[i]->connected() && !said[i]) {
        greedy[i]->send(helloOf(i), net::kReliableChannel);
        said[i] = true;
      }
      if (welcome[i] == 0 && greedy[i]->received<net::Welcome>()) {
        welcome[i] = greedy[i]->traffic().wireBytesReceived();
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  for (std::size_t i = 0; i < greedy.size(); ++i) {
    ASSERT_GT(welcome[i], 30000u) << "peer " << i << ": a big Welcome, or the test proves nothing";
  }
  std::vector<std::uint64_t> sentBefore;
  for (const auto& peer : greedy) {
    sentBefore.push_back(peer->traffic().wireBytesSent());
  }
  for (int step = 0; step < 100; ++step) {  // 10 s
    for (std::size_t i = 0; i < greedy.size(); ++i) {
      const auto& peer = greedy[i];
      peer->send(helloOf(i), net::kUnreliableChannel);
      peer->send(net::DesyncReport{1, 42}, net::kReliableChannel);
    }
    const double until = monotonicSeconds() + 0.1;
    while (monotonicSeconds() < until) {
      test::pollAll(greedy, monotonicSeconds());
      for (const auto& peer : greedy) {
        peer->takeMessages();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  for (std::size_t i = 0; i < greedy.size(); ++i) {
    const std::uint64_t received = greedy[i]->traffic().wireBytesReceived() - welcome[i];
    const std::uint64_t sent = greedy[i]->traffic().wireBytesSent() - sentBefore[i];
    std::printf("greedy peer %zu: Welcome %llu B, then %llu B received for %llu B sent\n", i,
                static_cast<unsigned long long>(welcome[i]),
                static_cast<unsigned long long>(received), static_cast<unsigned long long>(sent));
    EXPECT_LE(received, 3 * sent + 16 * 1024 + 64 * 1024)
        << "peer " << i << " received " << received << " B after a " << welcome[i]
        << " B Welcome, for " << sent << " B sent";
  }
  expectABotJoinsWithinTwoSeconds(directory, server.port, "beside the greedy peers");
}

/// Polls `peers` until each has a Welcome (or `seconds` pass); true if all have.
bool welcomeAll(Crowd& peers, double seconds) {
  const double deadline = monotonicSeconds() + seconds;
  while (monotonicSeconds() < deadline) {
    test::pollAll(peers, monotonicSeconds());
    bool all = true;
    for (const auto& peer : peers) {
      all = all && peer->received<net::Welcome>();
    }
    if (all) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

// 16 players (the default maximum) join and vanish without a word. Once ENet has timed them out
// (net.peer_timeout, 5 s: until then they are players like any other), their reservations
// never keep a newcomer out: the oldest is given up.
TEST(AttackProcess, PlayersThatVanishLeaveReservationsThatLockNobodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  Crowd ghosts;
  for (int address = 4; address < 8; ++address) {  // 4 per address, the per-address limit
    Crowd four = test::crowd(4, server.port, "127.0.0." + std::to_string(address));
    for (auto& peer : four) {
      ghosts.push_back(std::move(peer));
    }
  }
  std::vector<bool> greeted(ghosts.size(), false);
  const double start = monotonicSeconds();
  while (monotonicSeconds() - start < 3.0 && !welcomeAll(ghosts, 0.01)) {
    for (std::size_t i = 0; i < ghosts.size(); ++i) {
      if (ghosts[i]->connected() && !greeted[i]) {
        ghosts[i]->send(
            net::Hello{net::kProtocolVersion, "ghost" + std::to_string(i), {}, false, 0},
            net::kReliableChannel);
        greeted[i] = true;
      }
    }
  }
  ASSERT_TRUE(welcomeAll(ghosts, 1.0)) << server.process.output();
  ghosts.clear();  // gone without a goodbye
  const auto timedOut = [&] {
    const std::string log = server.process.output();
    std::size_t kept = 0;
    for (std::size_t at = log.find("slot kept"); at != std::string::npos;
         at = log.find("slot kept", at + 1)) {
      ++kept;
    }
    return kept == 16;
  };
  const double vanished = monotonicSeconds();
  while (!timedOut() && monotonicSeconds() - vanished < 15.0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(timedOut()) << server.process.output();
  EXPECT_GE(monotonicSeconds() - vanished, 4.5) << "net.peer_timeout is 5 s";
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after the ghosts timed out");
  EXPECT_THAT(server.process.output(), ::testing::HasSubstr("gave up its reservation"));
}

// Guessing reconnect tokens: each wrong guess from an address is counted, and after 5 in 10 s
// that address is refused; no guess takes a player's slot, and a bot joins within 2 s.
TEST(AttackProcess, GuessingReconnectTokensIsRefusedAndLocksNobodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  int refused = 0;
  for (int round = 0; round < 2; ++round) {  // 4 at a time: the per-address limit
    Crowd guessers = test::crowd(4, server.port, "127.0.0.11");
    std::vector<bool> guessed(guessers.size(), false);
    const auto answered = [&] {
      for (const auto& guesser : guessers) {
        if (!guesser->received<net::Welcome>() && !guesser->received<net::Refusal>()) {
          return false;
        }
      }
      return true;
    };
    const double start = monotonicSeconds();
    while (monotonicSeconds() - start < 3.0 && !answered()) {
      test::pollAll(guessers, monotonicSeconds());
      for (std::size_t i = 0; i < guessers.size(); ++i) {
        if (guessers[i]->connected() && !guessed[i]) {
          guessers[i]->send(
              net::Hello{net::kProtocolVersion, "guesser", net::newReconnectToken(), false, 0},
              net::kReliableChannel);
          guessed[i] = true;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    for (const auto& guesser : guessers) {
      refused += guesser->received<net::Refusal>([](const net::Refusal& r) {
        return r.reason.find("too many wrong reconnect tokens") != std::string::npos;
      });
      guesser->disconnect();  // frees the address's connections for the next round
    }
  }
  EXPECT_EQ(refused, 3) << "8 guesses: the 6th, 7th and 8th are refused";
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after the guesses");
}

/// A raw player of `key` joins `main` from `from` (with `token`, if any) and returns its Welcome.
std::optional<net::Welcome> joinAs(int port, const std::string& from,
                                   const identity::PlayerKey& key,
                                   const net::ReconnectToken& token = {}) {
  RawPeer peer(static_cast<std::uint16_t>(port), std::nullopt, from);
  peer.useKey(key);
  bool sent = false;
  const double deadline = monotonicSeconds() + 2.0;
  while (monotonicSeconds() < deadline) {
    peer.poll(monotonicSeconds());
    if (peer.connected() && !sent) {
      peer.send(net::Hello{net::kProtocolVersion, "returner", token, false, 0},
                net::kReliableChannel);
      sent = true;
    }
    for (net::Message& message : peer.takeMessages()) {
      if (auto* welcome = std::get_if<net::Welcome>(&message)) {
        peer.disconnect();
        return std::move(*welcome);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::nullopt;
}

// 4,100 addresses each send one wrong reconnect token (more addresses than the guard remembers),
// into a room of their own so that `main` stays free for the bot. A player who left before comes
// back from a new address with its token afterwards and gets its slot back, and a bot joins
// within 2 s during and after: the guard forgets old addresses instead of refusing new ones.
TEST(AttackProcess, WrongTokensFromMoreAddressesThanTheGuardHoldsLockNobodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  const identity::PlayerKey returner = identity::PlayerKey::generate();
  const std::optional<net::Welcome> first = joinAs(server.port, "127.0.0.20", returner);
  ASSERT_TRUE(first.has_value()) << server.process.output();
  int answered = 0;
  std::thread attack(
      [&] { answered = test::oneWrongTokenFromEachAddress(server.port, 4100, 48, "tokens"); });
  expectABotJoinsWithinTwoSeconds(directory, server.port, "during");
  attack.join();
  EXPECT_GE(answered, 4000) << "of 4,100 guesses";
  const std::optional<net::Welcome> back =
      joinAs(server.port, "127.0.0.21", returner, first->reconnectToken);
  ASSERT_TRUE(back.has_value()) << "the valid reconnect was not welcomed";
  EXPECT_EQ(back->playerSlot, first->playerSlot) << "came back in its own slot";
  expectABotJoinsWithinTwoSeconds(directory, server.port, "after");
  EXPECT_THAT(server.process.output(), ::testing::HasSubstr("player returner reconnected to slot"));
}

/// Polls `peer` until a message of type T arrives (or 2 s pass), sending `hello` once connected.
template <class T>
bool answeredWith(RawPeer& peer, const net::Hello& hello) {
  bool sent = false;
  const double deadline = monotonicSeconds() + 2.0;
  while (monotonicSeconds() < deadline && !peer.received<T>()) {
    peer.poll(monotonicSeconds());
    if (peer.connected() && !sent) {
      peer.send(hello, net::kReliableChannel);
      sent = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return peer.received<T>();
}

// A player that reports 4 billion rollbacks 65,535 deep, and a Hello for a 25-character room:
// the report is refused and counted (the log and the metrics keep the plausible one), the Hello
// is refused with its reason, and a bot joins within 2 s meanwhile.
TEST(AttackProcess, AbsurdReportsAndOverlongRoomNamesAreRefusedWithTheirReason) {
  test::TempDirectory directory;
  test::ServerWithHttp host(directory);
  test::ServerProcess& server = host.server;
  ASSERT_GT(server.port, 0) << server.process.output();
  const int http = host.http;
  RawPeer liar(static_cast<std::uint16_t>(server.port), std::nullopt, "127.0.0.30");
  ASSERT_TRUE(
      answeredWith<net::Welcome>(liar, net::Hello{net::kProtocolVersion, "liar", {}, false, 0}));
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  net::ClientReport plausible;
  plausible.rollbacks = 3;
  plausible.maxRollbackDepth = 4;
  liar.send(plausible, net::kReliableChannel);
  net::ClientReport absurd;
  absurd.rollbacks = 0xFFFFFFFFu;
  absurd.maxRollbackDepth = 65535;
  liar.send(absurd, net::kReliableChannel);
  liar.poll(monotonicSeconds());

  RawPeer lost(static_cast<std::uint16_t>(server.port), std::nullopt, "127.0.0.31");
  net::Hello longRoom{net::kProtocolVersion, "lost", {}, false, 0};
  longRoom.room = std::string(25, 'r');
  ASSERT_TRUE(answeredWith<net::Refusal>(lost, longRoom)) << server.process.output();
  EXPECT_TRUE(lost.received<net::Refusal>([](const net::Refusal& refusal) {
    return refusal.reason == "a room name has 1 to 24 characters";
  }));
  expectABotJoinsWithinTwoSeconds(directory, server.port, "beside the liar");
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // the next metrics page
  const Json page = test::scrape(http);
  EXPECT_EQ(
      test::valueOf(page, "coyote_refused_client_reports", "coyote_refused_client_reports_total"),
      1.0);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
  const std::string log = server.process.output();
  EXPECT_EQ(log.find("4294967295"), std::string::npos);
  EXPECT_EQ(log.find("65535"), std::string::npos);
  EXPECT_THAT(log, ::testing::HasSubstr("client rollbacks")) << "the summary was printed";
}

// A player that floods desync reports (100 a second) and never acknowledges a frame, and a
// spectator named with escape and newline bytes: the name is refused, the reports are logged at
// most once a second, and a bot joins and plays.
TEST(AttackProcess, AbusivePeersNeitherFloodTheLogNorLockAnybodyOut) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  RawPeer spammer(static_cast<std::uint16_t>(server.port), std::nullopt, "127.0.0.9");
  RawPeer forger(static_cast<std::uint16_t>(server.port), std::nullopt, "127.0.0.10");
  bool helloSent = false;
  double lastReport = 0.0;
  AttackThread attack([&](double now) {
    spammer.poll(now);
    forger.poll(now);
    if (!helloSent && spammer.connected() && forger.connected()) {
      spammer.send(net::Hello{net::kProtocolVersion, "spammer", {}, false, 0},
                   net::kReliableChannel);
      forger.send(net::Hello{net::kProtocolVersion, "x\x1b[2J\nFAKE LOG LINE", {}, true, 0},
                  net::kReliableChannel);
      helloSent = true;
    }
    if (spammer.received<net::Welcome>() && now - lastReport >= 0.01) {
      spammer.send(net::DesyncReport{1, 42}, net::kReliableChannel);
      lastReport = now;
    }
  });
  expectABotJoinsWithinTwoSeconds(directory, server.port, "during");
  attack.stop();
  EXPECT_TRUE(forger.received<net::Refusal>());
  const std::string log = server.process.output();
  EXPECT_EQ(log.find('\x1b'), std::string::npos);
  EXPECT_EQ(log.find("FAKE LOG LINE"), std::string::npos);
  std::size_t desyncLines = 0;
  for (std::size_t at = log.find("desync reported"); at != std::string::npos;
       at = log.find("desync reported", at + 1)) {
    ++desyncLines;
  }
  EXPECT_GT(desyncLines, 0u);
  EXPECT_LE(desyncLines, 6u) << "about 4 s of reports at 100 a second";
}

}  // namespace
}  // namespace coyote
