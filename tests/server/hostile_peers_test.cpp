// Hostile peers: garbage, lies, silent connections, forged connects, token guessing, forged
// names and report floods, each while honest players go on.
// The server and the client core together over real ENet sockets on 127.0.0.1, ephemeral ports,
// driven in one thread by a made-up clock: no test here sleeps.
#include "net/new_reconnect_token.h"
#include "server/game_server.h"

#include <fstream>
#include <random>

#include <spdlog/sinks/ringbuffer_sink.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "net/connect_cookie.h"
#include "support/network.h"
#include "support/raw_peer.h"
#include "support/sanitizers.h"

namespace coyote {
namespace {

using test::playing;
using test::RandomPlayers;
using test::sees;

// Under AddressSanitizer the resident size also holds ASan's bookkeeping, ~10 MB here with a
// 4 MB quarantine, so it cannot tell 8 MB apart from that (support/sanitizers.h).
constexpr long kResidentGrowthLimitKb = (test::kAddressSanitizer ? 32 : 8) * 1024;

long residentKilobytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      return std::stol(line.substr(6));
    }
  }
  return 0;
}

/// Sends `count` random datagrams of 1–200 bytes on random channels.
void sendGarbage(test::RawPeer& attacker, std::mt19937& random, int count) {
  for (int i = 0; i < count; ++i) {
    std::vector<std::uint8_t> bytes(1 + random() % 200);
    for (auto& byte : bytes) {
      byte = static_cast<std::uint8_t>(random());
    }
    attacker.sendBytes(bytes, random() % 2 ? net::kReliableChannel : net::kUnreliableChannel);
  }
}

/// Truncated messages, lengths claiming 64 KiB or 4 GiB, inputs before Hello: 4 packets. Each
/// Hello claims the server's own version (one claiming another is refused with the version).
void sendMalformedHandshake(test::RawPeer& attacker) {
  std::vector<std::uint8_t> hello = net::encode(net::Message{net::Hello{}});
  const auto low = static_cast<std::uint8_t>(net::kProtocolVersion & 0xFF);
  const auto high = static_cast<std::uint8_t>(net::kProtocolVersion >> 8);
  attacker.sendBytes({hello.begin(), hello.begin() + 3}, net::kReliableChannel);
  attacker.sendBytes({net::Hello::kType, low, high, 0xFF, 0xFF, 'x'}, net::kReliableChannel);
  attacker.sendBytes({net::Hello::kType, low, high, 0xFF, 0xFF, 0xFF, 0xFF}, net::kReliableChannel);
  attacker.send(net::InputBatch::make(0, 1, {PlayerInput{}}), net::kUnreliableChannel);
}

/// A welcomed attacker's lies (4 malformed), then one input so old it is merely late.
void sendLyingInputs(test::RawPeer& attacker, std::uint32_t now) {
  attacker.send(net::InputBatch::make(now, now + 3, {PlayerInput{-128, 0, 0}}),
                net::kUnreliableChannel);  // axis out of range
  attacker.send(net::InputBatch::make(now, now + 20000, {PlayerInput{}}),
                net::kUnreliableChannel);  // far future
  attacker.send(net::InputBatch::make(now, now + 2, {PlayerInput{0, 0, 0x80}}),
                net::kUnreliableChannel);  // unknown button
  attacker.send(net::InputBatch::make(now + 5000, now + 5001, {PlayerInput{}}),
                net::kUnreliableChannel);  // ack from the future
  attacker.send(net::InputBatch::make(0, now > 500 ? now - 500 : 1, {PlayerInput{}}),
                net::kUnreliableChannel);  // far past: late, not malformed
}

/// A logger that keeps its lines, to count them.
std::pair<std::shared_ptr<spdlog::logger>, std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt>>
capturingLogger() {
  auto sink = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(1000);
  return {std::make_shared<spdlog::logger>("captured", sink), sink};
}

