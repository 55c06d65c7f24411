#pragma once

#include <cstdint>

#include <span>

#include "sim/collision/box_cast.h"
#include "sim/state/level.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Result of `sweepAabb`: the final box, and per axis which side blocked it, as an indicator in
/// {-1, 0, +1} with the sign surface → box (a floor under the box gives normal.y = -1).
struct SweepResult {
  Aabb box;
  std::int8_t normalX = 0;
  std::int8_t normalY = 0;
  BodyId hitX = kNoBody;  ///< the body that blocked the X pass, if a body did
  BodyId hitY = kNoBody;  ///< the body that blocked the Y pass (the one stood on, for a floor)
};

/// How one-way tiles take part in a sweep (docs/simulation.md#one-way-platforms).
struct OneWayRule {
  bool enabled = true;       ///< false while dropping through.
  float startBottom = 0.0f;  ///< box bottom at the start of the step.
};

/// Moves `box` by `delta` against the tile grid without ever passing through a solid tile, at any
/// speed: X first, then Y from the X-resolved position (so diagonal motion slides along walls).
/// Every cell between the leading edge now and the leading edge aimed at is tested; the first
/// blocking one clamps the box exactly to its integer coordinate (e.g. `col - size.x`) rather than
/// interpolating a contact time, so no float residue is left inside the wall.
/// Each pass then casts the same motion against `bodies` (castBox) and stops at the first one it
/// would enter, if that comes before the tiles' limit.
SweepResult sweepAabb(const Aabb& box, Vec2 delta, const Level& level, OneWayRule oneWay,
                      std::span<const Obstacle> bodies = {});

/// What sweepAabb gives when nothing it could meet is near (no tile but Empty, no body): the box
/// moved by `delta`, X as its X pass moves it (only for a dx above or below 0, so a -0 stays).
/// A character step in the open air takes this instead of walking cells it knows are empty.
SweepResult sweepThroughNothing(const Aabb& box, Vec2 delta);

/// True if the box, moved toward `side` (-1 left, +1 right) by a hair, is blocked by a wall or a
/// body's side.
bool touchesWall(const Aabb& box, int side, const Level& level,
                 std::span<const Obstacle> bodies = {});

}  // namespace coyote
