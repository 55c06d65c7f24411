// A client still without its Welcome repeats its Hello; the server answers with copies of the
// same Welcome, a round trip apart, at most WelcomeCopies::kMaxCopies, until the client speaks.
#include "server/session/welcome_copies.h"

#include <gtest/gtest.h>

#include "support/network.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

const std::vector<std::uint8_t> kWelcomeBytes{2, 7, 1, 8, 2, 8};

TEST(WelcomeCopies, ARepeatedHelloIsAnsweredOnlyARoundTripAfterTheLastWelcome) {
  WelcomeCopies copies;
  copies.keep(kWelcomeBytes, 10.0);
  EXPECT_TRUE(copies.answerRepeatedHello(10.29, 0.3, 0).empty()) << "the Welcome may still fly";
  const auto first = copies.answerRepeatedHello(10.31, 0.3, 0);
  EXPECT_EQ(std::vector<std::uint8_t>(first.begin(), first.end()), kWelcomeBytes);
  EXPECT_TRUE(copies.answerRepeatedHello(10.5, 0.3, 0).empty()) << "so may the copy";
  EXPECT_FALSE(copies.answerRepeatedHello(10.62, 0.3, 0).empty());
  EXPECT_EQ(copies.copiesSent(), 2);
}

TEST(WelcomeCopies, ShortRoundTripsStillSpaceCopiesByATenthOfASecond) {
  WelcomeCopies copies;
  copies.keep(kWelcomeBytes, 0.0);
  EXPECT_TRUE(copies.answerRepeatedHello(0.09, 0.001, 0).empty());
  EXPECT_FALSE(copies.answerRepeatedHello(0.11, 0.001, 0).empty());
}

TEST(WelcomeCopies, AtMostMaxCopiesThenNothing) {
  WelcomeCopies copies;
  copies.keep(kWelcomeBytes, 0.0);
  int answered = 0;
  for (int hello = 1; hello <= 3 * WelcomeCopies::kMaxCopies; ++hello) {
    answered += copies.answerRepeatedHello(hello * 1.0, 0.3, 0).empty() ? 0 : 1;
  }
  EXPECT_EQ(answered, WelcomeCopies::kMaxCopies);
}

TEST(WelcomeCopies, NoCopyOnceTheClientHasSpokenOrBeforeAnyWelcome) {
  WelcomeCopies none;
  EXPECT_TRUE(none.answerRepeatedHello(5.0, 0.3, 0).empty());
  WelcomeCopies copies;
  copies.keep(kWelcomeBytes, 0.0);
  copies.release();
  EXPECT_TRUE(copies.answerRepeatedHello(5.0, 0.3, 0).empty());
}

// Over real ENet on 127.0.0.1: the copies are the Welcome already sent (same slot, token and
// snapshot tick), they stop at the client's first input, and a Hello flood draws no more than
// the cap.
struct RepeatingClient {
  test::LoopbackMatch match;
  test::RawPeer peer{match.port()};
  net::Welcome first;

  RepeatingClient() {
    match.watch(peer);
    EXPECT_TRUE(match.pumpUntil(
        {}, [&] { return peer.connected(); }, 2.0));
    peer.send(hello(), net::kReliableChannel);
    EXPECT_TRUE(match.pumpUntil(
        {}, [&] { return peer.received<net::Welcome>(); }, 2.0));
    first = welcomesIn(peer.takeMessages()).at(0);
  }
  static net::Hello hello() { return net::Hello{net::kProtocolVersion, "echo", {}, false, 0}; }
  static std::vector<net::Welcome> welcomesIn(const std::vector<net::Message>& messages) {
    std::vector<net::Welcome> welcomes;
    for (const net::Message& message : messages) {
      if (const auto* welcome = std::get_if<net::Welcome>(&message)) {
        welcomes.push_back(*welcome);
      }
    }
    return welcomes;
  }
  /// Repeats the Hello `count` times, each `interval` s after the last (or the Welcome); the
  /// Welcomes that came back. (ENet's round-trip estimate starts at 0.5 s and comes down slowly.)
  std::vector<net::Welcome> repeatHello(int count, double interval) {
    for (int i = 0; i < count; ++i) {
      match.serverOnlyFor(interval);
      peer.send(hello(), net::kUnreliableChannel);
    }
    match.serverOnlyFor(0.1);
    return welcomesIn(peer.takeMessages());
  }
};

