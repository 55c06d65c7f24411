#include "tools/netsim/link_conditioner.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(LinkConditioner, DelaysByLatencyWithinJitterAndKeepsOrderWithoutReordering) {
  LinkConditioner link(LinkProfile{50.0, 20.0, 0.0, 0.0, 0.0}, 1);
  double previous = 0.0;
  for (int i = 0; i < 2000; ++i) {
    const double sentAt = i * 16.7;
    const auto decision = link.decide(sentAt, 40);
    ASSERT_EQ(decision.copies, 1);
    ASSERT_GE(decision.deliverAtMs[0], sentAt + 30.0);
    ASSERT_GE(decision.deliverAtMs[0], previous) << "jitter alone must not reorder";
    previous = decision.deliverAtMs[0];
  }
  EXPECT_LE(previous, 1999 * 16.7 + 70.0);
}

TEST(LinkConditioner, LossDuplicationAndReorderingHappenAtTheirRates) {
  LinkConditioner link(LinkProfile{50.0, 20.0, 0.05, 0.01, 0.02}, 7);
  int delivered = 0;
  int outOfOrder = 0;
  double previous = 0.0;
  for (int i = 0; i < 100000; ++i) {
    const auto decision = link.decide(i * 16.7, 40);
    delivered += decision.copies;
    if (decision.copies > 0) {
      outOfOrder += decision.deliverAtMs[0] < previous ? 1 : 0;
      previous = std::max(previous, decision.deliverAtMs[0]);
    }
  }
  const LinkCounters& c = link.counters();
  EXPECT_EQ(c.received, 100000u);
  EXPECT_NEAR(c.dropped / 100000.0, 0.05, 0.005);
  EXPECT_NEAR(c.duplicated / 100000.0, 0.0095, 0.002);
  EXPECT_NEAR(c.reordered / 100000.0, 0.02, 0.003);
  EXPECT_EQ(delivered, static_cast<int>(c.received - c.dropped + c.duplicated));
  EXPECT_GT(outOfOrder, 0);
}

TEST(LinkConditioner, TheSameSeedMakesTheSameDecisions) {
  LinkConditioner a(LinkProfile{30.0, 10.0, 0.1, 0.05, 0.05}, 42);
  LinkConditioner b(LinkProfile{30.0, 10.0, 0.1, 0.05, 0.05}, 42);
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.decide(i * 10.0, 40);
    const auto y = b.decide(i * 10.0, 40);
    ASSERT_EQ(x.copies, y.copies);
    for (int copy = 0; copy < x.copies; ++copy) {
      ASSERT_EQ(x.deliverAtMs[copy], y.deliverAtMs[copy]);
    }
  }
}

}  // namespace
}  // namespace coyote
