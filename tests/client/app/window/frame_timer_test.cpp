// The time a frame takes to make, as the client logs it when its window goes: only frames begun
// and ended count, and the quantiles come from the frames kept.

#include <gtest/gtest.h>

#include "client/app/window/frame_timer.h"

namespace coyote {
namespace {

TEST(FrameTimer, CountsFramesBegunAndEndedWithTheirMeanMedianAndP99) {
  FrameTimer timer;
  EXPECT_EQ(timer.summary(), "no frame");
  for (int i = 1; i <= 100; ++i) {  // frames of 1 ms to 100 ms
    const double start = i * 1.0;
    timer.begin(start);
    timer.end(start + i / 1000.0);
  }
  timer.end(500.0);  // nothing begun: not a frame
  timer.begin(600.0);
  timer.begin(601.0);  // the first of two begins is forgotten
  timer.end(601.002);
  EXPECT_EQ(timer.frames(), 101u);
  EXPECT_NEAR(timer.meanMs(), (5050.0 + 2.0) / 101.0, 1e-6);
  EXPECT_NEAR(timer.quantileMs(0.5), 50.0, 1e-6);
  EXPECT_NEAR(timer.quantileMs(0.99), 99.0, 1e-6);
  EXPECT_EQ(timer.summary(),
            "101 frames, 50.02 ms mean, 50.00 ms median, 99.00 ms p99 to make one");
}

TEST(FrameTimer, KeepsTheLastFramesForItsQuantilesAndAllForItsMean) {
  FrameTimer timer;
  const auto frame = [&timer](double ms) {
    timer.begin(0.0);
    timer.end(ms / 1000.0);
  };
  for (std::size_t i = 0; i < FrameTimer::kKept; ++i) {
    frame(100.0);
  }
  for (std::size_t i = 0; i < FrameTimer::kKept; ++i) {
    frame(1.0);
  }
  EXPECT_EQ(timer.frames(), 2 * FrameTimer::kKept);
  EXPECT_NEAR(timer.quantileMs(0.99), 1.0, 1e-9);
  EXPECT_NEAR(timer.meanMs(), 50.5, 1e-6);
}

}  // namespace
}  // namespace coyote
