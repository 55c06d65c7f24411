// Ghosts beside the local run (docs/playing.md#ghosts): tick for tick, interpolated, gone a
// second after their finish, and only while the local player runs.
#include "client/app/scene/ghost_view.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

LoadedGhost straightRun() {
  LoadedGhost ghost{"ada", 1'000'000, {}};
  for (int tick = 0; tick <= 60; ++tick) {
    ghost.positions.push_back({2.0f + 0.15f * static_cast<float>(tick), 10.0f});
  }
  return ghost;
}

TEST(GhostView, AGhostIsAsManyTicksIntoItsRunAsThePlayer) {
  const LoadedGhost ghost = straightRun();
  Character local;
  EXPECT_FALSE(ghostPosition(ghost, local, 0.0f, 60)) << "not running: no ghost";
  local.runTicks = 10;
  const auto at = ghostPosition(ghost, local, 0.5f, 60);
  ASSERT_TRUE(at);
  EXPECT_FLOAT_EQ(at->x, 2.0f + 0.15f * 10.5f);
  EXPECT_FLOAT_EQ(at->y, 10.0f);
  local.runTicks = 60 + 30;
  ASSERT_TRUE(ghostPosition(ghost, local, 0.0f, 60));
  EXPECT_FLOAT_EQ(ghostPosition(ghost, local, 0.0f, 60)->x, 11.0f) << "waits at its finish";
  local.runTicks = 60 + 61;
  EXPECT_FALSE(ghostPosition(ghost, local, 0.0f, 60)) << "gone a second after";
  EXPECT_FALSE(ghostPosition(LoadedGhost{}, Character{}, 0.0f, 60));
}

}  // namespace
}  // namespace coyote
