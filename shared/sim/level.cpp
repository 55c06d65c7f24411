#include "sim/level.h"

namespace coyote {

Level::Level(int width, int height)
    : width_(width),
      height_(height),
      tiles_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), TileType::Empty) {}

void Level::setTile(int column, int row, TileType type) {
  if (column < 0 || row < 0 || column >= width_ || row >= height_) {
    return;
  }
  tiles_[static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
         static_cast<std::size_t>(column)] = type;
}

}  // namespace coyote
