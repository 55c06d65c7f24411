#include "sim/collision/corner_correction.h"

#include <array>

#include "sim/state/physics_config.h"

namespace coyote {
namespace {

constexpr float kTilesPerPixel = 1.0f / static_cast<float>(kPixelsPerTile);

/// The motion again from the start nudged by `offset` tiles, if the nudge is free.
bool retryNudged(const BlockedMotion& motion, Vec2 offset, const Level& level,
                 SweepResult& retried) {
  const SweepResult nudge = sweepAabb(motion.start, offset, level, motion.oneWay, motion.bodies);
  if (nudge.normalX != 0 || nudge.normalY != 0) {
    return false;
  }
  retried = sweepAabb(nudge.box, motion.delta, level, motion.oneWay, motion.bodies);
  return true;
}

/// Tries nudges of 1, 2, … `pixels` px along each of `directions` (in that order at each size)
/// and keeps the first whose motion gets further than the blocked one, as `further` judges.
template <class Further>
SweepResult slideRound(const BlockedMotion& motion, std::span<const Vec2> directions, int pixels,
                       const Level& level, Further further) {
  for (int size = 1; size <= pixels; ++size) {
    const float tiles = static_cast<float>(size) * kTilesPerPixel;
    for (const Vec2 direction : directions) {
      SweepResult retried;
      if (retryNudged(motion, direction * tiles, level, retried) && further(retried)) {
        return retried;
      }
    }
  }
  return motion.swept;
}

}  // namespace

SweepResult correctBlockedCorners(const BlockedMotion& motion, bool horizontalDash, int facing,
                                  int pixels, const Level& level) {
  const SweepResult& swept = motion.swept;
  if (pixels <= 0) {
    return swept;
  }
  if (motion.delta.y < 0.0f && swept.normalY > 0) {
    // Under a ceiling: sideways, the way the character faces first (ties are rare: a gap
    // narrower than the box, clipped on both sides).
    const float side = facing < 0 ? -1.0f : 1.0f;
    const std::array<Vec2, 2> directions{Vec2{side, 0.0f}, Vec2{-side, 0.0f}};
    return slideRound(motion, directions, pixels, level, [&](const SweepResult& retried) {
      return retried.box.top() < swept.box.top() - kSkin;
    });
  }
  if (horizontalDash && swept.normalX != 0) {
    // Before a ledge: up, so the dash carries on over it.
    const std::array<Vec2, 1> up{Vec2{0.0f, -1.0f}};
    const float along = motion.delta.x < 0.0f ? -1.0f : 1.0f;
    return slideRound(motion, up, pixels, level, [&](const SweepResult& retried) {
      return along * (retried.box.left() - swept.box.left()) > kSkin;
    });
  }
  return swept;
}

}  // namespace coyote
