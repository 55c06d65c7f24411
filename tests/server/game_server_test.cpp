// The server and the client core together over real ENet sockets on 127.0.0.1, ephemeral ports,
// driven in one thread by a made-up clock: no test here sleeps.
#include "server/game_server.h"

#include <algorithm>
#include <bit>
#include <fstream>
#include <random>
#include <set>

#include <spdlog/sinks/ringbuffer_sink.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "net/connect_cookie.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "support/fake_server_host.h"
#include "support/network.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

bool playing(const ClientSession& client) {
  return client.phase() == ClientPhase::Playing;
}

bool sees(const ClientSession& observer, int slot) {
  return slot >= 0 && observer.confirmed().characters[static_cast<std::size_t>(slot)].active;
}

/// Each client runs its own seeded random player.
struct RandomPlayers {
  std::vector<RandomInputs> sources;
  TickInputs buffer{};
  explicit RandomPlayers(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      sources.emplace_back(100 + i);
    }
  }
  PlayerInput operator()(std::size_t client, std::uint32_t) {
    sources[client].next(buffer, 1);
    return buffer[0];
  }
};

TEST(GameServer, JoinMidGameLeaveAndReconnectWithinTheWindowKeepsThePlayer) {
  test::LoopbackMatch match;
  ClientSession first(test::clientOptions(match.port(), "first"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first}, [&] { return playing(first); }, 5.0));
  match.pumpFor({&first}, 0.5);

  auto second = std::make_unique<ClientSession>(test::clientOptions(match.port(), "second"),
                                                test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, second.get()}, [&] { return sees(first, second->playerSlot()); }, 5.0));
  const int secondSlot = second->playerSlot();
  const net::ReconnectToken token = second->reconnectToken();
  EXPECT_NE(secondSlot, first.playerSlot());
  EXPECT_FALSE(token.empty());
  EXPECT_EQ(first.nameOf(secondSlot), "second");

  second->disconnect();
  second.reset();
  match.pumpFor({&first}, 0.5);
  EXPECT_TRUE(sees(first, secondSlot)) << "the slot waits for its token";

  ClientOptions again = test::clientOptions(match.port(), "second-again");
  again.reconnectToken = token;
  auto back = std::make_unique<ClientSession>(again, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, back.get()}, [&] { return playing(*back); }, 5.0));
  EXPECT_EQ(back->playerSlot(), secondSlot);
  EXPECT_NE(back->reconnectToken(), token) << "a token is good for one reconnection";
  const net::ReconnectToken renewed = back->reconnectToken();

  back->disconnect();
  back.reset();
  // reconnect_window is 2 s in the test config: after it the character leaves.
  ASSERT_TRUE(match.pumpUntil(
      {&first}, [&] { return !sees(first, secondSlot); }, 5.0));
  ClientOptions late = test::clientOptions(match.port(), "late");
  late.reconnectToken = renewed;
  ClientSession stranger(late, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, &stranger}, [&] { return playing(stranger); }, 5.0));
  EXPECT_NE(stranger.reconnectToken(), renewed) << "an expired token gives a new player";
  EXPECT_GE(stranger.playerSlot(), 0);
  EXPECT_EQ(first.stats().unrepairedDesyncs(), 0u);
}

// The server hears nothing from a player for net.peer_timeout (its link died): it drops the
// connection and keeps the slot; the client, hearing nothing either, rejoins by itself with its
// token and carries on with the same character.
TEST(GameServer, AClientDroppedForSilenceRejoinsWithItsTokenAndKeepsItsCharacter) {
  ServerConfig config = test::testServerConfig();
  config.peerTimeout = 1.0f;
  test::LoopbackMatch match(config);
  ClientSession stays(test::clientOptions(match.port(), "stays"), test::quietLogger());
  ClientOptions options = test::clientOptions(match.port(), "cut");
  options.serverTimeout = 1.0;
  ClientSession cut(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&stays, &cut}, [&] { return playing(stays) && sees(stays, cut.playerSlot()); }, 5.0));
  const int slot = cut.playerSlot();
  match.pumpFor({&stays}, 1.5);  // the cut client's machine hears and says nothing
  EXPECT_EQ(match.server().metrics().players, 1) << "the server dropped the silent connection";
  EXPECT_TRUE(sees(stays, slot)) << "and kept its slot";
  ASSERT_TRUE(match.pumpUntil(
      {&stays, &cut}, [&] { return playing(cut) && cut.stats().reconnects == 1; }, 3.0));
  EXPECT_EQ(cut.playerSlot(), slot);
  match.pumpFor({&stays, &cut}, 1.0);
  EXPECT_EQ(match.server().metrics().players, 2);
  EXPECT_GT(cut.stats().confirmedTick, 0u);
  EXPECT_TRUE(cut.stats().confirmedHashMatches);
  EXPECT_EQ(stays.stats().unrepairedDesyncs(), 0u);
}