TEST(GameServer, MalformedInputIsDroppedAndCountedWhileOthersPlayOn) {
  ServerConfig config = test::testServerConfig();
  config.badPacketLimit = 100000;  // this attacker is never kicked; the next test kicks one
  test::LoopbackMatch match(config);
  ClientSession honest(test::clientOptions(match.port(), "honest"), test::quietLogger());
  RandomPlayers inputs(1);
  ASSERT_TRUE(match.pumpUntil(
      {&honest}, [&] { return playing(honest); }, 5.0, std::ref(inputs)));

  test::RawPeer attacker(match.port());
  match.watch(attacker);
  ASSERT_TRUE(match.pumpUntil(
      {&honest}, [&] { return attacker.connected(); }, 2.0));
  std::mt19937 random(11);
  const long memoryBefore = residentKilobytes();
  // 2,000 datagrams, 10 per quarter tick: in bursts any larger the attacker's own ENet host
  // throttles its unreliable sends, and the server never sees them.
  for (int round = 0; round < 200; ++round) {
    sendGarbage(attacker, random, 10);
    match.pumpFor({&honest}, test::LoopbackMatch::kTurnSeconds, std::ref(inputs));
  }
  sendMalformedHandshake(attacker);
  attacker.send(net::Hello{net::kProtocolVersion, "mallory", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {&honest}, [&] { return attacker.received<net::Welcome>(); }, 1.0, std::ref(inputs)));
  const std::uint32_t now = honest.stats().serverTick;
  sendLyingInputs(attacker, now);
  const int sent = 20 * 100 + 4 + 4;

  match.pumpFor({&honest}, 1.0, std::ref(inputs));
  const long memoryAfter = residentKilobytes();
  EXPECT_LT(memoryAfter - memoryBefore, kResidentGrowthLimitKb)
      << "kB grown while refusing garbage";

  EXPECT_TRUE(playing(honest));
  EXPECT_TRUE(honest.stats().confirmedHashMatches);
  EXPECT_EQ(honest.stats().desyncs, 0u);
  EXPECT_GT(honest.stats().confirmedTick, now);

  ClientSession newcomer(test::clientOptions(match.port(), "newcomer"), test::quietLogger());
  EXPECT_TRUE(match.pumpUntil(
      {&honest, &newcomer}, [&] { return playing(newcomer); }, 5.0, std::ref(inputs)));
  // Random bytes occasionally form a valid message (e.g. a ClientReport); nearly all must count.
  EXPECT_GE(match.server().metrics().malformedPackets, static_cast<std::uint64_t>(sent * 9 / 10));
  EXPECT_EQ(match.server().metrics().lateInputs, 0u)
      << "an input for a tick simulated before its sender played stood in for nothing";
}

TEST(GameServer, APeerThatKeepsSendingGarbageIsDisconnected) {
  ServerConfig config = test::testServerConfig();
  config.badPacketLimit = 20;
  test::LoopbackMatch match(config);
  test::RawPeer attacker(match.port());
  match.watch(attacker);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return attacker.connected(); }, 2.0));
  for (int i = 0; i < 60; ++i) {
    attacker.sendBytes({0xEE, 0xEE, 0xEE}, net::kReliableChannel);
  }
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return attacker.disconnected(); }, 2.0));
  EXPECT_TRUE(attacker.received<net::Goodbye>(
      [](const net::Goodbye& bye) { return bye.reason == "too many malformed packets"; }));
}

TEST(GameServer, ConnectionsThatNeverSayHelloAreDroppedAfterTwoSeconds) {
  test::LoopbackMatch match;
  test::RawPeer silent(match.port());
  match.watch(silent);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return silent.connected(); }, 2.0));
  const double connectedAt = match.now();
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return silent.disconnected(); }, 4.0));
  EXPECT_FALSE(silent.received<net::Refusal>()) << "no message: nothing to amplify";
  EXPECT_GE(match.now() - connectedAt, 2.0);
  EXPECT_LT(match.now() - connectedAt, 2.5);
}

