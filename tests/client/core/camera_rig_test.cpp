// The camera (docs/playing.md#the-window): smooth follow, look-ahead, inside the level, and a
// shake on a heavy landing that the off switch stops.
#include "client/core/camera_rig.h"

#include <cstdio>

#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

constexpr int kWidth = 100;  // tiles: wider and taller than the 20 × 15 view
constexpr int kHeight = 40;

TEST(CameraRig, FollowsSmoothlyLeadsTheRunAndSnapsAfterATeleport) {
  CameraRig rig;
  Vec2 corner = rig.update({50.0f, 20.0f}, {}, 1.0f / 60, kWidth, kHeight);
  EXPECT_FLOAT_EQ(corner.x, 40.0f);  // the first frame is centred at once
  EXPECT_FLOAT_EQ(corner.y, 12.5f);
  // The player steps 2 tiles right: the camera closes part of the gap in a frame, not all.
  corner = rig.update({52.0f, 20.0f}, {}, 1.0f / 60, kWidth, kHeight);
  EXPECT_GT(corner.x, 40.0f);
  EXPECT_LT(corner.x, 41.0f);
  for (int frame = 0; frame < 120; ++frame) {
    corner = rig.update({52.0f, 20.0f}, {}, 1.0f / 60, kWidth, kHeight);
  }
  EXPECT_NEAR(corner.x, 42.0f, 1.0f / 16);
  // Running right at full speed: the view leads by a fifth of its width, 4 tiles, and does not
  // trail the runner (the follow's lag is made up for).
  float x = 52.0f;
  for (int frame = 0; frame < 120; ++frame) {
    x += CameraRig::kLookAheadSpeed / 60.0f;
    corner = rig.update({x, 20.0f}, {CameraRig::kLookAheadSpeed, 0.0f}, 1.0f / 60, kWidth, kHeight);
  }
  EXPECT_NEAR(corner.x, x - 10.0f + 4.0f, 1.0f / 16 + 0.01f);
  // A respawn far away: followed at once.
  corner = rig.update({10.0f, 10.0f}, {}, 1.0f / 60, kWidth, kHeight);
  EXPECT_FLOAT_EQ(corner.x, 0.0f + 0.0f);  // and kept inside the level's left edge
  EXPECT_FLOAT_EQ(corner.y, 2.5f);
}

// The look-ahead grows with speed, up to three tenths of the view on a dash, in either direction;
// a fast fall leads down; a zoomed-out view leads by the same share of its larger width.
TEST(CameraRig, TheLookAheadGrowsWithSpeedAndTheViewsSize) {
  const ViewTiles zoom1;
  const ViewTiles zoom3{40.0f, 30.0f};
  EXPECT_FLOAT_EQ(CameraRig::lead({0.0f, 0.0f}, zoom1).x, 0.0f);
  EXPECT_FLOAT_EQ(CameraRig::lead({4.5f, 0.0f}, zoom1).x, 2.0f);
  EXPECT_FLOAT_EQ(CameraRig::lead({9.0f, 0.0f}, zoom1).x, 4.0f);
  EXPECT_FLOAT_EQ(CameraRig::lead({-9.0f, 0.0f}, zoom1).x, -4.0f);
  EXPECT_FLOAT_EQ(CameraRig::lead({24.0f, 0.0f}, zoom1).x, 6.0f) << "a dash: the most";
  EXPECT_FLOAT_EQ(CameraRig::lead({9.0f, 0.0f}, zoom3).x, 8.0f);
  EXPECT_FLOAT_EQ(CameraRig::lead({0.0f, 5.0f}, zoom1).y, 0.0f) << "a slow fall: none";
  EXPECT_FLOAT_EQ(CameraRig::lead({0.0f, -20.0f}, zoom1).y, 0.0f) << "rising: none";
  EXPECT_FLOAT_EQ(CameraRig::lead({0.0f, 25.0f}, zoom1).y, 3.0f) << "a fast fall: a fifth";
}