// A client that noticed the silence first (the link died one way) comes back with its token
// while the server still thinks the old connection alive: the token hands the slot over and
// the old connection is closed, so the player is never counted twice.
TEST(GameServer, AClientThatRejoinsBeforeTheServerNoticedTakesItsSlotOver) {
  test::LoopbackMatch match;  // peer_timeout 5 s
  ClientSession old(test::clientOptions(match.port(), "old"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&old}, [&] { return playing(old); }, 5.0));
  ClientOptions options = test::clientOptions(match.port(), "back");
  options.reconnectToken = old.reconnectToken();
  ClientSession back(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&back}, [&] { return playing(back); }, 2.0));
  EXPECT_EQ(back.playerSlot(), old.playerSlot());
  EXPECT_EQ(match.server().metrics().players, 1);
  match.pumpFor({&back}, 1.0);
  EXPECT_EQ(match.server().metrics().players, 1);
  EXPECT_TRUE(back.stats().confirmedHashMatches);
}

TEST(GameServer, TheReconnectWindowIsMeasuredOnTheServersClock) {
  test::LoopbackMatch match;
  ClientSession stays(test::clientOptions(match.port(), "stays"), test::quietLogger());
  auto leaves = std::make_unique<ClientSession>(test::clientOptions(match.port(), "leaves"),
                                                test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&stays, leaves.get()}, [&] { return sees(stays, leaves->playerSlot()); }, 5.0));
  const int slot = leaves->playerSlot();
  leaves->disconnect();
  leaves.reset();
  match.pumpFor({&stays}, 1.9);
  EXPECT_TRUE(sees(stays, slot)) << "1.9 s of a 2 s window";
  match.pumpFor({&stays}, 0.3);
  EXPECT_FALSE(sees(stays, slot)) << "2.2 s: the window is over";
}

TEST(GameServer, RefusesAWrongProtocolVersionWithAClearMessage) {
  test::LoopbackMatch match;
  ClientOptions options = test::clientOptions(match.port(), "old");
  options.protocolVersion = net::kProtocolVersion + 41;
  ClientSession client(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_THAT(client.endReason(),
              HasSubstr(fmt::format("protocol version {} is not supported; the server speaks "
                                    "version {}",
                                    net::kProtocolVersion + 41, net::kProtocolVersion)));
}

TEST(GameServer, ClientRefusesAServerSpeakingAnotherProtocolVersion) {
  test::FakeServerHost fakeServer;
  ClientSession client(test::clientOptions(fakeServer.port(), "new"), test::quietLogger());
  double now = 0.0;
  for (int turn = 0; turn < 2000 && client.phase() != ClientPhase::Refused; ++turn) {
    client.update(now += 0.001, [](std::uint32_t) { return PlayerInput{}; });
    ENetEvent event;
    while (enet_host_service(fakeServer.get(), &event, 0) > 0) {
      if (event.type == ENET_EVENT_TYPE_RECEIVE) {
        net::Welcome welcome;
        welcome.protocolVersion = net::kProtocolVersion + 98;
        welcome.level = net::toLevelData(test::networkTestLevel());
        net::sendMessage(event.peer, welcome, net::kReliableChannel);
        enet_packet_destroy(event.packet);
      }
    }
  }
  ASSERT_EQ(client.phase(), ClientPhase::Refused);
  EXPECT_THAT(client.endReason(),
              HasSubstr(fmt::format("the server speaks protocol version {}; this client speaks {}",
                                    net::kProtocolVersion + 98, net::kProtocolVersion)));
}

#if defined(__SANITIZE_ADDRESS__)
#define COYOTE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COYOTE_ASAN 1
#endif
#endif

// Under AddressSanitizer the resident size also holds ASan's bookkeeping for every allocation —
// the quarantine of freed blocks, per-thread caches and their shadow memory, ~10 MB here with a
// 4 MB quarantine — so it cannot tell 8 MB apart from that. A real leak is caught there by
// LeakSanitizer at exit instead.
#ifdef COYOTE_ASAN
constexpr long kResidentGrowthLimitKb = 32 * 1024;
#else
constexpr long kResidentGrowthLimitKb = 8 * 1024;
#endif

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

/// Truncated messages, lengths claiming 64 KiB or 4 GiB, inputs before Hello: 4 packets.
void sendMalformedHandshake(test::RawPeer& attacker) {
  std::vector<std::uint8_t> hello = net::encode(net::Message{net::Hello{}});
  attacker.sendBytes({hello.begin(), hello.begin() + 3}, net::kReliableChannel);
  attacker.sendBytes({net::Hello::kType, 1, 0, 0xFF, 0xFF, 'x'}, net::kReliableChannel);
  attacker.sendBytes({net::Hello::kType, 1, 0, 0xFF, 0xFF, 0xFF, 0xFF}, net::kReliableChannel);
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

TEST(GameServer, DesyncIsReportedNamedAndRepairedByAFullState) {
  test::LoopbackMatch match;
  ClientSession client(test::clientOptions(match.port(), "victim"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return playing(client) && client.stats().confirmedTick > 30; }, 5.0));
  client.corruptConfirmedStateForTesting();
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.stats().repairedDesyncs == 1; }, 5.0));
  match.pumpFor({&client}, 0.5);
  EXPECT_EQ(client.stats().desyncs, 1u);
  EXPECT_THAT(client.stats().lastDesyncFields,
              ::testing::Contains(fmt::format("characters[{}].position.x", client.playerSlot())));
  EXPECT_TRUE(client.stats().confirmedHashMatches);
  EXPECT_EQ(match.server().metrics().desyncReports, 1u);
}