// 64 connections that never say Hello and 20 handshakes left half done (as a flood of them would
// leave every few seconds) take every peer of a server for 2 players. A CONNECT that finds no
// free peer resets one of those that have no place in a room instead of finding the server full,
// so a player still joins at once.
TEST(GameServer, SilentConnectionsAndHalfDoneHandshakesLeaveRoomForAPlayer) {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 200;  // every peer here comes from 127.0.0.1
  config.maxRooms = 1;
  config.maxPlayers = 2;
  config.maxSpectators = 0;  // 2 in the room, 64 not admitted and 8 to spare: 74 peers
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<test::RawPeer>> silent;
  for (int i = 0; i < 64; ++i) {
    silent.push_back(std::make_unique<test::RawPeer>(match.port()));
    match.watch(*silent.back());
  }
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return std::ranges::all_of(silent, [](auto& peer) { return peer->connected(); }); },
      1.0));
  std::vector<std::unique_ptr<test::RawPeer>> halfDone;
  for (int i = 0; i < 20; ++i) {
    halfDone.push_back(std::make_unique<test::RawPeer>(match.port()));
    test::RawPeer& peer = *halfDone.back();
    match.watch(peer);
    ASSERT_TRUE(match.pumpUntil(
        {}, [&] { return peer.connectSent(); }, 0.5));
    match.unwatch(peer);  // never acknowledges the server's VERIFY_CONNECT
  }
  ClientSession player(test::clientOptions(match.port(), "player"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&player}, [&] { return playing(player); }, 0.5))
      << player.endReason();
  // 10 of the half-done handshakes found a free peer, 10 more and the player each evicted the
  // oldest silent connection
  EXPECT_EQ(match.server().metrics().pendingConnectionsEvicted, 11u);
  EXPECT_EQ(std::ranges::count_if(silent, [](auto& peer) { return peer->disconnected(); }), 11);
}

// 40 CONNECTs without a valid cookie (as a spoofed flood sends them) never reach ENet: no
// half-open peer is made, so a player joins at once, during and after.
TEST(GameServer, ConnectsWithoutAValidCookieGetNoPeerAndPlayersStillJoin) {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 64;  // every peer here comes from 127.0.0.1
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<test::RawPeer>> flood;
  for (std::uint32_t i = 0; i < 40; ++i) {
    flood.push_back(std::make_unique<test::RawPeer>(match.port(), i == 0 ? 0 : 0x9E3779B9u * i));
    match.watch(*flood.back());
  }
  ClientSession during(test::clientOptions(match.port(), "during"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&during}, [&] { return playing(during); }, 2.0));
  match.pumpFor({&during}, 3.0);  // ENet retransmits each CONNECT meanwhile
  ClientSession after(test::clientOptions(match.port(), "after"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&during, &after}, [&] { return playing(after); }, 2.0));
  for (const auto& peer : flood) {
    EXPECT_FALSE(peer->connected());
  }
  EXPECT_GE(match.server().metrics().refusedConnects, 40u);
  EXPECT_EQ(match.server().metrics().cookieReplies, 2u);
}

// Before its Hello a peer gets no more than 3 times what it sent: ENet's handshake, pings and
// the refusal (the cookie reply, smaller than its request, comes before ENet).
TEST(GameServer, APeerThatNeverSaysHelloReceivesAtMostThreeTimesWhatItSent) {
  test::LoopbackMatch match;
  test::RawPeer silent(match.port());
  match.watch(silent);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return silent.disconnected(); }, 5.0));
  const net::TrafficTotals traffic = silent.traffic();
  const std::uint64_t sent =
      traffic.wireBytesSent() + net::kCookieRequestSize + net::kUdpIpHeaderBytes;
  const std::uint64_t received =
      traffic.wireBytesReceived() + net::kCookieReplySize + net::kUdpIpHeaderBytes;
  EXPECT_LE(received, 3 * sent) << "sent " << sent << ", received " << received;
}

