#include "client/app/scene/art/character_animation.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace coyote {
namespace {

constexpr double kRespawnTicks = 16.0;  // 4 frames of 4 ticks
constexpr double kLandTicks = 8.0;
constexpr float kRunFramesPerTile = 2.5f;
constexpr float kApexSpeed = 3.0f;  // tiles/s either way of the top of a jump
constexpr float kWalkingSpeed = 0.5f;
constexpr double kBlinkEvery = 150.0;  // ticks
constexpr double kBlinkTicks = 6.0;

int cycle(double ticks, double ticksPerFrame, int frames) {
  return static_cast<int>(std::floor(ticks / ticksPerFrame)) % frames;
}

AnimationFrame onGround(const AnimationInput& in) {
  if (in.ticksSinceLanding < kLandTicks) {
    const auto left = static_cast<float>(1.0 - in.ticksSinceLanding / kLandTicks);
    return {Pose::Land, 0, 1.0f + 0.3f * left, 1.0f - 0.25f * left};
  }
  if (std::abs(in.velocity.x) > kWalkingSpeed) {
    const float distance = std::abs(in.position.x) * kRunFramesPerTile;
    return {Pose::Run, static_cast<int>(distance) % poseFrames(Pose::Run)};
  }
  // Breathing: frames 0 and 1 in turn; a blink (the same two shut) for 6 ticks every 2.5 s.
  const int breath = cycle(in.renderTick, 30.0, 2);
  const bool blinking = std::fmod(in.renderTick, kBlinkEvery) >= kBlinkEvery - kBlinkTicks;
  return {Pose::Idle, blinking ? breath + 2 : breath};
}

AnimationFrame inAir(const AnimationInput& in) {
  if (in.wallDirection != 0 && in.velocity.y > 0.0f) {
    return {Pose::WallSlide, 0};
  }
  if (in.velocity.y < -kApexSpeed) {
    const float stretch = std::min(0.2f, -in.velocity.y / 80.0f);
    return {Pose::Rise, 0, 1.0f - stretch * 0.6f, 1.0f + stretch};
  }
  if (in.velocity.y <= kApexSpeed) {
    return {Pose::Apex, 0};
  }
  return {Pose::Fall, cycle(in.renderTick, 6.0, poseFrames(Pose::Fall))};
}

}  // namespace

int poseFrames(Pose pose) {
  constexpr std::array<int, kPoseCount> kFrames = {4, 6, 1, 1, 2, 1, 1, 2, 4, 4};
  return kFrames[static_cast<std::size_t>(pose)];
}

AnimationFrame animate(const AnimationInput& in) {
  if (in.ticksSinceRespawn < kRespawnTicks) {
    return {Pose::Respawn, static_cast<int>(in.ticksSinceRespawn / 4.0)};
  }
  if (in.dashing) {
    return {Pose::Dash, cycle(in.renderTick, 4.0, poseFrames(Pose::Dash)), 1.15f, 0.9f};
  }
  if (in.swimming) {
    return {Pose::Swim, cycle(in.renderTick, 8.0, poseFrames(Pose::Swim))};
  }
  return in.grounded ? onGround(in) : inAir(in);
}

}  // namespace coyote
