#include "sim/state/physics_config.h"

#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

namespace coyote {
namespace {

// ticksFor rounds as std::lround does (halves away from zero), without calling it.
TEST(TicksFor, RoundsLikeLroundOnHalvesNearHalvesAndNegatives) {
  EXPECT_EQ(ticksFor(0.1f, 60), 6);
  EXPECT_EQ(ticksFor(0.5f, 60), 30);
  EXPECT_EQ(ticksFor(0.025f, 60), 2);    // 1.5 ticks: away from zero
  EXPECT_EQ(ticksFor(-0.025f, 60), -2);  // -1.5 ticks
  EXPECT_EQ(ticksFor(0.0f, 60), 0);
  EXPECT_EQ(ticksFor(0.49999997f, 1), 0);  // just under a half: x + 0.5f would round it to 1
  for (std::int32_t rate : {1, 30, 60, 120, 144, 240}) {
    for (float seconds = -3.0f; seconds <= 3.0f; seconds += 0.0013f) {
      const float ticks = seconds * static_cast<float>(rate);
      EXPECT_EQ(ticksFor(seconds, rate), static_cast<std::int32_t>(std::lround(ticks)))
          << seconds << " s at " << rate << " Hz";
    }
  }
}

}  // namespace
}  // namespace coyote