TEST(GameServer, SpectatorFollowsTheGameWithoutAPlayer) {
  test::LoopbackMatch match;
  ClientSession player(test::clientOptions(match.port(), "runner"), test::quietLogger());
  ClientOptions watching = test::clientOptions(match.port(), "watcher");
  watching.spectator = true;
  ClientSession spectator(watching, test::quietLogger());
  RandomPlayers inputs(2);
  ASSERT_TRUE(match.pumpUntil(
      {&player, &spectator},
      [&] {
        return playing(spectator) && sees(spectator, player.playerSlot()) &&
               spectator.stats().confirmedTick > 120;
      },
      6.0, std::ref(inputs)));
  EXPECT_EQ(spectator.playerSlot(), -1);
  int active = 0;
  for (const Character& character : spectator.confirmed().characters) {
    active += character.active ? 1 : 0;
  }
  EXPECT_EQ(active, 1);
  EXPECT_TRUE(spectator.stats().confirmedHashMatches);
  EXPECT_EQ(spectator.stats().fullStates, 0u) << "a spectator's acks keep it on frames";
}

TEST(GameServer, ACrowdJoiningInOneTickIsSpreadOverTicksAndEveryoneAgrees) {
  ServerConfig config = test::testServerConfig();
  config.maxPlayers = 80;
  config.peersPerAddress = 100;
  config.maxSpectators = 0;
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<test::RawPeer>> crowd;
  for (int i = 0; i < 70; ++i) {
    crowd.push_back(std::make_unique<test::RawPeer>(match.port()));
    match.watch(*crowd.back());
  }
  ASSERT_TRUE(match.pumpUntil(
      {},
      [&] {
        return std::all_of(crowd.begin(), crowd.end(),
                           [](auto& peer) { return peer->connected(); });
      },
      5.0));
  for (auto& peer : crowd) {  // more joins at once than one frame may carry
    peer->send(net::Hello{net::kProtocolVersion, "crowd", {}, false, 0}, net::kReliableChannel);
  }
  ClientSession observer(test::clientOptions(match.port(), "observer"), test::quietLogger());
  const auto everyoneIn = [&] {
    int active = 0;
    for (const Character& character : observer.confirmed().characters) {
      active += character.active ? 1 : 0;
    }
    return active == 71;
  };
  ASSERT_TRUE(match.pumpUntil(
      {&observer},
      [&] {
        for (auto& peer : crowd) {
          peer->takeMessages();
        }
        return playing(observer) && everyoneIn();
      },
      10.0));
  match.pumpFor({&observer}, 0.5);
  EXPECT_TRUE(observer.stats().confirmedHashMatches);
  EXPECT_EQ(observer.stats().desyncs, 0u);
}