TEST(WelcomeCopies, TheServerRepeatsTheSameWelcomeUntilTheClientsFirstInput) {
  RepeatingClient client;
  const std::vector<net::Welcome> copies = client.repeatHello(3, 0.6);
  ASSERT_EQ(copies.size(), 3u);
  for (const net::Welcome& copy : copies) {
    EXPECT_EQ(copy.playerSlot, client.first.playerSlot);
    EXPECT_EQ(copy.reconnectToken, client.first.reconnectToken);
    EXPECT_EQ(copy.snapshot.state.tick, client.first.snapshot.state.tick);
  }
  EXPECT_EQ(client.match.server().metrics().welcomeCopies, 3u);

  const std::uint32_t tick = client.first.snapshot.state.tick;
  client.peer.send(net::InputBatch::make(tick, tick + 1, {PlayerInput{}}), net::kUnreliableChannel);
  client.match.serverOnlyFor(0.1);
  EXPECT_TRUE(client.repeatHello(3, 0.6).empty()) << "it played: it has its Welcome";
  EXPECT_EQ(client.match.server().metrics().welcomeCopies, 3u);
}

TEST(WelcomeCopies, AHelloFloodDrawsAtMostTheCapOfCopies) {
  RepeatingClient client;
  // 20 Hellos a second for 15 s: a copy at most every round trip, and never more than the cap.
  const std::vector<net::Welcome> copies = client.repeatHello(300, 0.05);
  EXPECT_EQ(copies.size(), static_cast<std::size_t>(WelcomeCopies::kMaxCopies));
  EXPECT_TRUE(client.repeatHello(20, 0.6).empty());
  EXPECT_EQ(client.match.server().metrics().welcomeCopies,
            static_cast<std::uint64_t>(WelcomeCopies::kMaxCopies));
}

// A Welcome bigger than the free budget (a level of thousands of crates) is copied only as far as
// three times what the client sent covers: a Hello flood draws no more than 3 times its bytes.
TEST(WelcomeCopies, ABigWelcomeIsCopiedOnlyAsFarAsThreeTimesWhatTheClientSent) {
  WelcomeCopies copies;
  const std::vector<std::uint8_t> big(70 * 1024, 7);
  copies.keep(big, 0.0);
  std::uint64_t received = 0;
  std::uint64_t sent = 0;
  for (int hello = 1; hello <= 200; ++hello) {  // a Hello every 0.1 s for 20 s
    received += 50;
    sent += copies.answerRepeatedHello(hello * 0.1, 0.05, received).size();
  }
  EXPECT_EQ(sent, 0u) << "10 KB received allow no 70 KB copy";
  received = 30 * 1024;
  EXPECT_EQ(copies.answerRepeatedHello(30.0, 0.05, received).size(), big.size());
  EXPECT_LE(big.size(), 3 * received);
}

// A small Welcome is copied until the free budget is spent, whatever the client sent.
TEST(WelcomeCopies, ASmallWelcomeIsCopiedWithinTheFreeBudget) {
  WelcomeCopies copies;
  const std::vector<std::uint8_t> small(2000, 7);
  copies.keep(small, 0.0);
  int answered = 0;
  for (int hello = 1; hello <= 40; ++hello) {
    answered += copies.answerRepeatedHello(hello * 1.0, 0.3, 0).empty() ? 0 : 1;
  }
  EXPECT_EQ(answered, static_cast<int>(WelcomeCopies::kFreeCopyBytes / small.size()));
}

}  // namespace
}  // namespace coyote
