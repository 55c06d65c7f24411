#pragma once

#include <cmath>

#include "sim/state/level.h"
#include "sim/state/vec2.h"

namespace coyote {

/// What the bots' brains see of spikes: a hazard tile within two tiles ahead of `box` (moving
/// `direction`, ±1), from its feet down to `rowsBelow` rows under them.
inline bool hazardAhead(const Aabb& box, int direction, const Level& level, int rowsBelow) {
  const float front = direction > 0 ? box.right() : box.left();
  const int feetRow = static_cast<int>(std::floor(box.bottom() - 0.01f));
  for (int step = 0; step <= 2; ++step) {
    const int column = static_cast<int>(std::floor(front + static_cast<float>(direction * step)));
    for (int row = feetRow; row <= feetRow + rowsBelow; ++row) {
      if (level.tileAt(column, row) == TileType::Hazard) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace coyote
