// The loop's time: fixed steps, at most max_substeps caught up in a turn, the lag beyond dropped
// and counted; and a tick's statistics: both stages in the metrics, substeps of a turn counted
// apart, the whole tick judged by the overload governor.
#include "server/tick/tick_clock.h"

#include <gtest/gtest.h>

#include "server/tick/tick_timing.h"
#include "support/network.h"

namespace coyote {
namespace {

TEST(TickClock, RunsTheTicksDueAndDropsTheLagBeyondMaxSubsteps) {
  TickClock clock(50, 4, 10.0, test::quietLogger());  // a step of 20 ms from t = 10 s
  EXPECT_DOUBLE_EQ(clock.nextTickTime(), 10.02);
  EXPECT_EQ(clock.advance(10.019).ticks, 0);
  EXPECT_EQ(clock.advance(10.02).ticks, 1);
  EXPECT_EQ(clock.advance(10.065).ticks, 2);  // 10.04 and 10.06
  EXPECT_NEAR(clock.nextTickTime(), 10.08, 1e-9);
  const TickClock::Due stalled = clock.advance(11.0);  // 47 ticks due after a stall
  EXPECT_EQ(stalled.ticks, 4);
  EXPECT_EQ(stalled.dropped, 43u);
  EXPECT_NEAR(clock.nextTickTime(), 11.02, 1e-9) << "the lag is not chased";
  EXPECT_EQ(clock.advance(11.02).ticks, 1);
}

/// A made-up stage clock: each read is 10 µs of wall and CPU time after the one before.
struct TenMicrosAReading final : StageClock {
  double now = 0.0;
  StageTiming read() override {
    now += 10.0;
    return {now, now};
  }
};

TEST(TickTiming, EachStageIsTimedAndEveryTickIsJudgedOnceWithItsSend) {
  ServerMetrics metrics;
  metrics.tickBudgetMicros = 1e-3;      // every stage overruns a budget of a nanosecond
  OverloadGovernor governor(1e-6, 50);  // and the governor's
  TenMicrosAReading clock;
  TickTiming timing(metrics, governor, clock);
  for (std::size_t turn = 0; turn < OverloadGovernor::kWindowTicks * 3 / 2; ++turn) {
    for (int substep = 0; substep < 2; ++substep) {  // two ticks a turn, sent once
      timing.startSimulating();
      timing.simulated(5.0);
    }
    timing.startSending();
    timing.sent();
  }
  EXPECT_EQ(metrics.simulateStage.count(), 300u);
  EXPECT_EQ(metrics.sendStage.count(), 150u);
  EXPECT_EQ(metrics.tickTime.count(), 300u) << "a substep not sent is a tick of its own";
  EXPECT_EQ(metrics.tickBudgetOverruns, 300u);
  EXPECT_EQ(metrics.simulateBudgetOverruns, 300u);
  EXPECT_DOUBLE_EQ(metrics.simulateCpuMicros, 300 * (10.0 + 5.0)) << "the workers' CPU counts";
  EXPECT_EQ(governor.level(), 1) << "three windows of 100 ticks over the budget";
  EXPECT_FALSE(timing.sent().has_value()) << "nothing simulated since";
}

}  // namespace
}  // namespace coyote
