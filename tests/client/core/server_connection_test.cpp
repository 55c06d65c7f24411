// The client core against a real server (or a fake one) on loopback: protocol checks, input
// delay, Welcomes that never come or come late.
// The server and the client core together over real ENet sockets on 127.0.0.1, ephemeral ports,
// driven in one thread by a made-up clock: no test here sleeps.
#include "server/game_server.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/fake_server_host.h"
#include "support/network.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

TEST(ServerConnection, RefusesAServerSpeakingAnotherProtocolVersion) {
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

TEST(ClientSession, AFixedInputDelayAppliesEachInputThatManyTicksLater) {
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

// A stall (the window dragged, the process stopped for a second) never turns into a burst of
// prediction: one update after a 1 s pause runs at most 4 ticks, not 60 (on a steady loopback
// link time sync has no whole-tick correction pending to add).
TEST(ClientSession, AOneSecondStallRunsAtMostFourTicksAtOnce) {
  test::LoopbackMatch match;
  ClientSession client(test::clientOptions(match.port(), "stalled"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.confirmed().tick > 120; }, 8.0));
  const std::uint32_t before = client.predicted().tick;
  client.update(match.now() + 1.0, [](std::uint32_t) { return PlayerInput{}; });
  const std::uint32_t ran = client.predicted().tick - before;
  EXPECT_GE(ran, 1u) << "it did catch up some";
  EXPECT_LE(ran, 4u) << "a 1 s stall ran " << ran << " ticks in one update";
}

// Nothing at the address (a port nobody listens on): the player hears "no server answered" after
// 5 s of unanswered cookie requests, not "disconnected" at connect_timeout.
TEST(ServerConnection, NoServerAtTheAddressIsSaidWithinFiveSeconds) {
  int port = 0;
  {
    test::FakeServerHost gone;  // a port just given back
    port = gone.port();
  }
  ClientOptions options = test::clientOptions(static_cast<std::uint16_t>(port), "lost");
  ClientSession client(options, test::quietLogger());  // connect_timeout 15 s
  double now = 0.0;
  for (; now < 8.0 && client.phase() == ClientPhase::Connecting; now += 0.01) {
    client.update(now, [](std::uint32_t) { return PlayerInput{}; });
  }
  EXPECT_EQ(client.phase(), ClientPhase::Disconnected);
  EXPECT_EQ(client.endReason(), fmt::format("no server answered at 127.0.0.1:{}", port));
  EXPECT_NEAR(now, 5.0, 0.1);
}

// A server that accepts the connection but never answers the Hello (its half-open peer may have
// been dropped while this side thinks the handshake complete): after 2.5 s without a word the
// client starts a new attempt, and it gives up at connect_timeout.
TEST(ServerConnection, AWelcomeThatNeverComesIsAFailedAttemptUntilTheConnectTimeout) {
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
TEST(ServerConnection, FramesWithoutAWelcomeKeepTheAttemptAliveUntilSixSecondsAfterTheLast) {
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

}  // namespace
}  // namespace coyote