TEST(GameServer, APlayerKickedForGarbageLosesItsReservationAtOnce) {
  ServerConfig config = test::testServerConfig();
  config.badPacketLimit = 20;
  config.reconnectWindow = 30.0f;
  test::LoopbackMatch match(config);
  ClientSession observer(test::clientOptions(match.port(), "observer"), test::quietLogger());
  test::RawPeer attacker(match.port());
  match.watch(attacker);
  ASSERT_TRUE(match.pumpUntil(
      {&observer}, [&] { return attacker.connected(); }, 2.0));
  attacker.send(net::Hello{net::kProtocolVersion, "mallory", {}, false, 0}, net::kReliableChannel);
  int slot = -1;
  ASSERT_TRUE(match.pumpUntil(
      {&observer},
      [&] {
        attacker.received<net::Welcome>(
            [&](const net::Welcome& w) { return (slot = w.playerSlot) >= 0; });
        return slot >= 0 && sees(observer, slot);
      },
      5.0));
  for (int i = 0; i < 30; ++i) {
    attacker.sendBytes({0xEE, 0xEE, 0xEE}, net::kReliableChannel);
  }
  ASSERT_TRUE(match.pumpUntil(
      {&observer}, [&] { return attacker.disconnected(); }, 2.0));
  EXPECT_TRUE(match.pumpUntil(
      {&observer}, [&] { return !sees(observer, slot); }, 1.0))
      << "the character leaves now, not after the 30 s reconnect window";
}

TEST(GameServer, GuessingReconnectTokensIsLimitedPerAddress) {
  ServerConfig config = test::testServerConfig();
  config.maxPlayers = 20;
  config.peersPerAddress = 16;
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<test::RawPeer>> guessers;
  std::vector<bool> refused;
  for (int guess = 0; guess < 7; ++guess) {
    guessers.push_back(std::make_unique<test::RawPeer>(match.port()));
    test::RawPeer& peer = *guessers.back();
    match.watch(peer);
    ASSERT_TRUE(match.pumpUntil(
        {}, [&] { return peer.connected(); }, 2.0));
    peer.send(net::Hello{net::kProtocolVersion, "guesser", net::newReconnectToken(), false, 0},
              net::kReliableChannel);
    ASSERT_TRUE(match.pumpUntil(
        {}, [&] { return peer.received<net::Welcome>() || peer.received<net::Refusal>(); }, 2.0));
    refused.push_back(peer.received<net::Refusal>([](const net::Refusal& r) {
      return r.reason.find("too many wrong reconnect tokens") != std::string::npos;
    }));
  }
  // A wrong token is a new player, five times; then the address must wait.
  EXPECT_EQ(refused, (std::vector<bool>{false, false, false, false, false, true, true}));
  match.pumpFor({}, 10.5);
  test::RawPeer later(match.port());
  match.watch(later);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return later.connected(); }, 2.0));
  later.send(net::Hello{net::kProtocolVersion, "later", net::newReconnectToken(), false, 0},
             net::kReliableChannel);
  EXPECT_TRUE(match.pumpUntil(
      {}, [&] { return later.received<net::Welcome>(); }, 2.0))
      << "the window passed";
}

TEST(GameServer, NamesWithControlCharactersOrInvalidUtf8AreRefused) {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 16;
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<test::RawPeer>> peers;  // watched peers live as long as the match
  const auto refusalFor = [&](const std::string& name, bool spectator) {
    peers.push_back(std::make_unique<test::RawPeer>(match.port()));
    test::RawPeer& peer = *peers.back();
    match.watch(peer);
    EXPECT_TRUE(match.pumpUntil(
        {}, [&] { return peer.connected(); }, 2.0));
    peer.send(net::Hello{net::kProtocolVersion, name, {}, spectator, 0}, net::kReliableChannel);
    std::string reason;
    match.pumpUntil(
        {},
        [&] {
          return peer.received<net::Refusal>([&](const net::Refusal& r) {
            reason = r.reason;
            return true;
          }) || peer.received<net::Welcome>();
        },
        2.0);
    return reason;
  };
  EXPECT_EQ(refusalFor("evil\x1b[31m", false), "the name holds a control character");
  EXPECT_EQ(refusalFor("two\nlines", true), "the name holds a control character");
  EXPECT_EQ(refusalFor("bad\xff\xfe", false), "the name is not valid UTF-8");
  EXPECT_EQ(refusalFor("\xc0\xaf", false), "the name is not valid UTF-8");  // overlong '/'
  EXPECT_EQ(refusalFor("Jos\xc3\xa9 \xf0\x9f\xa6\x8a", false), "") << "UTF-8 letters are fine";
}

