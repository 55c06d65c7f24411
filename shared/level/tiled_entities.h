#pragma once

#include <array>
#include <string_view>

#include "level/collision_group_names.h"
#include "level/json_node.h"
#include "sim/state/level.h"

namespace coyote {

/// Every class an object of the `entities` layer may have (docs/levels.md#objects).
inline constexpr std::array<std::string_view, 10> kObjectClasses = {
    "spawn",  "platform", "crate",  "checkpoint", "start",
    "finish", "rope",     "spring", "rail",       "weld"};

/// Pixel size of one tile, to turn Tiled's pixel coordinates into tiles.
struct TileScale {
  float width = 16.0f;
  float height = 16.0f;
};

/// Reads the moving platforms and crates of the `entities` object layer (docs/levels.md#objects):
/// - `platform`: a rectangle; its path is a polyline object named by an object property `path`
///   (shifted so that its first point is the platform's top-left), or a straight line to
///   (`pathX`, `pathY`) tiles from it; `speed` tiles/s (default 2), `mode` `loop` or `pingpong`
///   (default), `wait` s at the ends (default 0), `oneway` (default false);
/// - `crate`: a rectangle (its size, or `width`/`height` properties in tiles, default 1×1) with a
///   `mass` (default 1) and a `material` named in the materials file (default `default`);
/// - `checkpoint`: a rectangle (default 1×1 tiles); touching it makes its bottom-centre the
///   character's respawn point.
/// Platforms and crates may name a collision `group` and `collides_with` (CollisionGroupNames).
/// Anything out of range is a ConfigError naming the file, the JSON path and the reason.
void readBodies(const Node& objects, TileScale scale, const MaterialTable& materials,
                const CollisionGroupNames& groups, Level& level);

}  // namespace coyote
