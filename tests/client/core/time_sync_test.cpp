#include "client/core/time_sync.h"

#include <cmath>

#include <gtest/gtest.h>

namespace coyote {
namespace {

constexpr double kDt = 1.0 / 60.0;

TEST(TimeSync, OnTargetRunsAtTheNominalRate) {
  TimeSync sync(60, 2);
  sync.onMarginReport(2, 0.0);
  EXPECT_DOUBLE_EQ(sync.tickDuration(), kDt);
  EXPECT_DOUBLE_EQ(sync.dilation(), 0.0);
}

// No dead band: a margin one tick off the target is corrected too, so the margin settles on the
// target itself (a ±1 dead band let it rest at 1 or 3 for a target of 2).
TEST(TimeSync, AMarginOneTickOffTheTargetIsStillCorrected) {
  TimeSync early(60, 2);
  TimeSync late(60, 2);
  for (int report = 0; report < 20; ++report) {
    early.onMarginReport(3, report * 0.05);
    late.onMarginReport(1, report * 0.05);
  }
  EXPECT_NEAR(early.dilation(), 0.01, 1e-3);
  EXPECT_NEAR(late.dilation(), -0.01, 1e-3);
}

TEST(TimeSync, InputsArrivingEarlySlowTheClientDownByAFewPercentSmoothly) {
  TimeSync sync(60, 2);
  sync.onMarginReport(5, 0.0);  // 3 ticks early, a fifth of it on the first report
  EXPECT_NEAR(sync.dilation(), 3 * TimeSync::kSmoothing * 0.01, 1e-12);
  EXPECT_GT(sync.tickDuration(), kDt);
  for (int report = 1; report < 30; ++report) {
    sync.onMarginReport(9, report * 0.05);
  }
  EXPECT_NEAR(sync.dilation(), TimeSync::kMaxDilation, 1e-12);
}

TEST(TimeSync, InputsArrivingLateSpeedTheClientUp) {
  TimeSync sync(60, 2);
  sync.onMarginReport(0, 0.0);
  EXPECT_LT(sync.dilation(), 0.0);
  EXPECT_LT(sync.tickDuration(), kDt);
}

// A simulated client and server: the margin the server sees grows by the dilation each tick.
// Whatever the starting error, the margin ends within half a tick of the target.
TEST(TimeSync, TheMarginConvergesOnTheTarget) {
  for (const double start : {-3.0, 1.0, 3.0, 6.0}) {
    TimeSync sync(60, 2);
    double margin = start;
    for (int tick = 0; tick < 60 * 30; ++tick) {
      margin -= sync.dilation();  // a longer tick on the client: its inputs arrive later
      if (tick % 3 == 0) {
        sync.onMarginReport(static_cast<int>(std::floor(margin)), tick * kDt);
      }
      margin += static_cast<double>(sync.takeTicksToSkip());
    }
    EXPECT_NEAR(margin, 2.5, 0.55) << "from " << start;  // reports floor: [2, 3) is on target
  }
}

TEST(TimeSync, LargeErrorsSkipWholeTicksAtMostOncePerSecond) {
  TimeSync sync(60, 2);
  sync.onMarginReport(-20, 10.0);  // 22 ticks late
  EXPECT_EQ(sync.takeTicksToSkip(), 22);
  EXPECT_EQ(sync.takeTicksToSkip(), 0);
  sync.onMarginReport(-20, 10.5);  // the report still lags behind the jump: no second jump
  EXPECT_EQ(sync.takeTicksToSkip(), 0);
  EXPECT_LT(sync.dilation(), 0.0);
  sync.onMarginReport(40, 11.6);  // far too early: hold back
  EXPECT_EQ(sync.takeTicksToSkip(), -38);
}

// The adaptive target: up a tick at once for each late input (at most base + 4), down a tick
// only after 20 s without one and with margins that kept their room.
TEST(TimeSync, TheTargetRisesAtOnceOnLateInputsAndFallsBackSlowlyWhenCalm) {
  TimeSync sync(60, 2);
  sync.onMarginReport(-6, 0.0);
  sync.onOwnInputLate(0.1);
  EXPECT_EQ(sync.target(), 2) << "joining: late inputs before the margin settled do not count";
  sync.onMarginReport(2, 0.5);
  sync.onOwnInputLate(1.0);
  EXPECT_EQ(sync.target(), 3);
  sync.onOwnInputLate(1.1);
  EXPECT_EQ(sync.target(), 3) << "the same burst of lateness raises it once";
  for (int i = 0; i < 10; ++i) {
    sync.onOwnInputLate(2.0 + i);
  }
  EXPECT_EQ(sync.target(), 2 + TimeSync::kMaxExtraMargin);

  double now = 11.0;  // the last late input
  for (; now < 30.9; now += 0.05) {
    sync.onMarginReport(sync.target(), now);
  }
  EXPECT_EQ(sync.target(), 6) << "19.9 s of calm is not enough";
  sync.onMarginReport(6, 31.1);
  EXPECT_EQ(sync.target(), 5);

  // Margins dipping below the target mean the jitter still needs the room: it stays.
  for (now = 31.2; now < 61.0; now += 0.05) {
    sync.onMarginReport(static_cast<int>(now * 20) % 10 == 0 ? 4 : 5, now);
  }
  EXPECT_EQ(sync.target(), 5);
}

}  // namespace
}  // namespace coyote
