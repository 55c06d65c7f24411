// The game port alone: SessionHost over a real ENet socket on 127.0.0.1 with raw peers, no game
// above it (a recording SessionEvents), driven in this thread by a made-up clock.
#include "server/session/session_host.h"

#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/network.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

class RecordingEvents final : public SessionEvents {
 public:
  void onPacket(Connection& connection, std::span<const std::uint8_t> packet) override {
    packets.emplace_back(connection.address,
                         std::vector<std::uint8_t>(packet.begin(), packet.end()));
  }
  void onClosed(Connection& connection, bool announce) override {
    closed.emplace_back(connection.address, announce);
  }

  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> packets;
  std::vector<std::pair<std::string, bool>> closed;
};

net::ServerInfo noInfo(std::uint16_t) {
  return {};
}

class SessionHostTest : public ::testing::Test {
 protected:
  static constexpr double kTurnSeconds = 1.0 / 240.0;

  /// Turns (host, then peer) until `done()` or `seconds` of made-up time.
  bool pumpUntil(test::RawPeer& peer, const std::function<bool()>& done, double seconds) {
    const double deadline = now_ + seconds;
    while (now_ < deadline) {
      host_.receive(0, now_);
      host_.expire(now_);
      host_.flush();
      peer.poll(now_);
      now_ += kTurnSeconds;
      if (done()) {
        return true;
      }
    }
    return false;
  }

  /// A raw peer connected, and the host's connection for it.
  Connection& connect(test::RawPeer& peer) {
    EXPECT_TRUE(pumpUntil(
        peer, [&] { return peer.connected() && !host_.empty(); }, 1.0));
    Connection* only = nullptr;
    host_.forEachConnection([&](Connection& connection) { only = &connection; });
    return *only;
  }

  ServerConfig config_ = test::testServerConfig();
  RecordingEvents events_;
  double now_ = 100.0;
  SessionHost host_{config_, test::quietLogger(), noInfo, events_, now_};
};

TEST_F(SessionHostTest, HandsOnEachPacketAndTellsWhenAPeerLeaves) {
  test::RawPeer peer(host_.port());
  const Connection& connection = connect(peer);
  const std::string address = connection.address;
  peer.sendBytes({1, 2, 3}, net::kReliableChannel);
  ASSERT_TRUE(pumpUntil(
      peer, [&] { return !events_.packets.empty(); }, 1.0));
  EXPECT_EQ(events_.packets[0].first, address);
  EXPECT_EQ(events_.packets[0].second, (std::vector<std::uint8_t>{1, 2, 3}));
  EXPECT_EQ(connection.bytesReceived, 3u);
  peer.disconnect();
  ASSERT_TRUE(pumpUntil(
      peer, [&] { return host_.empty(); }, 1.0));
  ASSERT_EQ(events_.closed.size(), 1u);
  EXPECT_EQ(events_.closed[0], std::make_pair(address, true));
}

TEST_F(SessionHostTest, ARefusedSessionHearsWhyIsNoLongerHeardAndGoes) {
  test::RawPeer peer(host_.port());
  Connection& connection = connect(peer);
  host_.close(connection, {Closing::Kind::kRefused, "room is full"}, now_);
  peer.sendBytes({9}, net::kReliableChannel);
  ASSERT_TRUE(pumpUntil(
      peer, [&] { return host_.empty(); }, SessionHost::kClosingSeconds + 0.5));
  EXPECT_TRUE(peer.received<net::Refusal>(
      [](const net::Refusal& refusal) { return refusal.reason == "room is full"; }));
  EXPECT_TRUE(events_.packets.empty()) << "a refused session is not read";
  EXPECT_EQ(events_.closed.size(), 1u);
}

TEST_F(SessionHostTest, AKickedSessionHearsItsGoodbye) {
  test::RawPeer peer(host_.port());
  Connection& connection = connect(peer);
  host_.kick(connection, net::Goodbye{"too many malformed packets"}, now_);
  EXPECT_TRUE(connection.kicked());
  ASSERT_TRUE(pumpUntil(
      peer, [&] { return peer.disconnected() && host_.empty(); },
      SessionHost::kClosingSeconds + 0.5));
  EXPECT_TRUE(peer.received<net::Goodbye>(
      [](const net::Goodbye& bye) { return bye.reason == "too many malformed packets"; }));
}

TEST_F(SessionHostTest, AReplacedSessionGoesAtOnceWithoutAnnouncingALeave) {
  test::RawPeer peer(host_.port());
  Connection& connection = connect(peer);
  host_.close(connection, {Closing::Kind::kReplaced, {}}, now_);
  EXPECT_TRUE(host_.empty());
  ASSERT_EQ(events_.closed.size(), 1u);
  EXPECT_FALSE(events_.closed[0].second);
}

TEST_F(SessionHostTest, ASessionWithoutAHelloIsDroppedAfterTwoSecondsWithoutAWord) {
  test::RawPeer peer(host_.port());
  connect(peer);
  const double connectedAt = now_;
  ASSERT_TRUE(pumpUntil(
      peer, [&] { return host_.empty(); }, 3.0));
  EXPECT_GE(now_ - connectedAt, SessionHost::kHelloTimeoutSeconds);
  EXPECT_LT(now_ - connectedAt, SessionHost::kHelloTimeoutSeconds + 0.1);
  EXPECT_TRUE(peer.takeMessages().empty()) << "no message: nothing to amplify";
}

TEST_F(SessionHostTest, APlayerSilentForThePeerTimeoutIsDropped) {
  test::RawPeer peer(host_.port());
  Connection& connection = connect(peer);
  connection.role = Connection::Role::Player;
  connection.lastPacketAt = now_ - config_.peerTimeout - 0.01;
  host_.expire(now_);
  EXPECT_TRUE(host_.empty());
  ASSERT_EQ(events_.closed.size(), 1u);
  EXPECT_TRUE(events_.closed[0].second) << "its player left";
}

TEST_F(SessionHostTest, CountsItsTrafficIntoTheMetrics) {
  test::RawPeer peer(host_.port());
  connect(peer);
  ServerMetrics metrics;
  host_.countInto(metrics);
  EXPECT_EQ(metrics.cookieReplies, 1u);
  EXPECT_GT(metrics.bytesSent, net::kCookieReplySize);
  EXPECT_GT(metrics.bytesReceived, 0u);
  EXPECT_GE(metrics.datagramsReceived, 2u);  // CONNECT, acknowledgement of VERIFY_CONNECT
}

}  // namespace
}  // namespace coyote
