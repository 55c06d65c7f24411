#include "client/core/time_sync.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

constexpr double kDt = 1.0 / 60.0;

TEST(TimeSync, OnTargetRunsAtTheNominalRate) {
  TimeSync sync(60, 2);
  sync.onMarginReport(2, 0.0);
  EXPECT_DOUBLE_EQ(sync.tickDuration(), kDt);
  sync.onMarginReport(3, 0.1);  // within the one-tick dead band
  EXPECT_DOUBLE_EQ(sync.dilation(), 0.0);
}

TEST(TimeSync, InputsArrivingEarlySlowTheClientDownByAFewPercent) {
  TimeSync sync(60, 2);
  sync.onMarginReport(5, 0.0);  // 3 ticks early: 2 beyond the dead band
  EXPECT_NEAR(sync.dilation(), 0.02, 1e-12);
  EXPECT_GT(sync.tickDuration(), kDt);
  sync.onMarginReport(9, 0.1);
  EXPECT_NEAR(sync.dilation(), TimeSync::kMaxDilation, 1e-12);
}

TEST(TimeSync, InputsArrivingLateSpeedTheClientUp) {
  TimeSync sync(60, 2);
  sync.onMarginReport(0, 0.0);
  EXPECT_NEAR(sync.dilation(), -0.01, 1e-12);
  EXPECT_LT(sync.tickDuration(), kDt);
}

TEST(TimeSync, LargeErrorsSkipWholeTicksAtMostOncePerSecond) {
  TimeSync sync(60, 2);
  sync.onMarginReport(-20, 10.0);  // 22 ticks late
  EXPECT_EQ(sync.takeTicksToSkip(), 22);
  EXPECT_EQ(sync.takeTicksToSkip(), 0);
  sync.onMarginReport(-20, 10.5);  // the report still lags behind the jump: no second jump
  EXPECT_EQ(sync.takeTicksToSkip(), 0);
  EXPECT_NEAR(sync.dilation(), -TimeSync::kMaxDilation, 1e-12);
  sync.onMarginReport(40, 11.6);  // far too early: hold back
  EXPECT_EQ(sync.takeTicksToSkip(), -38);
}

}  // namespace
}  // namespace coyote
