// The Hello and what answers it without a socket: a real Handshake over a real RoomDirectory,
// Moderation and chat, its Welcomes, copies and refusals taken by a RecordingOutbox.
#include "server/handshake/handshake.h"

#include <arpa/inet.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "identity/player_key.h"
#include "support/socketless_room.h"
#include "support/unix_time.h"

namespace coyote::test {
namespace {

using ::testing::HasSubstr;
using ::testing::SizeIs;

constexpr std::uint16_t kPort = 7777;

std::uint32_t loopback() {
  return htonl(INADDR_LOOPBACK);
}

struct HandshakeTest {
  ServerConfig config = [] {
    ServerConfig withoutReplays = testServerConfig();
    withoutReplays.record.clear();
    withoutReplays.motd.clear();
    return withoutReplays;
  }();
  RecordingOutbox outbox{false};
  Moderation moderation{config, quietLogger(), 0.0, kUnixAtStart, nullptr};
  ChatRouter chat{outbox, moderation, quietLogger()};
  RoomDirectory rooms{
      config,
      RoomCatalog(networkTestLevel(), {}, true),
      quietLogger(),
      outbox,
      {.move = [](Connection&, Room&, const std::string&) {},
       .announce = [this](const Room& room, const std::string& text) { chat.announce(room, text); },
       .closed = [](const Room&) {}},
      0.0};
  RecordsBridge records{nullptr, 16, chat, outbox, quietLogger()};
  OverloadGovernor governor{config.tickBudgetMs, config.physics.tickRate};
  Handshake handshake{config,
                      quietLogger(),
                      outbox,
                      rooms,
                      moderation,
                      chat,
                      records,
                      governor,
                      [] { return std::uint32_t{0}; },
                      ServerAddresses({}, loopback(), kPort)};
  std::vector<std::unique_ptr<Connection>> connections;

  /// A connection as SessionHost makes it at CONNECT, from 127.0.0.1 with `cookie`.
  Connection& connect(std::uint32_t cookie) {
    connections.push_back(std::make_unique<Connection>());
    Connection& connection = *connections.back();
    connection.id = static_cast<std::uint32_t>(connections.size());
    connection.ipv4 = loopback();
    connection.host = "127.0.0.1";
    connection.address = "127.0.0.1:" + std::to_string(50000 + connections.size());
    connection.cookie = cookie;
    return connection;
  }
  /// `name`'s Hello on `connection`, signed by `key` for its cookie and this server.
  static net::Hello hello(const Connection& connection, const std::string& name,
                          const identity::PlayerKey& key) {
    net::Hello hello;
    hello.name = name;
    hello.key = key.publicKey();
    hello.server = {loopback(), kPort};
    hello.signature = key.signHello(connection.cookie, hello.server);
    return hello;
  }
};

TEST(Handshake, AHelloIsWelcomedThroughTheOutboxAndARepeatGetsACopyOfTheSameBytes) {
  HandshakeTest test;
  const identity::PlayerKey key = identity::PlayerKey::generate();
  Connection& ada = test.connect(11);
  test.handshake.hello(ada, HandshakeTest::hello(ada, "ada", key), 1.0);
  ASSERT_EQ(ada.role, Connection::Role::Player);
  EXPECT_EQ(ada.room, &test.rooms.main());
  const auto welcomes = test.outbox.sentTo<net::Welcome>(ada);
  ASSERT_THAT(welcomes, SizeIs(1));
  EXPECT_EQ(welcomes[0].first, net::kReliableChannel);
  EXPECT_EQ(welcomes[0].second.playerSlot, ada.slot);

  ada.bytesReceived = 64 * 1024;  // what it proved: enough for a copy
  ada.roundTripSeconds = 0.05;
  test.handshake.repeatedHello(ada, 1.02);  // within a round trip of the Welcome: no copy
  EXPECT_THAT(test.outbox.sentTo<net::Welcome>(ada), SizeIs(1));
  test.handshake.repeatedHello(ada, 1.2);
  const auto copies = test.outbox.sentTo<net::Welcome>(ada);
  ASSERT_THAT(copies, SizeIs(2));
  EXPECT_EQ(copies[1].first, net::kUnreliableChannel);
  EXPECT_EQ(copies[1].second.snapshot.state.tick, welcomes[0].second.snapshot.state.tick);
  EXPECT_EQ(test.handshake.counters().welcomeCopies, 1u);
}

TEST(Handshake, AHelloSignedForAnotherCookieIsRefusedAndNothingButTheRefusalGoesOut) {
  HandshakeTest test;
  const identity::PlayerKey key = identity::PlayerKey::generate();
  Connection& replayed = test.connect(21);
  Connection& signer = test.connect(22);
  test.handshake.hello(replayed, HandshakeTest::hello(signer, "mallory", key), 1.0);
  EXPECT_TRUE(replayed.refused());
  EXPECT_THAT(test.outbox.goodbyes[&replayed], HasSubstr("key"));
  EXPECT_TRUE(test.outbox.sent.empty()) << "the Refusal is the outbox's close";
  EXPECT_EQ(replayed.room, nullptr);
}

TEST(Handshake, ALevelChangeReadmitsPlayerAndSpectatorWithTheNewRoomsWelcome) {
  HandshakeTest test;
  const identity::PlayerKey key = identity::PlayerKey::generate();
  Connection& ada = test.connect(31);
  test.handshake.hello(ada, HandshakeTest::hello(ada, "ada", key), 1.0);
  Connection& eve = test.connect(32);
  net::Hello watch = HandshakeTest::hello(eve, "", key);
  watch.spectator = true;
  test.handshake.hello(eve, watch, 1.0);
  ASSERT_EQ(eve.role, Connection::Role::Spectator);

  auto found = test.rooms.roomFor("second", loopback(), false, 2.0);
  ASSERT_TRUE(std::holds_alternative<Room*>(found));
  Room& second = *std::get<Room*>(found);
  test.handshake.readmit(ada, second, "ada", 2.0);
  test.handshake.readmit(eve, second, "", 2.0);
  EXPECT_EQ(ada.room, &second);
  EXPECT_EQ(ada.role, Connection::Role::Player);
  EXPECT_EQ(second.slotName(ada.slot), "ada");
  EXPECT_EQ(eve.room, &second);
  EXPECT_EQ(eve.role, Connection::Role::Spectator);
  for (const Connection* moved : {&ada, &eve}) {
    const auto welcomes = test.outbox.sentTo<net::Welcome>(*moved);
    ASSERT_THAT(welcomes, SizeIs(2));
    EXPECT_EQ(welcomes[1].first, net::kReliableChannel);
  }
}

}  // namespace
}  // namespace coyote::test
