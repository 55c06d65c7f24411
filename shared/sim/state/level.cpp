#include "sim/state/level.h"

namespace coyote {

Level::Level(int width, int height)
    : width_(width),
      height_(height),
      tiles_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), TileType::Empty),
      cellMaterials_(tiles_.size(), 0),
      windows_(width, height) {}

void Level::setMaterial(int column, int row, std::uint8_t material) {
  if (column < 0 || row < 0 || column >= width_ || row >= height_ || material >= materials.size()) {
    return;
  }
  cellMaterials_[static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
                 static_cast<std::size_t>(column)] = material;
}

void Level::setTile(int column, int row, TileType type) {
  if (column < 0 || row < 0 || column >= width_ || row >= height_) {
    return;
  }
  tiles_[static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
         static_cast<std::size_t>(column)] = type;
  windows_.add(column, row, type);
}

}  // namespace coyote