TEST(GameServer, ManyDesyncReportsFromOnePeerAreCountedButLoggedOnceASecond) {
  const auto [logger, lines] = capturingLogger();
  test::LoopbackMatch match(test::testServerConfig(), test::networkTestLevel(), logger);
  test::RawPeer peer(match.port());
  match.watch(peer);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return peer.connected(); }, 2.0));
  peer.send(net::Hello{net::kProtocolVersion, "noisy", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return peer.received<net::Welcome>(); }, 2.0));
  for (int second = 0; second < 2; ++second) {  // 100 reports a second for 2 s
    for (int i = 0; i < 100; ++i) {
      peer.send(net::DesyncReport{1, 0xBAD}, net::kReliableChannel);
      match.pumpFor({}, 0.01);
    }
  }
  int logged = 0;
  for (const std::string& line : lines->last_formatted()) {
    logged += line.find("desync reported") != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(match.server().metrics().desyncReports, 200u);
  EXPECT_GE(logged, 2);
  EXPECT_LE(logged, 3);
}

// A report whose figures cannot be true is refused and counted; the metrics and the log keep
// what plausible reports said.
TEST(GameServer, ImplausibleClientReportsAreRefusedAndCounted) {
  test::LoopbackMatch match;
  test::RawPeer liar(match.port());
  match.watch(liar);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return liar.connected(); }, 2.0));
  liar.send(net::Hello{net::kProtocolVersion, "liar", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return liar.received<net::Welcome>(); }, 2.0));
  match.pumpFor({}, 1.0);
  net::ClientReport plausible;
  plausible.rollbacks = 3;
  plausible.maxRollbackDepth = 4;
  liar.send(plausible, net::kUnreliableChannel);
  match.pumpFor({}, 0.2);
  net::ClientReport absurd;
  absurd.rollbacks = 0xFFFFFFFFu;
  absurd.maxRollbackDepth = 65535;
  liar.send(absurd, net::kUnreliableChannel);
  match.pumpFor({}, 0.2);
  const ServerMetrics metrics = match.server().metrics();
  EXPECT_EQ(metrics.refusedClientReports, 1u);
  EXPECT_EQ(metrics.reportedRollbacks, 3u);
  EXPECT_EQ(metrics.reportedMaxRollbackDepth, 4u);
}

/// A level of 2,000 crates (100 × 30 tiles): its Welcome and full states are tens of KB.
Level crateYard() {
  std::string picture;
  for (int row = 0; row < 30; ++row) {
    std::string line(100, row == 29 ? '#' : '.');
    line.front() = '#';
    line.back() = '#';
    picture += line + "\n";
  }
  picture[static_cast<std::size_t>(101 * 27 + 2)] = 'S';
  Level level = levelFromAscii(picture);
  for (int i = 0; i < 2000; ++i) {
    level.crates.push_back(
        CrateDefinition{{1.0f + static_cast<float>(i % 98), 1.0f + static_cast<float>(i / 98)},
                        {0.9f, 0.9f},
                        1.0f});
  }
  return level;
}

