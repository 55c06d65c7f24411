// What the server sends and when: desync repair, bounded output to a silent player, frames
// larger than a datagram, full states for a client left behind, the fixed-step clock.
// The server and the client core together over real ENet sockets on 127.0.0.1, ephemeral ports,
// driven in one thread by a made-up clock: no test here sleeps.
#include "server/game_server.h"

#include <algorithm>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/network.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

using test::playing;

TEST(GameServer, DesyncIsReportedNamedAndRepairedByAFullState) {
  test::LoopbackMatch match;
  // The client's confirmed step goes wrong once, at a tick chosen below: its player moved half a
  // tile the server never moved.
  std::uint32_t wrongAt = 0;
  int slot = -1;
  ClientOptions options = test::clientOptions(match.port(), "victim");
  options.confirmedStep = [&](WorldState& state, const std::vector<RosterEvent>& events,
                              const TickInputs& inputs, const Level& level,
                              const StepParameters& parameters, EventBatch* stepEvents) {
    if (state.tick == wrongAt && slot >= 0) {
      state.characters[static_cast<std::size_t>(slot)].position.x += 0.5f;
    }
    applyAuthoritativeTick(state, events, inputs, level, parameters, stepEvents);
  };
  ClientSession client(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return playing(client) && client.stats().confirmedTick > 30; }, 5.0));
  slot = client.playerSlot();
  wrongAt = client.stats().confirmedTick;  // the next tick confirmed steps from a moved player
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.stats().repairedDesyncs == 1; }, 5.0));
  match.pumpFor({&client}, 0.5);
  EXPECT_EQ(client.stats().desyncs, 1u);
  EXPECT_THAT(client.stats().lastDesyncFields,
              ::testing::Contains(fmt::format("characters[{}].position.x", client.playerSlot())));
  EXPECT_TRUE(client.stats().confirmedHashMatches);
  EXPECT_EQ(match.server().metrics().desyncReports, 1u);
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
  // Silent past net.peer_timeout (5 s), it is told at once and dropped, not left to hold its
  // ENet peer for the reliable timeout.
  EXPECT_TRUE(mute.disconnected());
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
  GameServer server(config, test::networkTestLevel(), test::quietLogger(), {10.0, 0});
  server.advance({10.0 + 0.5 / 60.0, 0});
  EXPECT_EQ(server.tick(), 0u);
  server.advance({10.0 + 1.0 / 60.0, 0});
  EXPECT_EQ(server.tick(), 1u);
  server.advance({10.0 + 3.5 / 60.0, 0});
  EXPECT_EQ(server.tick(), 3u);
  server.advance({11.0, 0});  // a second late: 4 ticks caught up, the rest dropped
  EXPECT_EQ(server.tick(), 7u);
  EXPECT_GT(server.metrics().droppedLagTicks, 50u);
  EXPECT_GT(server.nextTickTime(), 11.0);
}

}  // namespace
}  // namespace coyote
