// The animation-state table (docs/art.md#characters): state and velocity → pose and frame.
#include "client/app/scene/art/character_animation.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

AnimationInput standing() {
  AnimationInput input;
  input.grounded = true;
  return input;
}

TEST(CharacterAnimation, StateAndVelocityChooseThePose) {
  struct Case {
    const char* what;
    AnimationInput input;
    Pose pose;
  };
  AnimationInput running = standing();
  running.velocity = {6.0f, 0.0f};
  AnimationInput rising;
  rising.velocity = {0.0f, -12.0f};
  AnimationInput apex;
  apex.velocity = {2.0f, 1.0f};
  AnimationInput falling;
  falling.velocity = {0.0f, 9.0f};
  AnimationInput sliding = falling;
  sliding.wallDirection = 1;
  AnimationInput climbing = rising;  // moving up along a wall is a jump, not a slide
  climbing.wallDirection = -1;
  AnimationInput dashing = falling;
  dashing.dashing = true;
  AnimationInput swimming = falling;
  swimming.swimming = true;
  AnimationInput landed = running;
  landed.ticksSinceLanding = 3.0;
  AnimationInput respawned = dashing;
  respawned.ticksSinceRespawn = 5.0;
  const Case cases[] = {
      {"idle", standing(), Pose::Idle},
      {"run", running, Pose::Run},
      {"rise", rising, Pose::Rise},
      {"apex", apex, Pose::Apex},
      {"fall", falling, Pose::Fall},
      {"wall slide", sliding, Pose::WallSlide},
      {"wall climb", climbing, Pose::Rise},
      {"dash", dashing, Pose::Dash},
      {"swim", swimming, Pose::Swim},
      {"land", landed, Pose::Land},
      {"respawn first", respawned, Pose::Respawn},
  };
  for (const Case& c : cases) {
    const AnimationFrame frame = animate(c.input);
    EXPECT_EQ(frame.pose, c.pose) << c.what;
    EXPECT_GE(frame.frame, 0) << c.what;
    EXPECT_LT(frame.frame, poseFrames(frame.pose)) << c.what;
  }
}

TEST(CharacterAnimation, ARunsFrameFollowsTheDistanceSoItsRateFollowsTheSpeed) {
  AnimationInput input = standing();
  input.velocity = {4.0f, 0.0f};
  int changesSlow = 0;
  int changesFast = 0;
  int previousSlow = 0;
  int previousFast = 0;
  for (int tick = 0; tick <= 60; ++tick) {  // one second at 4 and at 8 tiles/s
    input.position.x = 4.0f * static_cast<float>(tick) / 60.0f;
    const int slow = animate(input).frame;
    input.position.x = 8.0f * static_cast<float>(tick) / 60.0f;
    const int fast = animate(input).frame;
    changesSlow += slow != previousSlow;
    changesFast += fast != previousFast;
    previousSlow = slow;
    previousFast = fast;
  }
  EXPECT_EQ(changesSlow, 10);  // 4 tiles × 2.5 frames a tile
  EXPECT_EQ(changesFast, 20);
}

TEST(CharacterAnimation, LandingSquashesThenRecoversAndRisingStretches) {
  AnimationInput input = standing();
  input.ticksSinceLanding = 0.0;
  const AnimationFrame squashed = animate(input);
  EXPECT_GT(squashed.scaleX, 1.25f);
  EXPECT_LT(squashed.scaleY, 0.8f);
  input.ticksSinceLanding = 20.0;
  EXPECT_FLOAT_EQ(animate(input).scaleY, 1.0f);
  AnimationInput rising;
  rising.velocity = {0.0f, -15.0f};
  EXPECT_GT(animate(rising).scaleY, 1.15f);
  EXPECT_LT(animate(rising).scaleX, 1.0f);
  AnimationInput respawning;
  for (double t = 0.0; t < 16.0; t += 1.0) {
    respawning.ticksSinceRespawn = t;
    EXPECT_EQ(animate(respawning).frame, static_cast<int>(t / 4.0));
  }
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

// Standing still, the runner breathes (frames 0 and 1, half a second each) and blinks: the same
// two frames with the eye shut (2 and 3) for the last 6 ticks of every 150.
TEST(CharacterAnimation, AnIdleRunnerBreathesAndBlinksEveryTwoAndAHalfSeconds) {
  AnimationInput idle;
  idle.grounded = true;
  int blinks = 0;
  int shutTicks = 0;
  bool shut = false;
  for (int tick = 0; tick < 600; ++tick) {
    idle.renderTick = tick;
    const AnimationFrame frame = animate(idle);
    ASSERT_EQ(frame.pose, Pose::Idle);
    ASSERT_LT(frame.frame, poseFrames(Pose::Idle));
    const bool now = frame.frame >= 2;
    EXPECT_EQ(frame.frame % 2, (tick / 30) % 2) << "the breath goes on through a blink";
    blinks += now && !shut ? 1 : 0;
    shutTicks += now ? 1 : 0;
    shut = now;
  }
  EXPECT_EQ(blinks, 4);
  EXPECT_EQ(shutTicks, 24);
}

}  // namespace
}  // namespace coyote
