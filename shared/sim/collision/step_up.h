#pragma once

#include "sim/collision/corner_correction.h"

namespace coyote {

/// Step-up (docs/simulation.md#step-up) for a move `sweepAabb` stopped sideways: the start box is
/// lifted by `height` (swept, so a ceiling stops it), moved by the same dx, and lowered by as much
/// as it rose onto what it stepped over. Returns `motion.swept` unchanged when the lifted move is
/// stopped too and gets no further (a wall), when it lands on nothing, or when the ledge leaves
/// the box less than a skin of headroom under whatever stopped the lift. A lifted move that
/// nothing stopped keeps its whole dx even when it ends short of the ledge: the box then stands
/// where its move ended, its speed intact, and steps up on the next tick. One-way tops above the
/// start never catch the box: the edge of a one-way ledge is no step from below.
SweepResult stepUpBlocked(const BlockedMotion& motion, float height, const Level& level);

/// stepUpBlocked for a move that may not be blocked at all (most are not: inline, a step pays two
/// comparisons for them). `height` 0 turns it off.
inline SweepResult stepUp(const BlockedMotion& motion, float height, const Level& level) {
  if (motion.swept.normalX == 0 || !(height > 0.0f)) {
    return motion.swept;
  }
  return stepUpBlocked(motion, height, level);
}

}  // namespace coyote