TEST(GameServer, AFixedInputDelayAppliesEachInputThatManyTicksLater) {
  test::LoopbackMatch match;
  ClientOptions options = test::clientOptions(match.port(), "delayed");
  options.inputDelay = 4;
  ClientSession client(options, test::quietLogger());
  // Once the character stands still on the floor, hold left from a known predicted tick on.
  std::uint32_t pressTick = 0;
  const auto input = [&](std::size_t, std::uint32_t tick) {
    if (pressTick == 0 && client.stats().confirmedTick > 90) {
      pressTick = tick;
    }
    return pressTick != 0 && tick >= pressTick ? PlayerInput{-127, 0, 0} : PlayerInput{};
  };
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return pressTick != 0 && client.confirmed().tick >= pressTick + 7; }, 8.0,
      input));
  // On the ground each tick of input adds exactly groundAccel * dt = 1 tile/s, so the confirmed
  // (authoritative) speed tells on which tick the input was first applied.
  const Character& me =
      client.confirmed().characters[static_cast<std::size_t>(client.playerSlot())];
  ASSERT_TRUE(me.grounded);
  ASSERT_LT(me.velocity.x, 0.0f);
  ASSERT_GT(me.velocity.x, -9.0f);
  const auto appliedFrom = client.confirmed().tick + 1 - static_cast<std::uint32_t>(-me.velocity.x);
  EXPECT_EQ(appliedFrom, pressTick + 4);
  EXPECT_EQ(client.stats().lateInputs, 0u);
  EXPECT_EQ(client.stats().desyncs, 0u);
}

// A server that accepts the connection but never answers the Hello (its half-open peer may have
// been dropped while this side thinks the handshake complete): after 2.5 s without a word the
// client starts a new attempt, and it gives up at connect_timeout.
TEST(GameServer, AWelcomeThatNeverComesIsAFailedAttemptUntilTheConnectTimeout) {
  test::FakeServerHost mute;
  ClientOptions options = test::clientOptions(mute.port(), "patient");
  options.connectTimeout = 9.0;
  ClientSession client(options, test::quietLogger());
  int connections = 0;
  double now = 0.0;
  for (; now < 12.0 && client.phase() == ClientPhase::Connecting; now += 0.01) {
    client.update(now, [](std::uint32_t) { return PlayerInput{}; });
    mute.now = now;
    ENetEvent event;
    while (enet_host_service(mute.get(), &event, 0) > 0) {
      connections += event.type == ENET_EVENT_TYPE_CONNECT ? 1 : 0;
      if (event.type == ENET_EVENT_TYPE_RECEIVE) {
        enet_packet_destroy(event.packet);
      }
    }
  }
  EXPECT_EQ(connections, 4) << "attempts at 0, 2.5, 5 and 7.5 s: 2.5 s of silence each";
  EXPECT_EQ(client.phase(), ClientPhase::Disconnected);
  EXPECT_THAT(client.endReason(), HasSubstr("within 9 s"));
  EXPECT_NEAR(now, 9.0, 0.1);
}

