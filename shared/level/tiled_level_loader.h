#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "sim/state/level.h"

namespace coyote {

/// Loads a Tiled JSON map (`.tmj`, docs/levels.md):
/// - an orthogonal map with a tile layer named `collision` (CSV/array data, flip bits cleared)
///   whose tiles take their type from the tileset tile's `type` (or `class`): `solid`, `oneway`,
///   `slope_up_right`, `slope_up_left`, `rounded_up_right`, `rounded_up_left`, `water`, `hazard`;
/// - embedded tilesets or external `.tsj` tilesets (`source`, relative to the map);
/// - an object layer `entities` with point objects of type `spawn` (at least one);
/// - optional integer map properties `jumpsRemaining` and `dashesRemaining` (-1 = unlimited);
/// - platforms and crates in the `entities` layer (tiled_entities.h).
/// A broken file is a ConfigError naming the file, the JSON path and the reason.
/// Tiles and crates take their materials from `materials` (a tileset tile's or a crate's
/// `material` property names one; a tile without one takes its type's; see materials_loader.h).
Level loadTiledLevel(const std::filesystem::path& file,
                     const MaterialTable& materials = MaterialTable{});

/// The same from text already in memory; external tilesets are read relative to `baseDirectory`.
Level parseTiledLevel(std::string_view json, const std::string& fileName,
                      const std::filesystem::path& baseDirectory,
                      const MaterialTable& materials = MaterialTable{});

}  // namespace coyote
