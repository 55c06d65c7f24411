#pragma once

#include <cstdint>

#include "sim/state/level.h"
#include "sim/state/tile.h"
#include "sim/state/vec2.h"

namespace coyote {

/// A box bottom this close above a followable surface counts as standing on it.
inline constexpr float kSlopeContactTolerance = 1.0e-3f;

/// Height of a slope or rounded tile's surface at `localX` in [0, 1), read from the top of its
/// cell (0 = top, 1 = bottom); add the row for the world y. The four formulas of
/// docs/simulation.md#slopes.
float slopeSurfaceHeight(TileType type, float localX);

/// How steep a followable surface is at `localX` in [0, 1): the sine of its incline (0 flat, 1
/// vertical; 1/√2 on a 45° slope), and the side it falls toward (-1 left, +1 right; 0 for a tile
/// with no such surface). docs/simulation.md#walkable-slopes.
struct Incline {
  float sine = 0.0f;
  std::int8_t downhill = 0;
};
Incline surfaceIncline(TileType type, float localX);

/// Where on the surface of a slope or rounded tile the height `height` (from the top of its cell,
/// clamped to [0, 1]) is met: the localX in [0, 1]. The inverse of slopeSurfaceHeight.
float surfaceXAtHeight(TileType type, float height);

/// Where a box's bottom ends up on a followable surface.
struct SurfaceContact {
  bool found = false;
  bool onSlope = false;             ///< the surface is a slope or rounded tile (not a flat floor).
  TileType tile = TileType::Empty;  ///< on a slope: its tile (surfaceIncline tells how steep)
  float bottom = 0.0f;              ///< world y of the box bottom on that surface.
};

/// The slope-follow pass (docs/simulation.md#slopes), run after the sweep when the box is not
/// rising. Looks at the followable tiles under the box's centre column in every row from the higher
/// of the previous bottom and the box top down to the new bottom (so a fast fall cannot skip a
/// slope), and returns the first surface at or above the new bottom. Out-of-grid columns: no
/// surface.
SurfaceContact resolveSlopeFollow(const Aabb& box, float previousBottom, const Level& level);

/// Ground snapping (docs/simulation.md#slopes): the nearest floor or followable surface within
/// `distance` below the box, found with the same sweep and slope-follow passes as a normal step.
SurfaceContact findGroundBelow(const Aabb& box, float distance, const Level& level);

/// The incline of the slope a box standing on one has under its centre (flat, sine 0, if no
/// followable tile is there).
Incline inclineUnder(const Aabb& box, const Level& level);

}  // namespace coyote
