#include "server/tick/overload_governor.h"

#include <gtest/gtest.h>

#include "client/core/client_session.h"
#include "support/network.h"
#include "support/raw_peer.h"
#include "support/sanitizers.h"

namespace coyote {
namespace {

constexpr double kBudget = 2.0;  // ms
/// The budget of the tests that overload a real server on purpose: a tick under the sanitizers
/// (and their coverage counters) on a busy machine can near 2 ms by itself, and the server must
/// be able to come back under its budget once the artificial load goes.
constexpr double kServerBudget = test::kAddressSanitizer ? 8.0 : kBudget;
constexpr double kOverload = kServerBudget * 1.5;  ///< ms a tick, well over it

/// The machine's clocks, but each stage the server times takes `extraMs` longer: a tick (its
/// simulate and send stages) 2 × `extraMs`. The server is overloaded without burning a core.
struct SlowStages final : StageClock {
  double extraMs = 0.0;
  double addedMicros = 0.0;
  StageTiming read() override {
    const StageTiming machine = machineStageClock().read();
    addedMicros += extraMs * 1000.0;
    return {machine.wall + addedMicros, machine.cpu + addedMicros};
  }
  /// Ticks that cost `ms` more than they do.
  void tickCosts(double ms) { extraMs = ms / 2.0; }
};

/// Feeds `ticks` ticks of `ms`; the transitions seen, as "from>to" at their tick (1-based).
std::vector<std::pair<int, int>> feed(OverloadGovernor& governor, int ticks, double ms,
                                      std::vector<int>* at = nullptr) {
  std::vector<std::pair<int, int>> seen;
  for (int tick = 1; tick <= ticks; ++tick) {
    if (const auto change = governor.addTick(ms)) {
      seen.emplace_back(change->from, change->to);
      if (at != nullptr) {
        at->push_back(tick);
      }
    }
  }
  return seen;
}

TEST(OverloadGovernor, ASpikeIsNeverAnOverload) {
  OverloadGovernor governor(kBudget, 60);
  for (int window = 0; window < 20; ++window) {
    feed(governor, 99, 0.5);
    feed(governor, 1, 100.0);  // one tick in a hundred: above the p95
  }
  EXPECT_EQ(governor.level(), 0);
}

TEST(OverloadGovernor, ThreeWindowsOverStepDownAndThirtySecondsCalmStepBackUp) {
  OverloadGovernor governor(kBudget, 60);
  std::vector<int> at;
  const auto down = feed(governor, 1200, 2.5, &at);  // 12 windows over the budget
  ASSERT_EQ(down.size(), 3u);
  EXPECT_EQ(down[0], std::make_pair(0, 1));
  EXPECT_EQ(down[2], std::make_pair(2, 3));
  EXPECT_EQ(at, (std::vector<int>{300, 600, 900}));  // three windows each, never sooner
  EXPECT_TRUE(governor.refusesJoins());

  // Between 60 % and 100 % of the budget: it holds where it is.
  EXPECT_TRUE(feed(governor, 3000, 1.5).empty());
  EXPECT_EQ(governor.level(), 3);

  at.clear();
  const auto up = feed(governor, 3 * 1800, 1.0, &at);  // under 60 %: 30 s = 1800 ticks a level
  ASSERT_EQ(up.size(), 3u);
  EXPECT_EQ(up[0], std::make_pair(3, 2));
  EXPECT_EQ(up[2], std::make_pair(1, 0));
  EXPECT_EQ(at, (std::vector<int>{1800, 3600, 5400}));
  EXPECT_FALSE(governor.halvesSendRate());
}

TEST(OverloadGovernor, ABudgetOfZeroIsNoGovernor) {
  OverloadGovernor governor(0.0, 60);
  EXPECT_TRUE(feed(governor, 1000, 50.0).empty());
}

// A real server overloaded on purpose: frames slow down, newcomers are told it is busy, and it
// all comes back once the load goes.
TEST(OverloadGovernor, AnOverloadedServerDegradesAndRecovers) {
  ServerConfig config = test::testServerConfig();
  config.tickBudgetMs = static_cast<float>(kServerBudget);
  SlowStages stages;
  test::LoopbackMatch match(config, test::networkTestLevel(), test::quietLogger(), {}, stages);
  const std::uint32_t normalSend = match.server().ticksPerSend();
  stages.tickCosts(kOverload);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return match.server().governorLevel() == 1; }, 10.0));
  EXPECT_EQ(match.server().ticksPerSend(), 2 * normalSend);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return match.server().governorLevel() == 2; }, 10.0));

  test::RawPeer peer(match.port());
  match.watch(peer);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return peer.connected(); }, 2.0));
  peer.send(net::Hello{net::kProtocolVersion, "late", {}, false, 0}, net::kReliableChannel);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return peer.received<net::Refusal>(); }, 2.0));
  EXPECT_TRUE(peer.received<net::Refusal>([](const net::Refusal& refusal) {
    return refusal.reason == "server busy (overloaded); try again later";
  }));

  stages.tickCosts(0.0);
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return match.server().governorLevel() == 0; }, 200.0));
  EXPECT_EQ(match.server().ticksPerSend(), normalSend);
  EXPECT_GE(match.server().metrics().governorTransitions, 4u);
}

// Level 3 caps the world's activity at an announced tick: a client playing through it applies
// the same limits at the same tick (its confirmed hashes keep matching), and they go with it.
TEST(OverloadGovernor, LevelThreeCapsActivityForEveryClientAtTheSameTick) {
  ServerConfig config = test::testServerConfig();
  config.tickBudgetMs = static_cast<float>(kServerBudget);
  config.overloadRadius = 12;
  config.overloadActiveBodies = 5;
  SlowStages stages;
  test::LoopbackMatch match(config, test::networkTestLevel(), test::quietLogger(), {}, stages);
  ClientSession client(test::clientOptions(match.port(), "through"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.phase() == ClientPhase::Playing; }, 5.0));
  EXPECT_EQ(client.confirmed().radiusLimit, 0);
  stages.tickCosts(kOverload);
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return match.server().governorLevel() == 3; }, 30.0));
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.confirmed().radiusLimit != 0; }, 2.0));
  EXPECT_EQ(client.confirmed().radiusLimit, 12);
  EXPECT_EQ(client.confirmed().activeBodiesLimit, 5);

  stages.tickCosts(0.0);
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return match.server().governorLevel() == 2; }, 60.0));
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.confirmed().radiusLimit == 0; }, 2.0));
  EXPECT_EQ(client.confirmed().activeBodiesLimit, 0);
  EXPECT_EQ(client.phase(), ClientPhase::Playing);
  EXPECT_EQ(client.stats().desyncs, 0u);
  EXPECT_TRUE(client.stats().confirmedHashMatches);
}

}  // namespace
}  // namespace coyote