// On race.tmj the low road meets a pit of spikes 12 tiles wide (x 62–73) with a moving platform
// over it. Running at full speed at zoom 1, on the last tile of ground before it (where the jump
// commits), the whole pit and the ground beyond it (x 74) are in view.
TEST(CameraRig, TheRacesSpikedPitAndItsFarSideAreInViewBeforeTheJump) {
  const Level level = test::bundledLevel("race.tmj");
  for (int x = 62; x <= 73; ++x) {
    ASSERT_EQ(level.tileAt(x, 31), TileType::Hazard) << "the pit's spikes at x " << x;
    ASSERT_EQ(level.tileAt(x, 29), TileType::Empty) << "the gap at x " << x;
  }
  ASSERT_EQ(level.tileAt(61, 29), TileType::Solid) << "the last ground before the pit";
  ASSERT_EQ(level.tileAt(74, 29), TileType::Solid) << "the far side";
  CameraRig rig;
  const Vec2 running{CameraRig::kLookAheadSpeed, 0.0f};
  Vec2 corner;
  for (float x = 45.0f; x <= 61.5f; x += CameraRig::kLookAheadSpeed / 60.0f) {
    corner = rig.update({x, 28.5f}, running, 1.0f / 60, level.width(), level.height());
  }
  EXPECT_GE(corner.x + ViewTiles{}.width, 75.0f) << "x 74 wholly in view";
  EXPECT_LE(corner.y, 31.0f - 15.0f + 1.0f) << "and the spikes' row";
  std::printf(
      "[ figure ] at the jump over race.tmj's pit the view reaches x %.2f (74: the far "
      "side)\n",
      corner.x + ViewTiles{}.width);
}

TEST(CameraRig, AHeavyLandingShakesTheViewOnceAndTheSwitchStopsIt) {
  const Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj");
  const PhysicsConfig config;
  const WorldState state = makeWorld(1, level, config);
  EffectList effects;
  const std::vector<StepEvent> hard{{100, kCharacterIdBase, EventKind::Landed, 24.0f}};
  effects.simulated(100, hard, state, level, config, 100);

  CameraRig rig;
  rig.react(effects, kCharacterIdBase, 100.0);
  int shaken = 0;
  for (double tick = 100.0; tick < 112.0; tick += 1.0) {
    const Vec2 offset = rig.shakeOffset(tick);
    shaken += offset.x != 0.0f || offset.y != 0.0f;
  }
  EXPECT_GE(shaken, 4);
  EXPECT_EQ(rig.shakeOffset(130.0).x, 0.0f) << "it dies down";
  rig.react(effects, kCharacterIdBase, 131.0);  // the same landing again: no new shake
  EXPECT_EQ(rig.shakeOffset(131.0).x + rig.shakeOffset(132.0).y, 0.0f);

  CameraRig calm(false);
  calm.react(effects, kCharacterIdBase, 100.0);
  for (double tick = 100.0; tick < 112.0; tick += 1.0) {
    EXPECT_EQ(calm.shakeOffset(tick).x, 0.0f);
    EXPECT_EQ(calm.shakeOffset(tick).y, 0.0f);
  }
  CameraRig soft;  // a soft landing, or someone else's: no shake
  EffectList gentle;
  gentle.simulated(100, std::vector<StepEvent>{{100, kCharacterIdBase, EventKind::Landed, 9.0f}},
                   state, level, config, 100);
  soft.react(gentle, kCharacterIdBase, 100.0);
  CameraRig watching;  // following slot 1: slot 0's hard landing is not ours
  watching.react(effects, kCharacterIdBase + 1, 100.0);
  for (double tick = 100.0; tick < 112.0; tick += 1.0) {
    EXPECT_EQ(soft.shakeOffset(tick).x, 0.0f);
    EXPECT_EQ(watching.shakeOffset(tick).x, 0.0f);
  }
}

}  // namespace
}  // namespace coyote
