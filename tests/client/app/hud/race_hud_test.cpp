// The race HUD's time (docs/playing.md#races): formatted as speedrunners write it, and measured
// between ticks as the simulation measures a run.
#include "client/app/hud/race_hud.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(RaceHud, TimesReadAsMinutesSecondsAndMilliseconds) {
  EXPECT_EQ(formatRaceSeconds(0.0), "0:00.000");
  EXPECT_EQ(formatRaceSeconds(12.3454), "0:12.345");
  EXPECT_EQ(formatRaceSeconds(62.0035), "1:02.004");
  EXPECT_EQ(formatRaceSeconds(3599.9999), "60:00.000");
  EXPECT_EQ(formatRaceSeconds(-1.0), "0:00.000") << "never a negative time";
}

TEST(RaceHud, ARunsTimeIsItsTicksPlusTheFrameLessWhereItStarted) {
  Character runner;
  EXPECT_FALSE(runSeconds(runner, 0.5f, 60).has_value()) << "no run";
  runner.runTicks = 120;
  runner.runStartFraction = 0.25f;
  ASSERT_TRUE(runSeconds(runner, 0.5f, 60).has_value());
  EXPECT_DOUBLE_EQ(*runSeconds(runner, 0.5f, 60), (120.0 + 0.5 - 0.25) / 60.0);
  EXPECT_FALSE(runSeconds(runner, 0.5f, 0).has_value()) << "a tick rate of 0 times nothing";
}

}  // namespace
}  // namespace coyote
