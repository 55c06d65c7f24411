#pragma once

#include <span>

#include "sim/collision/box_cast.h"
#include "sim/collision/sweep.h"

namespace coyote {

/// One step's motion as `sweepAabb` saw it, and what it ran into.
struct BlockedMotion {
  Aabb start;
  Vec2 delta;
  OneWayRule oneWay;
  std::span<const Obstacle> bodies;
  SweepResult swept;
};

/// Corner correction (docs/simulation.md#corner-correction): a rise that the sweep stopped on a
/// ceiling corner, or a horizontal dash stopped on a ledge, by at most `pixels`
/// (`physics.corner_correction`), slides round it. The start box is nudged — sideways under a
/// ceiling, up before a ledge — by the fewest whole pixels that let the same motion go further, the
/// nudge itself swept so that it never enters anything, and the motion is swept again from there.
/// Returns `motion.swept` unchanged when no nudge within `pixels` helps (a wall, a full ceiling),
/// or for pixels = 0.
SweepResult correctBlockedCorners(const BlockedMotion& motion, bool horizontalDash, int facing,
                                  int pixels, const Level& level);

/// True when the motion was stopped the way a corner can stop it: rising into a ceiling, or
/// dashing sideways into a wall.
inline bool stoppedAtCorner(const BlockedMotion& motion, bool horizontalDash) {
  return (motion.delta.y < 0.0f && motion.swept.normalY > 0) ||
         (horizontalDash && motion.swept.normalX != 0);
}

/// correctBlockedCorners for a motion that may not be blocked at all (most are not: inline, the
/// step pays two comparisons for them).
inline SweepResult correctCorners(const BlockedMotion& motion, bool horizontalDash, int facing,
                                  int pixels, const Level& level) {
  if (pixels <= 0 || !stoppedAtCorner(motion, horizontalDash)) {
    return motion.swept;
  }
  return correctBlockedCorners(motion, horizontalDash, facing, pixels, level);
}

}  // namespace coyote
