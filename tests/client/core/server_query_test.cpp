// The server browser's query (net/server_info.h) against real servers on 127.0.0.1: found by
// their address or by broadcast, with their rooms, players and ping; and what a hostile sender
// draws from a server: never more than 3 times its request, never above the rate limit, no peer.
#include "client/core/server_query.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "net/connect_cookie.h"
#include "support/network.h"

namespace coyote {
namespace {

using test::playing;

ServerConfig namedServer(const std::string& name, const std::string& bind = "127.0.0.1") {
  ServerConfig config = test::testServerConfig();
  config.serverName = name;
  config.motd = "welcome to " + name;
  config.bindAddress = bind;
  config.peersPerAddress = 16;
  return config;
}

/// Turns the three servers and the query together until `done` (made-up time, real sockets).
bool pumpAll(std::vector<test::LoopbackMatch*> matches, const std::vector<ClientSession*>& clients,
             ServerQuery& query, const std::function<bool()>& done, double seconds) {
  return matches[0]->pumpUntil(
      clients,
      [&] {
        for (std::size_t i = 1; i < matches.size(); ++i) {
          matches[i]->serverOnlyFor(test::LoopbackMatch::kTurnSeconds);
        }
        query.update(matches[0]->now());
        return done();
      },
      seconds);
}

TEST(ServerQuery, FindsEveryListedServerWithItsRoomsPlayersAndPing) {
  test::LoopbackMatch a(namedServer("alpha"));
  test::LoopbackMatch b(namedServer("bravo"));
  test::LoopbackMatch c(namedServer("charlie"));
  ClientSession one(test::clientOptions(a.port(), "one"), test::quietLogger());
  ClientSession two(test::clientOptions(a.port(), "two"), test::quietLogger());
  ASSERT_TRUE(a.pumpUntil(
      {&one, &two}, [&] { return playing(one) && playing(two); }, 5.0));
  ServerQuery query({{"127.0.0.1", a.port()}, {"127.0.0.1", b.port()}, {"localhost", c.port()}},
                    {});
  ASSERT_TRUE(pumpAll(
      {&a, &b, &c}, {&one, &two}, query, [&] { return query.servers().size() == 3; }, 3.0));
  const std::vector<ServerListing> servers = query.servers();
  std::map<std::string, ServerListing> byName;
  for (const ServerListing& server : servers) {
    byName[server.info.name] = server;
    EXPECT_FALSE(server.lan);
    EXPECT_GE(server.pingMs, 0.0);
    EXPECT_LT(server.pingMs, 1000.0);
    EXPECT_EQ(server.info.protocolVersion, net::kProtocolVersion);
    ASSERT_EQ(server.info.rooms.size(), 1u);
    EXPECT_EQ(server.info.rooms[0].name, "main");
    EXPECT_EQ(server.info.rooms[0].mode, "play");
  }
  ASSERT_EQ(byName.size(), 3u);
  EXPECT_EQ(byName["alpha"].info.players, 2);
  EXPECT_EQ(byName["alpha"].info.rooms[0].players, 2);
  EXPECT_EQ(byName["alpha"].info.motd, "welcome to alpha");
  EXPECT_EQ(byName["alpha"].address, fmt::format("127.0.0.1:{}", a.port()));
  EXPECT_EQ(byName["bravo"].info.players, 0);
  EXPECT_EQ(byName["charlie"].address, fmt::format("localhost:{}", c.port()));
  EXPECT_EQ(query.dropped(), 0u);
}

TEST(ServerQuery, FindsServersOnTheLocalNetworkByBroadcast) {
  test::LoopbackMatch a(namedServer("lan-a", "0.0.0.0"));
  test::LoopbackMatch b(namedServer("lan-b", "0.0.0.0"));
  ServerQuery query({}, {a.port(), b.port()}, "127.255.255.255");
  ASSERT_TRUE(pumpAll(
      {&a, &b}, {}, query, [&] { return query.servers().size() == 2; }, 3.0));
  for (const ServerListing& server : query.servers()) {
    EXPECT_TRUE(server.lan);
    EXPECT_THAT(server.info.name, ::testing::StartsWith("lan-"));
  }
}

// A broadcast that never comes back (here, one to a network this machine is not on) still finds
// a server on this machine: the LAN ports are asked on 127.0.0.1 too.
TEST(ServerQuery, FindsAServerOnThisMachineWhateverTheBroadcastDoes) {
  test::LoopbackMatch a(namedServer("here", "0.0.0.0"));
  ServerQuery query({}, {a.port()}, "198.51.100.255");
  ASSERT_TRUE(pumpAll(
      {&a}, {}, query, [&] { return query.servers().size() == 1; }, 3.0));
  EXPECT_TRUE(query.servers()[0].lan);
  EXPECT_EQ(query.servers()[0].info.name, "here");
  EXPECT_EQ(query.servers()[0].address, fmt::format("127.0.0.1:{}", a.port()));
}

// A server on this machine answers both the broadcast and the question to 127.0.0.1: it is
// listed once. (From a LAN interface its two replies come from two addresses; servers() then
// keeps the LAN one, which this machine's loopback network cannot show.)
TEST(ServerQuery, AServerAnsweringTheBroadcastAndTheLoopbackQuestionIsListedOnce) {
  test::LoopbackMatch a(namedServer("both", "0.0.0.0"));
  ServerQuery query({}, {a.port()}, "127.255.255.255");  // answered from 127.0.0.1 as well
  ASSERT_TRUE(pumpAll(
      {&a}, {}, query, [&] { return query.requestsSent() >= 4; }, 3.0));
  const std::vector<ServerListing> servers = query.servers();
  ASSERT_EQ(servers.size(), 1u);
  EXPECT_EQ(servers[0].info.name, "both");
}

// Thousands of servers are asked at most kQueriesPerSecond a second, in the order given.
TEST(ServerQuery, PacesItsRequests) {
  ServerQuery query({}, {});
  for (int i = 0; i < 1000; ++i) {  // a thousand servers, each at an address of its own
    query.add(fmt::format("198.18.{}.{}", i / 250, 1 + i % 250), static_cast<std::uint16_t>(20000));
  }
  EXPECT_EQ(query.waiting(), 1000u);
  query.update(0.0);
  EXPECT_EQ(query.waiting(), 1000u - static_cast<std::size_t>(ServerQuery::kQueryBurst));
  for (int step = 1; step <= 100; ++step) {
    query.update(step * 0.01);  // one second
  }
  // The burst, and 100 a second, first requests and the retries of the unanswered together.
  EXPECT_GE(query.requestsSent(), 105u);
  EXPECT_LE(query.requestsSent(), 111u);
  EXPECT_LT(1000u - query.waiting(), query.requestsSent()) << "some were retries";
  const std::size_t waiting = query.waiting();
  query.add("198.18.0.1", 20000);  // given twice: asked once
  EXPECT_EQ(query.waiting(), waiting);
}

// A hostile master lists 20,000 ports of one address (someone's, to flood): the client asks
// about 32 of them, at most 8 requests a second, and the honest servers listed after them are
// asked all the same.
TEST(ServerQuery, AListCannotMakeTheBrowserFloodOneAddress) {
  ServerQuery query({}, {});
  for (int port = 1; port <= 20000; ++port) {
    query.add("198.18.7.7", static_cast<std::uint16_t>(port));
  }
  for (int i = 1; i <= 20; ++i) {
    query.add(fmt::format("198.18.8.{}", i), 7777);
  }
  EXPECT_EQ(query.waiting(), static_cast<std::size_t>(ServerQuery::kMaxPortsPerAddress) + 20u);
  std::size_t mostInASecond = 0;
  std::size_t before = 0;
  for (int second = 0; second < 30; ++second) {
    for (int step = 0; step < 100; ++step) {
      query.update(second + step * 0.01);
    }
    mostInASecond = std::max(mostInASecond, query.requestsTo("198.18.7.7") - before);
    before = query.requestsTo("198.18.7.7");
  }
  EXPECT_LE(mostInASecond, 16u) << "a burst of 8, then 8 a second";
  EXPECT_LE(query.requestsTo("198.18.7.7"),
            static_cast<std::size_t>(ServerQuery::kMaxPortsPerAddress * ServerQuery::kTries));
  for (int i = 1; i <= 20; ++i) {
    EXPECT_EQ(query.requestsTo(fmt::format("198.18.8.{}", i)),
              static_cast<std::size_t>(ServerQuery::kTries))
        << "asked, and asked again, all the same";
  }
}

// A server with more rooms than one reply holds lists them all over several pages.
TEST(ServerQuery, AServerWithManyRoomsIsListedWhole) {
  ServerConfig config = namedServer("rooms");
  config.maxRooms = 40;
  config.roomOpensPerAddress = 100;
  config.peersPerAddress = 64;
  test::LoopbackMatch match(config);
  test::Crowd crowd(match.port(), 39,
                    [](int i) { return fmt::format("a-rather-long-room-{:02}", i); });
  const std::vector<ClientSession*>& sessions = crowd.sessions;
  ASSERT_TRUE(match.pumpUntil(
      sessions, [&] { return crowd.allPlaying(); }, 10.0));
  ServerQuery query({{"127.0.0.1", match.port()}}, {});
  ASSERT_TRUE(pumpAll(
      {&match}, sessions, query,
      [&] {
        const auto servers = query.servers();
        return servers.size() == 1 && servers[0].info.rooms.size() == 40;
      },
      3.0));
  EXPECT_EQ(query.servers()[0].info.roomCount, 40);
  EXPECT_EQ(query.servers()[0].info.players, 39);
}

// The request's 400 bytes pay for the reply: it is never more than 3 times as large, a flood
// from one address gets 5 replies at once and 5 a second after, and nothing of it makes a peer.
TEST(InfoQuery, NeverAmplifiesNeverAnswersAFloodAndMakesNoPeer) {
  ServerConfig config = namedServer(std::string(net::kMaxServerNameLength, 'n'));
  config.motd = std::string(net::kMaxMotdLength, 'm');
  config.maxRooms = 64;
  test::LoopbackMatch match(config);
  net::EnetHost flooder = net::EnetHost::client();
  std::size_t replies = 0;
  std::size_t largest = 0;
  flooder.setDatagramFilter([&](const ENetAddress&, std::span<const std::uint8_t> datagram) {
    ++replies;
    largest = std::max(largest, datagram.size());
    return true;
  });
  ENetAddress server{};
  enet_address_set_host_ip(&server, "127.0.0.1");
  server.port = match.port();
  const auto request = net::encodeInfoRequest({7, 0});
  for (int turn = 0; turn < 240; ++turn) {  // 1 s of made-up time, 10 requests a turn
    for (int i = 0; i < 10; ++i) {
      flooder.sendDatagram(server, request);
    }
    match.serverOnlyFor(test::LoopbackMatch::kTurnSeconds);
    ENetEvent event;
    enet_host_service(flooder.get(), &event, 0);
  }
  EXPECT_GE(replies, 9u);
  EXPECT_LE(replies, 11u) << "5, then 5 a second";
  EXPECT_LE(largest, 3 * net::kInfoRequestSize);
  EXPECT_EQ(match.server().metrics().infoRequests, 2400u);
  EXPECT_FALSE(match.server().hasConnections());
  // A request one byte short, or with noise in its padding, is not one.
  std::vector<std::uint8_t> noisy(request.begin(), request.end());
  noisy.back() = 1;
  EXPECT_FALSE(net::parseInfoRequest(noisy));
  EXPECT_FALSE(net::parseInfoRequest(std::span(request).first(net::kInfoRequestSize - 1)));
}

TEST(InfoQuery, HostileRepliesAreRefusedWithTheirReason) {
  net::ServerInfo info;
  info.name = "fine";
  info.rooms.push_back({"main", "arena", "play", 1, 16});
  std::vector<std::uint8_t> reply = net::encodeServerInfo(info);
  std::string error;
  ASSERT_TRUE(net::parseServerInfo(reply, error)) << error;
  info.name = "evil\x1b[2J";
  EXPECT_FALSE(net::parseServerInfo(net::encodeServerInfo(info), error));
  EXPECT_THAT(error, ::testing::HasSubstr("server name holds a control character"));
  reply.push_back(0);
  EXPECT_FALSE(net::parseServerInfo(reply, error));
  EXPECT_THAT(error, ::testing::HasSubstr("trailing bytes"));
  reply.resize(reply.size() - 4);
  EXPECT_FALSE(net::parseServerInfo(reply, error));
  EXPECT_FALSE(net::parseServerInfo(std::vector<std::uint8_t>(5000, 0), error));
}

}  // namespace
}  // namespace coyote
