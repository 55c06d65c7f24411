// The stateless connect challenge: cookie datagrams, the gate's decisions, and a real ENet
// CONNECT read the way ENet reads it.
#include "net/connect_gate.h"

#include <vector>

#include <gtest/gtest.h>

#include "net/connect_challenge.h"

namespace coyote::net {
namespace {

ENetAddress address(const char* ip, std::uint16_t port) {
  ENetAddress result{};
  enet_address_set_host_ip(&result, ip);
  result.port = port;
  return result;
}

TEST(ConnectGate, ARequestIsAnsweredWithASmallerReplyAtMostOncePerAddressPer100Ms) {
  ConnectGate gate;
  const ENetAddress client = address("10.0.0.1", 5000);
  const CookieRequest request = makeCookieRequest();
  const ConnectGate::Decision first = gate.inspect(client, request, 100.0);
  ASSERT_TRUE(first.consumed);
  ASSERT_TRUE(first.reply.has_value());
  EXPECT_LE(first.reply->size(), request.size());
  EXPECT_EQ(parseCookieReply(*first.reply), gate.cookieFor(client, 100.0));

  EXPECT_FALSE(gate.inspect(client, request, 100.099).reply.has_value());
  EXPECT_TRUE(gate.inspect(address("10.0.0.1", 5001), request, 100.099).reply.has_value());
  EXPECT_TRUE(gate.inspect(client, request, 100.101).reply.has_value());
  EXPECT_EQ(gate.counters().repliesSent, 3u);
  EXPECT_EQ(gate.counters().requestsThrottled, 1u);

  // A request must be exactly the padded size: a short one would make the server an amplifier.
  const std::vector<std::uint8_t> shortRequest(request.begin(), request.begin() + 12);
  EXPECT_FALSE(gate.inspect(address("10.0.0.2", 1), shortRequest, 200.0).reply.has_value());
}

// The connect data of an ENet CONNECT, captured on a real socket and read as the gate reads it.
std::vector<std::uint8_t> capturedConnect(enet_uint32 connectData) {
  EnetHost server = EnetHost::listen("127.0.0.1", 0, HostLimits{2, 2});
  std::vector<std::uint8_t> captured;
  server.setDatagramFilter([&](const ENetAddress&, std::span<const std::uint8_t> datagram) {
    captured.assign(datagram.begin(), datagram.end());
    return true;
  });
  EnetHost client = EnetHost::client();
  const ENetAddress to = address("127.0.0.1", server.port());
  enet_host_connect(client.get(), &to, kChannelCount, connectData);
  ENetEvent event;
  for (int turn = 0; turn < 1000 && captured.empty(); ++turn) {
    enet_host_service(client.get(), &event, 0);
    enet_host_service(server.get(), &event, 1);
  }
  return captured;
}

TEST(ConnectGate, AnEnetConnectIsRecognisedWithTheCookieItCarries) {
  const std::vector<std::uint8_t> connect = capturedConnect(0xC0FFEE42u);
  const EnetDatagram read = classifyEnetDatagram(connect);
  EXPECT_EQ(read.kind, EnetDatagram::Kind::kConnect);
  EXPECT_EQ(read.connectData, 0xC0FFEE42u);

  std::vector<std::uint8_t> truncated(connect.begin(), connect.end() - 1);
  EXPECT_EQ(classifyEnetDatagram(truncated).kind, EnetDatagram::Kind::kUnexpected);
  std::vector<std::uint8_t> compressed = connect;
  compressed[0] |= ENET_PROTOCOL_HEADER_FLAG_COMPRESSED >> 8;
  EXPECT_EQ(classifyEnetDatagram(compressed).kind, EnetDatagram::Kind::kUnexpected);
  std::vector<std::uint8_t> forPeer = connect;
  forPeer[0] &= 0xF0;  // peer 0x0FF instead of "no peer yet" (0xFFF)
  EXPECT_EQ(classifyEnetDatagram(forPeer).kind, EnetDatagram::Kind::kForPeer);
}

TEST(ConnectGate, OnlyTheCookieOfTheSendersAddressLetsAConnectThroughForTenToTwentySeconds) {
  ConnectGate gate;
  const ENetAddress client = address("10.0.0.1", 5000);
  const double issuedAt = 1234.5;
  const std::uint32_t cookie = gate.cookieFor(client, issuedAt);
  std::vector<std::uint8_t> connect = capturedConnect(cookie);
  const auto passes = [&](const ENetAddress& from, double now) {
    return !gate.inspect(from, connect, now).consumed;
  };
  EXPECT_TRUE(passes(client, issuedAt));
  EXPECT_TRUE(passes(client, issuedAt + 10.0));  // the next 10 s bucket still takes it
  EXPECT_FALSE(passes(client, issuedAt + 20.0));
  EXPECT_FALSE(passes(address("10.0.0.1", 5001), issuedAt));  // another port: another cookie
  EXPECT_FALSE(passes(address("10.0.0.9", 5000), issuedAt));
  EXPECT_EQ(gate.counters().connectsRefused, 3u);

  connect = capturedConnect(0);  // what a client that never asked sends
  EXPECT_FALSE(passes(client, issuedAt));
  EXPECT_NE(ConnectGate().cookieFor(client, issuedAt), cookie)
      << "each server draws its own secret";
}

TEST(ConnectGate, AConnectTheServerCannotTakeIsAnsweredWithItsReasonInFewerBytes) {
  ConnectGate gate;
  const ENetAddress client = address("10.0.0.1", 5000);
  const double now = 500.0;
  const std::vector<std::uint8_t> connect = capturedConnect(gate.cookieFor(client, now));
  std::uint32_t askedFor = 0;
  std::optional<ConnectRefusal> answer = ConnectRefusal::kPeersPerAddress;
  gate.setAdmission([&](const ENetAddress&, std::uint32_t connectId) {
    askedFor = connectId;
    return answer;
  });
  ASSERT_TRUE(gate.inspect(client, makeCookieRequest(), now).reply);  // the cookie just before
  const ConnectGate::Decision refused = gate.inspect(client, connect, now + 0.01);
  EXPECT_TRUE(refused.consumed);
  ASSERT_TRUE(refused.reply);
  EXPECT_LT(refused.reply->size(), connect.size());
  const auto reply = parseConnectRefusal(*refused.reply);
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->reason, ConnectRefusal::kPeersPerAddress);
  EXPECT_EQ(askedFor, classifyEnetDatagram(connect).connectId);
  EXPECT_EQ(reply->connectId, askedFor);  // the CONNECT's own, echoed
  // ENet retransmits the CONNECT: answered again at most every 100 ms.
  EXPECT_FALSE(gate.inspect(client, connect, now + 0.05).reply);
  EXPECT_TRUE(gate.inspect(client, connect, now + 0.12).reply);
  EXPECT_EQ(gate.counters().connectsTurnedAway, 3u);
  EXPECT_EQ(gate.counters().refusalsSent, 2u);
  answer.reset();  // room again: ENet sees it
  EXPECT_FALSE(gate.inspect(client, connect, now + 0.5).consumed);
}

TEST(ConnectGate, OnlyWellFormedRefusalsAreRead) {
  const auto refusal = makeConnectRefusal(ConnectRefusal::kServerFull, 0xA1B2C3D4u);
  ASSERT_TRUE(parseConnectRefusal(refusal));
  EXPECT_EQ(parseConnectRefusal(refusal)->reason, ConnectRefusal::kServerFull);
  EXPECT_EQ(parseConnectRefusal(refusal)->connectId, 0xA1B2C3D4u);
  auto unknown = refusal;
  unknown[kConnectRefusalMagic.size()] = 9;  // the reason's code
  EXPECT_FALSE(parseConnectRefusal(unknown));
  EXPECT_FALSE(parseConnectRefusal(std::span(refusal).first(12)));
  EXPECT_FALSE(parseConnectRefusal(makeCookieReply(7)));
}

// A client takes a refusal only from its server and only with its own CONNECT's ID: whoever
// did not see that CONNECT cannot end its attempt.
TEST(ConnectChallenge, TakesARefusalOnlyWithItsOwnConnectId) {
  EnetHost server = EnetHost::listen("127.0.0.1", 0, HostLimits{2, 2});
  std::optional<ENetAddress> clientAddress;
  server.setDatagramFilter([&](const ENetAddress& from, std::span<const std::uint8_t>) {
    clientAddress = from;
    return true;  // the fake server answers by hand
  });
  EnetHost client = EnetHost::client();
  ConnectChallenge challenge(client, address("127.0.0.1", server.port()));
  const auto exchange = [&] {
    ENetEvent event;
    for (int turn = 0; turn < 50; ++turn) {
      enet_host_service(server.get(), &event, 1);
      enet_host_service(client.get(), &event, 1);
    }
  };
  EXPECT_EQ(challenge.update(0.0), nullptr);  // the cookie request
  exchange();
  ASSERT_TRUE(clientAddress);
  server.sendDatagram(*clientAddress, makeCookieReply(42));
  exchange();
  const ENetPeer* peer = challenge.update(0.1);
  ASSERT_NE(peer, nullptr);
  server.sendDatagram(*clientAddress,
                      makeConnectRefusal(ConnectRefusal::kServerFull, peer->connectID + 1));
  exchange();
  EXPECT_FALSE(challenge.refusal()) << "another CONNECT's ID";
  server.sendDatagram(*clientAddress,
                      makeConnectRefusal(ConnectRefusal::kServerFull, peer->connectID));
  exchange();
  EXPECT_EQ(challenge.refusal(), ConnectRefusal::kServerFull);
}

TEST(ConnectChallenge, AsksEveryQuarterSecondForFiveSecondsThenEverySecond) {
  EXPECT_DOUBLE_EQ(ConnectChallenge::retryDelay(1), 0.25);
  EXPECT_DOUBLE_EQ(ConnectChallenge::retryDelay(19), 0.25);
  EXPECT_DOUBLE_EQ(ConnectChallenge::retryDelay(20), 1.0);
  EXPECT_DOUBLE_EQ(ConnectChallenge::retryDelay(30), 1.0);
}

}  // namespace
}  // namespace coyote::net