// On a level of 2,000 crates a peer that repeats its Hello every 0.1 s and reports a desync every
// 0.1 s, never acknowledging, receives over 10 s no more than its Welcome (the level and one full
// state) plus 3 times what it sent and the free allowances of Welcome copies and full states.
TEST(GameServer, OnAWorldOfTwoThousandCratesOutputStaysWithinWhatThePeerProved) {
  ServerConfig config = test::testServerConfig();
  test::LoopbackMatch match(config, crateYard());
  test::RawPeer greedy(match.port());
  match.watch(greedy);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return greedy.connected(); }, 2.0));
  const net::Hello hello{net::kProtocolVersion, "greedy", {}, false, 0};
  greedy.send(hello, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return greedy.received<net::Welcome>(); }, 5.0));
  const std::uint64_t welcome = greedy.traffic().wireBytesReceived();
  ASSERT_GT(welcome, 30000u) << "a big Welcome, or the test proves nothing";
  const std::uint64_t sentBefore = greedy.traffic().wireBytesSent();
  for (int step = 0; step < 100; ++step) {  // 10 s
    greedy.send(hello, net::kUnreliableChannel);
    greedy.send(net::DesyncReport{1, 42}, net::kReliableChannel);
    match.pumpFor({}, 0.1);
    greedy.takeMessages();
  }
  const std::uint64_t received = greedy.traffic().wireBytesReceived() - welcome;
  const std::uint64_t sent = greedy.traffic().wireBytesSent() - sentBefore;
  const std::uint64_t allowance = WelcomeCopies::kFreeCopyBytes + Connection::kFreeFullStateBytes;
  EXPECT_LE(received, 3 * sent + allowance)
      << "received " << received << " B after the Welcome, sent " << sent << " B";
}

// A repair that did not help is not repeated faster than every 4 s: 100 reports in 10 s from a
// peer draw at most a handful of full states, every report still counted.
TEST(GameServer, RepairsThatDoNotHelpAreNotRepeatedFasterThanEveryFourSeconds) {
  test::LoopbackMatch match;
  test::RawPeer reporter(match.port());
  match.watch(reporter);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return reporter.connected(); }, 2.0));
  reporter.send(net::Hello{net::kProtocolVersion, "reporter", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return reporter.received<net::Welcome>(); }, 2.0));
  reporter.takeMessages();
  int fullStates = 0;
  for (int step = 0; step < 100; ++step) {
    const std::uint32_t tick = match.server().rooms().begin()->second->tick();
    reporter.send(net::InputBatch::make(tick, tick + 1, {PlayerInput{}}), net::kUnreliableChannel);
    reporter.send(net::DesyncReport{tick, 42}, net::kReliableChannel);
    match.pumpFor({}, 0.1);
    fullStates += reporter.received<net::FullState>();
    reporter.takeMessages();
  }
  EXPECT_EQ(match.server().metrics().desyncReports, 100u);
  EXPECT_GE(fullStates, 2);
  EXPECT_LE(fullStates, 4) << "at 0 s, then every 4 s at most";
}

// One address joins at most 4 × net.peers_per_address times in 10 s: reconnecting over and over
// cannot draw Welcome after Welcome.
TEST(GameServer, JoinsFromOneAddressAreLimited) {
  test::LoopbackMatch match;  // peers_per_address 4: 16 joins in 10 s
  int welcomed = 0;
  int refused = 0;
  std::string reason;
  for (int join = 0; join < 18; ++join) {
    test::RawPeer joiner(match.port());
    match.watch(joiner);
    ASSERT_TRUE(match.pumpUntil(
        {}, [&] { return joiner.connected(); }, 2.0));
    joiner.send(net::Hello{net::kProtocolVersion, "joiner", {}, true, 0}, net::kReliableChannel);
    ASSERT_TRUE(match.pumpUntil(
        {}, [&] { return joiner.received<net::Welcome>() || joiner.received<net::Refusal>(); },
        2.0));
    welcomed += joiner.received<net::Welcome>() ? 1 : 0;
    joiner.received<net::Refusal>([&](const net::Refusal& refusal) {
      ++refused;
      reason = refusal.reason;
      return true;
    });
    joiner.disconnect();
    match.pumpFor({}, 0.05);
    match.unwatch(joiner);
  }
  EXPECT_EQ(welcomed, 16);
  EXPECT_EQ(refused, 2);
  EXPECT_EQ(reason, "too many joins from this address; try again in a few seconds");
}

}  // namespace
}  // namespace coyote
