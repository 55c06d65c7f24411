// How many fit: crowds joining at once, the player cap, reservations that never keep a newcomer
// out.
// The server and the client core together over real ENet sockets on 127.0.0.1, ephemeral ports,
// driven in one thread by a made-up clock: no test here sleeps.
#include "server/game_server.h"

#include <algorithm>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "net/connect_challenge.h"
#include "support/network.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

using test::playing;
using ::testing::HasSubstr;

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
  int joiner = 0;
  for (auto& peer : crowd) {  // more joins at once than one frame may carry
    peer->send(net::Hello{net::kProtocolVersion, fmt::format("crowd{}", joiner++), {}, false, 0},
               net::kReliableChannel);
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

// ENet drops a CONNECT beyond net.peers_per_address without a word; the server answers it with
// the reason instead, so the client does not wait out its connect timeout (15 s).
TEST(GameServer, AClientBeyondPeersPerAddressLearnsWhyWithinASecond) {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 2;
  test::LoopbackMatch match(config);
  ClientSession first(test::clientOptions(match.port(), "one"), test::quietLogger());
  ClientSession second(test::clientOptions(match.port(), "two"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, &second}, [&] { return playing(first) && playing(second); }, 5.0));
  ClientSession third(test::clientOptions(match.port(), "three"), test::quietLogger());
  const double start = match.now();
  ASSERT_TRUE(match.pumpUntil(
      {&first, &second, &third}, [&] { return third.phase() == ClientPhase::Refused; }, 5.0))
      << static_cast<int>(third.phase()) << " " << third.endReason() << " "
      << match.server().metrics().turnedAwayConnects;
  EXPECT_LT(match.now() - start, 1.0) << third.endReason();
  EXPECT_THAT(third.endReason(), HasSubstr("net.peers_per_address"));
  EXPECT_TRUE(playing(first) && playing(second));  // the refusal touched nobody else
  EXPECT_GE(match.server().metrics().turnedAwayConnects, 1u);
  // One refusal per CONNECT and address at most every 100 ms, 9 bytes each: never more than the
  // CONNECTs it answers.
  EXPECT_LE(match.server().metrics().turnedAwayConnects, 10u);
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

// A client whose attempt was lost half-way (the server made a peer and sent VERIFY_CONNECT, which
// never arrived) tries again from the same socket with a new CONNECT. That attempt supersedes the
// first at once: with one place left under net.peers_per_address, it gets in instead of being
// refused for its own abandoned attempt (as a household behind one NAT was, on a lossy link).
TEST(GameServer, ARetriedConnectSupersedesItsHalfOpenAttemptUnderPeersPerAddress) {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 2;
  test::LoopbackMatch match(config);
  ClientSession first(test::clientOptions(match.port(), "one"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first}, [&] { return playing(first); }, 5.0));

  net::EnetHost socket = net::EnetHost::client();  // one socket for both attempts
  ENetAddress server{};
  enet_address_set_host_ip(&server, "127.0.0.1");
  server.port = match.port();
  net::ConnectChallenge challenge(socket, server);
  ENetEvent event;
  ENetPeer* lost = nullptr;
  ASSERT_TRUE(match.pumpUntil(
      {&first},
      [&] {
        enet_host_service(socket.get(), &event, 0);  // the cookie's reply
        lost = challenge.update(match.now());
        return lost != nullptr;
      },
      5.0));
  enet_host_flush(socket.get());  // the CONNECT goes; what the server answers is never read
  match.pumpFor({&first}, 0.3);
  enet_peer_reset(lost);  // the client gives up on it, as after a lost VERIFY_CONNECT
  ASSERT_EQ(match.server().metrics().supersededConnects, 0u);

  challenge.restart(match.now());
  bool connected = false;
  ENetPeer* retried = nullptr;
  match.pumpUntil(
      {&first},
      [&] {
        while (enet_host_service(socket.get(), &event, 0) > 0) {
          connected = connected || event.type == ENET_EVENT_TYPE_CONNECT;
        }
        retried = retried != nullptr ? retried : challenge.update(match.now());
        return connected || challenge.refusal().has_value();
      },
      5.0);
  EXPECT_TRUE(connected) << (challenge.refusal() ? net::describe(*challenge.refusal()) : "");
  EXPECT_FALSE(challenge.refusal().has_value());
  EXPECT_EQ(match.server().metrics().supersededConnects, 1u);
  EXPECT_TRUE(playing(first)) << "the other connection from the address is untouched";
}

}  // namespace
}  // namespace coyote