// A server that took the Hello but whose Welcome is slow still sends frames: the client waits
// for the Welcome until 6 s after the last of them, not the 2.5 s a silent server gets.
TEST(GameServer, FramesWithoutAWelcomeKeepTheAttemptAliveUntilSixSecondsAfterTheLast) {
  test::FakeServerHost slow;
  ClientOptions options = test::clientOptions(slow.port(), "patient");
  options.connectTimeout = 30.0;
  ClientSession client(options, test::quietLogger());
  const std::vector<std::uint8_t> frames = net::encode(net::Message{net::ServerFrames{}});
  int connections = 0;
  ENetPeer* first = nullptr;
  double secondConnectAt = -1.0;
  for (int turn = 0; turn < 1200 && secondConnectAt < 0.0; ++turn) {
    const double now = turn * 0.01;
    client.update(now, [](std::uint32_t) { return PlayerInput{}; });
    slow.now = now;
    ENetEvent event;
    while (enet_host_service(slow.get(), &event, 0) > 0) {
      if (event.type == ENET_EVENT_TYPE_CONNECT && ++connections == 2) {
        secondConnectAt = now;
      }
      first = first == nullptr && event.type == ENET_EVENT_TYPE_CONNECT ? event.peer : first;
      if (event.type == ENET_EVENT_TYPE_RECEIVE) {
        enet_packet_destroy(event.packet);
      }
    }
    if (first != nullptr && turn <= 300 && turn % 50 == 0) {  // every 0.5 s up to 3 s
      enet_peer_send(first, net::kUnreliableChannel,
                     enet_packet_create(frames.data(), frames.size(), 0));
      enet_host_flush(slow.get());
    }
  }
  ASSERT_EQ(connections, 2);
  EXPECT_GT(secondConnectAt, 8.9) << "6 s after the last frame, at about 3 s";
  EXPECT_LT(secondConnectAt, 9.5);
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

// A player that stops acknowledging gets no frames after 1 s, only full states at 1, 2, 4, 8 s
// intervals, while an honest client beside it receives every frame.
TEST(GameServer, APlayerThatNeverAcknowledgesGetsABoundedTrickleNotEveryFrame) {
  test::LoopbackMatch match;
  ClientSession honest(test::clientOptions(match.port(), "honest"), test::quietLogger());
  test::RawPeer mute(match.port());
  match.watch(mute);
  ASSERT_TRUE(match.pumpUntil(
      {&honest}, [&] { return playing(honest) && mute.connected(); }, 2.0));
  mute.send(net::Hello{net::kProtocolVersion, "mute", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {&honest}, [&] { return mute.received<net::Welcome>(); }, 1.0));
  match.pumpFor({&honest}, 4.0);
  const std::uint64_t muteBefore = mute.traffic().wireBytesReceived();
  const std::uint64_t honestBefore = honest.stats().bytesDown;
  const std::uint64_t fullStatesBefore = match.server().metrics().fullStatesSent;
  match.pumpFor({&honest}, 8.0);
  const std::uint64_t muteGot = mute.traffic().wireBytesReceived() - muteBefore;
  const std::uint64_t honestGot = honest.stats().bytesDown - honestBefore;
  EXPECT_LT(muteGot * 4, honestGot) << "mute " << muteGot << " B, honest " << honestGot << " B";
  EXPECT_LE(match.server().metrics().fullStatesSent - fullStatesBefore, 2u);
  EXPECT_FALSE(mute.disconnected());
  EXPECT_TRUE(playing(honest));
}

// A client that lags gets every tick since its last acknowledgement in one packet, which soon
// outgrows a datagram: it still goes unreliably, in fragments that arrive whole or not at all,
// never as reliable fragments that ENet would send again and again on a lossy link.
TEST(GameServer, FramesLargerThanADatagramGoUnreliably) {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 16;
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<ClientSession>> players;
  std::vector<ClientSession*> sessions;
  for (int i = 0; i < 8; ++i) {
    players.push_back(std::make_unique<ClientSession>(
        test::clientOptions(match.port(), "player" + std::to_string(i)), test::quietLogger()));
    sessions.push_back(players.back().get());
  }
  // Inputs that change every tick, so that each tick's frame carries them all.
  const test::InputSource restless = [](std::size_t client, std::uint32_t tick) {
    const auto step = static_cast<int>((tick * 37 + client * 11) % 255);
    return PlayerInput{static_cast<std::int8_t>(step - 127), 0,
                       static_cast<std::uint8_t>(tick % 2 == 0 ? kButtonJump : 0)};
  };
  test::RawPeer mute(match.port());
  match.watch(mute);
  const auto allPlaying = [&] {
    return std::all_of(sessions.begin(), sessions.end(), [](auto* s) { return playing(*s); });
  };
  ASSERT_TRUE(match.pumpUntil(
      sessions, [&] { return allPlaying() && mute.connected(); }, 5.0, restless));
  mute.send(net::Hello{net::kProtocolVersion, "mute", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      sessions, [&] { return mute.received<net::Welcome>(); }, 1.0, restless));
  // It never acknowledges: each frame holds every tick since it joined (the trickle of full
  // states instead starts at 1 s).
  match.pumpFor(sessions, 0.9, restless);
  ASSERT_GT(mute.largestOn(net::kUnreliableChannel), std::size_t{ENET_HOST_DEFAULT_MTU});
  EXPECT_EQ(mute.reliableCommandsOn(net::kUnreliableChannel), 0u);
  EXPECT_GT(mute.reliableCommandsOn(net::kReliableChannel), 0u);  // the Welcome: it counts
}

TEST(GameServer, RefusesPlayersBeyondMaxPlayers) {
  ServerConfig config = test::testServerConfig();
  config.maxPlayers = 1;
  test::LoopbackMatch match(config);
  ClientSession first(test::clientOptions(match.port(), "one"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first}, [&] { return playing(first); }, 5.0));
  ClientSession second(test::clientOptions(match.port(), "two"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, &second}, [&] { return second.phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_THAT(second.endReason(), HasSubstr("room main is full (1 players)"));
}

TEST(GameServer, AClientThatFallsBehindTheHistoryWindowGetsAFullState) {
  test::LoopbackMatch match;
  ClientSession client(test::clientOptions(match.port(), "sleepy"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return playing(client); }, 5.0));
  match.pumpFor({&client}, 0.3);
  match.serverOnlyFor(3.0);  // 180 ticks without acks
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.stats().fullStates >= 1; }, 5.0));
  match.pumpFor({&client}, 0.5);
  EXPECT_TRUE(playing(client));
  EXPECT_TRUE(client.stats().confirmedHashMatches);
  EXPECT_EQ(client.stats().desyncs, 0u);
}

