#pragma once

#include "level/json_node.h"
#include "level/tiled_entities.h"
#include "sim/state/level.h"

namespace coyote {

/// The race a level declares (docs/levels.md#races): one `start` and one `finish` object of the
/// `entities` layer (rectangles; a point is 1 × 1 tile), both or neither; the checkpoints'
/// `order`s (read with the checkpoints) 1, 2, … N, none twice and none missing; the map's `laps`
/// and `race_name`, only with a race. Each refusal names the JSON path it is about.
void readRace(const Node& map, const Node& objects, TileScale scale, Level& level);

}  // namespace coyote
