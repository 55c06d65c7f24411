// Speed along slopes (docs/simulation.md#speed-along-slopes): a walking character's speed is
// measured along the ground, so a 45° slope is crossed at max_run_speed along its surface, up or
// down, not √2 times faster.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

// Floor top at y = 11 from column 0 to 4; a 45° slope up-right over columns 5–12 (rising from
// y = 11 to y = 3); a plateau at y = 3 from column 13 on.
std::string ramp(int spawnColumn, int spawnRow) {
  constexpr int kWidth = 30;
  constexpr int kHeight = 12;
  std::string picture;
  for (int row = 0; row < kHeight; ++row) {
    for (int column = 0; column < kWidth; ++column) {
      char cell = '.';
      const int slopeRow = 10 - (column - 5);  // the '/' of column 5..12
      if (row == kHeight - 1) {
        cell = '#';
      } else if (column >= 5 && column <= 12) {
        cell = row == slopeRow ? '/' : (row > slopeRow ? '#' : '.');
      } else if (column > 12 && row >= 3) {
        cell = '#';
      }
      if (row == spawnRow && column == spawnColumn) {
        cell = 'S';
      }
      picture += cell;
    }
    picture += '\n';
  }
  return picture;
}

constexpr float kStep = 9.0f / 60.0f;  // max_run_speed · dt: one tick at run speed

struct Move {
  float dx;
  float dy;
  float along() const { return std::hypot(dx, dy); }
};

Move stepOnce(Scenario& scenario, int direction) {
  const Aabb before = scenario.box();
  scenario.step(input(direction));
  const Aabb after = scenario.box();
  return {after.left() - before.left(), after.bottom() - before.bottom()};
}

TEST(SlopeSpeed, UpA45DegreeSlopeTheSpeedAlongItIsTheRunSpeed) {
  Scenario scenario(ramp(2, 10));
  ASSERT_TRUE(scenario.player().grounded);
  int onSlope = 0;
  for (int tick = 0; tick < 120 && scenario.box().centerX() < 12.0f; ++tick) {
    const Move move = stepOnce(scenario, kRight);
    const float center = scenario.box().centerX();
    if (scenario.player().velocity.x == 9.0f && center > 6.0f && center < 12.0f) {
      ++onSlope;
      EXPECT_NEAR(move.dx, kStep * std::sqrt(0.5f), 1e-4f) << "tick " << tick;
      EXPECT_NEAR(move.dy, -kStep * std::sqrt(0.5f), 1e-4f) << "tick " << tick;
      EXPECT_NEAR(move.along(), kStep, 1e-4f) << "tick " << tick;
    }
  }
  EXPECT_GT(onSlope, 30);
}

TEST(SlopeSpeed, DownA45DegreeSlopeTheSpeedAlongItIsTheRunSpeed) {
  Scenario scenario(ramp(20, 2));
  ASSERT_TRUE(scenario.player().grounded);
  scenario.step(input(kLeft), 20);  // up to speed on the plateau
  int onSlope = 0;
  for (int tick = 0; tick < 120 && scenario.box().centerX() > 5.5f; ++tick) {
    const Move move = stepOnce(scenario, kLeft);
    ASSERT_TRUE(scenario.player().grounded) << "tick " << tick;
    const float center = scenario.box().centerX();
    if (center > 6.0f && center < 12.0f) {
      ++onSlope;
      EXPECT_NEAR(move.dx, -kStep * std::sqrt(0.5f), 1e-4f) << "tick " << tick;
      EXPECT_NEAR(move.dy, kStep * std::sqrt(0.5f), 1e-4f) << "tick " << tick;
    }
  }
  EXPECT_GT(onSlope, 30);
}

// Where the slope meets the plateau at its top, every tick moves the run speed's distance along
// the ground, neither more nor (beyond the corner's geometry) much less. (At the slope's foot,
// the one tick that enters the slope still moves across at the flat's rate: at most 6 % more.)
TEST(SlopeSpeed, OverTheSlopeToFlatJunctionTheSpeedNeitherJumpsNorStalls) {
  Scenario scenario(ramp(2, 10));
  int onPlateau = 0;
  int atJunction = 0;
  for (int tick = 0; tick < 160 && scenario.box().left() < 20.0f; ++tick) {
    const Move move = stepOnce(scenario, kRight);
    ASSERT_TRUE(scenario.player().grounded) << "tick " << tick;
    if (scenario.player().velocity.x < 9.0f) {
      continue;  // still accelerating on the floor
    }
    ASSERT_LE(move.along(), kStep * 1.06f)
        << "tick " << tick << ": faster than running, " << move.dx << ", " << move.dy << " at "
        << scenario.box().centerX() << ", " << scenario.box().bottom();
    ASSERT_GE(move.along(), kStep * 0.7f) << "tick " << tick << ": stalled";
    if (scenario.box().centerX() > 11.5f && scenario.box().centerX() < 14.0f) {
      ++atJunction;
      EXPECT_LE(move.along(), kStep + 1e-4f) << "tick " << tick << ": faster at the junction";
    }
    if (scenario.box().left() > 13.5f) {
      ++onPlateau;
      EXPECT_NEAR(move.dx, kStep, 1e-5f) << "tick " << tick << ": full speed on the flat";
      EXPECT_EQ(move.dy, 0.0f);
    }
  }
  EXPECT_GT(onPlateau, 20);
  EXPECT_GT(atJunction, 10);
}

}  // namespace
}  // namespace coyote::test
