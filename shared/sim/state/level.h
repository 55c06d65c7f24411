#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/state/level_bodies.h"
#include "sim/state/material.h"
#include "sim/state/scalar.h"
#include "sim/state/tile.h"
#include "sim/state/tile_windows.h"
#include "sim/state/vec2.h"

namespace coyote {

/// The static part of a world: the tile grid, the spawn points and the level budgets. It never
/// changes during a simulation, so it is not part of `WorldState` and is not hashed per tick.
class Level {
 public:
  Level() = default;
  Level(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }

  /// Tile at a cell; every cell outside the grid is Empty.
  TileType tileAt(int column, int row) const {
    if (!inGrid(column, row)) {
      return TileType::Empty;
    }
    return tiles_[static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
                  static_cast<std::size_t>(column)];
  }
  void setTile(int column, int row, TileType type);

  /// A superset of the types in cells [firstColumn, lastColumn] × [firstRow, lastRow]: a step
  /// asking about water, slopes or hazards near a box skips the cells when the bit is 0.
  TileTypeMask typesIn(int firstColumn, int lastColumn, int firstRow, int lastRow) const {
    return windows_.typesIn(firstColumn, lastColumn, firstRow, lastRow);
  }
  /// A superset of the types of the cells `box` touches (edges included), from its top-left
  /// cell alone when it is small enough (a character, most crates): a box under 2.5 tiles a side
  /// spans at most 4 cells an axis, the window's size, however float rounds its far edges.
  TileTypeMask typesAround(const Aabb& box) const {
    if (!(box.size.x < 2.5f && box.size.y < 2.5f)) {
      return kEveryType;  // a larger box (or a NaN) walks its cells
    }
    const int column = floorToInt(box.left());
    const int row = floorToInt(box.top());
    return windows_.typesIn(column, column, row, row);
  }

  /// The material of a cell (index into `materials`); outside the grid, the default (0).
  std::uint8_t materialIndexAt(int column, int row) const {
    if (!inGrid(column, row)) {
      return 0;
    }
    return cellMaterials_[static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
                          static_cast<std::size_t>(column)];
  }
  const Material& materialAt(int column, int row) const {
    return materials[materialIndexAt(column, row)];
  }
  /// Sets a cell's material; the index must be below `materials.size()`.
  void setMaterial(int column, int row, std::uint8_t material);

  /// The level's materials, resolved from `configs/materials.toml` at load; 0 is the default.
  std::vector<Material> materials{Material{}};

  /// Spawn points: the bottom-centre of a character's box, in tiles.
  std::vector<Vec2> spawns;
  /// Level budgets (docs/simulation.md#budgets): -1 = unlimited, 0 refuses the action.
  std::int32_t jumpsRemaining = -1;
  std::int32_t dashesRemaining = -1;
  /// Moving platforms and crates from the `entities` layer, in file order (their ids).
  std::vector<PlatformDefinition> platforms;
  std::vector<CrateDefinition> crates;
  std::vector<CheckpointDefinition> checkpoints;
  RaceDefinition race;
  /// Joints between crates, platforms and the world, in file order (their state's slots).
  std::vector<JointDefinition> joints;
  /// Where the level came from (a file path or "ascii"), for messages.
  std::string name;

 private:
  /// One unsigned comparison an axis: a negative index wraps to a huge one (the sweeps ask
  /// about a dozen cells a character step, so the two saved comparisons each add up).
  bool inGrid(int column, int row) const {
    return static_cast<unsigned>(column) < static_cast<unsigned>(width_) &&
           static_cast<unsigned>(row) < static_cast<unsigned>(height_);
  }

  int width_ = 0;
  int height_ = 0;
  std::vector<TileType> tiles_;
  std::vector<std::uint8_t> cellMaterials_;
  TileWindows windows_;
};

/// A crate's definition in the level, or nullptr for an id the level does not have (a state from
/// elsewhere is never trusted to index the level).
inline const CrateDefinition* crateDefinition(const Level& level, BodyId id) {
  const auto index = static_cast<std::size_t>(id - kCrateIdBase);
  return isCrateId(id) && index < level.crates.size() ? &level.crates[index] : nullptr;
}

}  // namespace coyote
