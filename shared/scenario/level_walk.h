#pragma once

#include <string>
#include <vector>

#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/tile.h"

namespace coyote {

/// A place where a walker stopped at a surface no higher than a tile that does not look like a
/// wall: the foot of a rounded tile, a slope too steep to walk, a block less than a whole tile
/// above the feet. Each is a bump a player would expect to walk over and is stopped by instead.
struct WalkStop {
  int column = 0;  ///< the tile that stopped the walker
  int row = 0;
  TileType tile = TileType::Empty;
  int direction = 0;   ///< -1 walking left, +1 right
  float feetX = 0.0f;  ///< where the walker's feet stopped (bottom-centre), tiles
  float feetY = 0.0f;
  float rise = 0.0f;  ///< how far the top of what stopped it is above the feet, tiles
  Vec2 from;          ///< where the walk started (feet)

  /// One line for a level designer: where, what, and which way.
  std::string describe() const;
};

/// What a walk of a level saw.
struct LevelWalk {
  int starts = 0;  ///< standing places walked from, each both ways
  int stops = 0;   ///< walks that ended stopped against something (walls included)
  std::vector<WalkStop> unexpected;  ///< the stops that are no wall by design, one per tile and way
};

/// The level walk (docs/levels.md#the-level-walk): a walker stands on every standing place of
/// the level's tiles in turn — above each floor, one-way top and slope — and walks left, then
/// right, with nothing else pressed, for at most `maxTicks`, down slopes and off ledges, until it
/// stops. A stop is a wall by design when what stopped it is a solid tile whose top is a whole
/// number of tiles (at least one) above the feet, or anything more than a tile high: the
/// player sees a block or a wall there. Any other stop at something no higher than a tile is
/// reported. The level's bodies are left out (a crate or a platform is seen for what it is), and
/// a walk ends when the walker swims or respawns.
LevelWalk walkLevel(const Level& level, const PhysicsConfig& config, int maxTicks = 240);

}  // namespace coyote
