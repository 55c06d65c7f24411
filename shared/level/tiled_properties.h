#pragma once

// Reading the custom properties and positions of Tiled objects, with every error naming its JSON
// path.

#include <cstdint>
#include <optional>
#include <string_view>

#include "level/json_node.h"
#include "level/tiled_entities.h"
#include "sim/state/level.h"

namespace coyote {

/// The number at `node`, refused unless within [min, max].
float ranged(const Node& node, float min, float max);

/// The number property `name` of `object`, within the range level_properties.h declares for it,
/// or `fallback` when it has none.
float numberProperty(const Node& object, std::string_view name, float fallback);

/// The same with the default level_properties.h declares.
float numberProperty(const Node& object, std::string_view name);

/// The boolean property `name` of `object` (false when absent).
bool boolProperty(const Node& object, std::string_view name);

/// An object's x, y in tiles, refused outside the map.
Vec2 positionInTiles(const Node& object, TileScale scale, const Level& level);

/// A body's or region's size in tiles: the rectangle's, or its `width`/`height` properties, or
/// 1 × 1; refused outside kMinBodySide..kMaxBodySide.
Vec2 sizeInTiles(const Node& object, TileScale scale);

/// The object of `objects` with Tiled id `id`, kept in `storage`, or nullptr.
const Node* findObject(const Node& objects, std::int64_t id, std::optional<Node>& storage);

}  // namespace coyote