TEST(GameServer, ADueTickRunsOnlyWhenItsTimeComesAndLagBeyondMaxSubstepsIsDropped) {
  ServerConfig config = test::testServerConfig();
  config.maxSubsteps = 4;
  GameServer server(config, test::networkTestLevel(), test::quietLogger(), 10.0);
  server.advance(10.0 + 0.5 / 60.0);
  EXPECT_EQ(server.tick(), 0u);
  server.advance(10.0 + 1.0 / 60.0);
  EXPECT_EQ(server.tick(), 1u);
  server.advance(10.0 + 3.5 / 60.0);
  EXPECT_EQ(server.tick(), 3u);
  server.advance(11.0);  // a second late: 4 ticks caught up, the rest dropped
  EXPECT_EQ(server.tick(), 7u);
  EXPECT_GT(server.metrics().droppedLagTicks, 50u);
  EXPECT_GT(server.nextTickTime(), 11.0);
}

TEST(GameServer, ReservationsNeverKeepANewcomerOut) {
  ServerConfig config = test::testServerConfig();
  config.maxPlayers = 2;
  config.reconnectWindow = 30.0f;
  test::LoopbackMatch match(config);
  net::ReconnectToken firstToken;
  for (const char* name : {"first", "second"}) {
    ClientSession leaving(test::clientOptions(match.port(), name), test::quietLogger());
    ASSERT_TRUE(match.pumpUntil(
        {&leaving}, [&] { return playing(leaving); }, 5.0));
    firstToken = firstToken.empty() ? leaving.reconnectToken() : firstToken;
    leaving.disconnect();
    match.pumpFor({}, 0.5);
  }
  // Both slots are reserved for 30 s; newcomers take them, the oldest reservation first.
  ClientSession third(test::clientOptions(match.port(), "third"), test::quietLogger());
  ClientSession fourth(test::clientOptions(match.port(), "fourth"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&third, &fourth}, [&] { return playing(third) && playing(fourth); }, 5.0));
  ClientOptions back = test::clientOptions(match.port(), "first-again");
  back.reconnectToken = firstToken;
  ClientSession first(back, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&third, &fourth, &first}, [&] { return first.phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_THAT(first.endReason(), HasSubstr("is full")) << "its reservation was given up";
  EXPECT_EQ(match.server().metrics().players, 2);
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
    peer.send(
        net::Hello{net::kProtocolVersion, "guesser", net::ReconnectToken::generate(), false, 0},
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
  later.send(net::Hello{net::kProtocolVersion, "later", net::ReconnectToken::generate(), false, 0},
             net::kReliableChannel);
  EXPECT_TRUE(match.pumpUntil(
      {}, [&] { return later.received<net::Welcome>(); }, 2.0))
      << "the window passed";
}

TEST(ReconnectToken, TokensAre128RandomBitsAndIndependent) {
  std::set<std::array<std::uint8_t, 16>> seen;
  int bitsSet = 0;
  for (int i = 0; i < 1000; ++i) {
    const net::ReconnectToken token = net::ReconnectToken::generate();
    EXPECT_FALSE(token.empty());
    seen.insert(token.bytes);
    for (std::uint8_t byte : token.bytes) {
      bitsSet += std::popcount(byte);
    }
  }
  EXPECT_EQ(seen.size(), 1000u);
  EXPECT_NEAR(bitsSet / 128000.0, 0.5, 0.01);  // 128,000 fair coin flips
  net::ReconnectToken a = net::ReconnectToken::generate();
  net::ReconnectToken b = a;
  EXPECT_TRUE(a.matches(b));
  b.bytes[15] ^= 1;
  EXPECT_FALSE(a.matches(b));
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

/// A logger that keeps its lines, to count them.
std::pair<std::shared_ptr<spdlog::logger>, std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt>>
capturingLogger() {
  auto sink = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(1000);
  return {std::make_shared<spdlog::logger>("captured", sink), sink};
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

}  // namespace
}  // namespace coyote
