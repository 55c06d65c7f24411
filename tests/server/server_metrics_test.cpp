// The rolling windows behind every summary on /metrics.
#include "server/base/server_metrics.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(DurationWindow, QuantilesAreTheSamplesAtTheirRanks) {
  DurationWindow window(100);
  EXPECT_EQ(window.summary().p99, 0.0);         // nothing yet
  for (int value = 100; value >= 1; --value) {  // any order
    window.add(value);
  }
  const DurationWindow::Summary summary = window.summary();
  EXPECT_EQ(summary.p50, 51.0);
  EXPECT_EQ(summary.p95, 96.0);
  EXPECT_EQ(summary.p99, 100.0);
  EXPECT_EQ(summary.max, 100.0);
  EXPECT_EQ(window.count(), 100u);
  EXPECT_EQ(window.sum(), 5050.0);
}

TEST(DurationWindow, OneOrTwoSamples) {
  DurationWindow window(10);
  window.add(7.0);
  EXPECT_EQ(window.summary().p50, 7.0);
  EXPECT_EQ(window.summary().p99, 7.0);
  window.add(3.0);
  EXPECT_EQ(window.summary().p50, 7.0);  // rank 1 of 2
  EXPECT_EQ(window.summary().max, 7.0);
}

TEST(DurationWindow, KeepsOnlyTheLastSamples) {
  DurationWindow window(10);
  for (int value = 1; value <= 1000; ++value) {
    window.add(value);
  }
  EXPECT_EQ(window.summary().p50, 996.0);  // 991..1000
  EXPECT_EQ(window.summary().max, 1000.0);
  EXPECT_EQ(window.count(), 1000u);
}

}  // namespace
}  // namespace coyote
