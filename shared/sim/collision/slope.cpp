#include "sim/collision/slope.h"

#include <cmath>

#include "sim/collision/sweep.h"
#include "sim/state/scalar.h"

namespace coyote {

namespace {

// Following a surface lifts the box; a solid tile above it (a low ceiling over a slope) would
// then overlap the box. The lift is swept like any motion, and a blocked lift is no foothold.
bool canStandAt(const Aabb& box, float surface, const Level& level) {
  const float lift = surface - box.bottom();
  // A lift whose top stays in the row the top is in meets no cell the box is not already in (a
  // box on a slope is lifted a little every step): only one into a row above needs the sweep.
  if (lift >= 0.0f || floorToInt(box.top() + lift + kSkin) == floorToInt(box.top() + kSkin)) {
    return true;
  }
  return sweepAabb(box, Vec2{0.0f, lift}, level, OneWayRule{false, 0.0f}).normalY == 0;
}

}  // namespace

float slopeSurfaceHeight(TileType type, float localX) {
  switch (type) {
    case TileType::SlopeUpRight:
      return 1.0f - localX;
    case TileType::SlopeUpLeft:
      return localX;
    case TileType::RoundedUpRight: {
      const float fromRight = 1.0f - localX;
      return 1.0f - std::sqrt(1.0f - fromRight * fromRight);
    }
    case TileType::RoundedUpLeft:
      return 1.0f - std::sqrt(1.0f - localX * localX);
    default:
      return 1.0f;
  }
}

Incline surfaceIncline(TileType type, float localX) {
  constexpr float kInvSqrt2 = 0.70710678118654752f;
  switch (type) {
    case TileType::SlopeUpRight:
      return {kInvSqrt2, -1};
    case TileType::SlopeUpLeft:
      return {kInvSqrt2, 1};
    // On a quarter circle the incline's sine is the distance from the circle's vertical axis.
    case TileType::RoundedUpRight:
      return {1.0f - localX, -1};
    case TileType::RoundedUpLeft:
      return {localX, 1};
    default:
      return {};
  }
}

float surfaceXAtHeight(TileType type, float height) {
  const float h = height < 0.0f ? 0.0f : (height > 1.0f ? 1.0f : height);
  const float belowTop = 1.0f - h;
  switch (type) {
    case TileType::SlopeUpRight:
      return 1.0f - h;
    case TileType::SlopeUpLeft:
      return h;
    case TileType::RoundedUpRight:
      return 1.0f - std::sqrt(1.0f - belowTop * belowTop);
    case TileType::RoundedUpLeft:
      return std::sqrt(1.0f - belowTop * belowTop);
    default:
      return 0.0f;
  }
}

SurfaceContact resolveSlopeFollow(const Aabb& box, float previousBottom, const Level& level) {
  const float centerX = box.centerX();
  const int column = floorToInt(centerX);
  if (column < 0 || column >= level.width()) {
    return {};
  }
  const float localX = centerX - static_cast<float>(column);
  const float bottom = box.bottom();
  // A surface inside the box's own height is stepped onto (walking up, or into the steep end of
  // a rounded tile); one crossed since the previous step is landed on.
  const float highest = previousBottom < box.top() ? previousBottom : box.top();
  const int firstRow = floorToInt(highest);
  const int lastRow = floorToInt(bottom + kSlopeContactTolerance);
  if ((level.typesIn(column, column, firstRow, lastRow) & kFollowableTypes) == 0) {
    return {};
  }
  for (int row = firstRow; row <= lastRow; ++row) {
    const TileType tile = level.tileAt(column, row);
    if (!isFollowableSurface(tile)) {
      continue;
    }
    const float surface = static_cast<float>(row) + slopeSurfaceHeight(tile, localX);
    if (surface >= highest && bottom >= surface - kSlopeContactTolerance &&
        canStandAt(box, surface, level)) {
      return {true, true, tile, surface};
    }
  }
  return {};
}

SurfaceContact findGroundBelow(const Aabb& box, float distance, const Level& level) {
  const SweepResult down =
      sweepAabb(box, Vec2{0.0f, distance}, level, OneWayRule{true, box.bottom()});
  const SurfaceContact slope = resolveSlopeFollow(down.box, box.bottom(), level);
  if (slope.found) {
    return slope;
  }
  if (down.normalY < 0) {
    return {true, false, TileType::Empty, down.box.bottom()};
  }
  return {};
}

Incline inclineUnder(const Aabb& box, const Level& level) {
  // The box stands on the surface (onSlope): the followable tile under its centre is in the row
  // of its feet, or the row below when it stands at that tile's very top (a slope's high end).
  const float centerX = box.centerX();
  const int column = floorToInt(centerX);
  const int row = floorToInt(box.bottom() - kSlopeContactTolerance);
  TileType tile = level.tileAt(column, row);
  if (!isFollowableSurface(tile)) {
    tile = level.tileAt(column, row + 1);
  }
  return surfaceIncline(tile, centerX - static_cast<float>(column));
}

}  // namespace coyote
