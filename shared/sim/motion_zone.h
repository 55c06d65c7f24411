#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>

#include "sim/vec2.h"

namespace coyote {

/// The places where something may move during a step, as coarse cells: the reach of every
/// awake crate, character and platform. A sleeping crate outside it cannot be touched this step,
/// so the step's obstacle sets leave it out and a sleeper costs a cell test, not a place in a
/// sorted set (issue 9: 2,000 crates step at the cost of the awake ones).
///
/// Cells are hashed into a fixed bitset (no allocation, any level size): two cells sharing a bit
/// only make the zone larger, never smaller, so `touches` may say yes for a box nothing reaches
/// but never no for one something does.
class MotionZone {
 public:
  static constexpr int kCellTiles = 2;  ///< a cell is 2 × 2 tiles

  /// Adds every cell `area` touches.
  void add(const Aabb& area);
  /// Whether `box` touches a cell of the zone (inline: the step asks it of every sleeper).
  bool touches(const Aabb& box) const {
    const CellRange cells = cellsOf(box);
    if (cells.right - cells.left <= 1 && cells.bottom - cells.top <= 1) {
      // At most 2 × 2 cells (any crate up to a cell wide): its four corners' cells, no branch.
      // Summed as integers: `|` on bools is what clang's -Wbitwise-instead-of-logical refuses,
      // and `||` would branch on each corner.
      return (static_cast<int>(bits_[bitOf(cells.left, cells.top)]) +
              static_cast<int>(bits_[bitOf(cells.right, cells.top)]) +
              static_cast<int>(bits_[bitOf(cells.left, cells.bottom)]) +
              static_cast<int>(bits_[bitOf(cells.right, cells.bottom)])) != 0;
    }
    for (int row = cells.top; row <= cells.bottom; ++row) {
      for (int column = cells.left; column <= cells.right; ++column) {
        if (bits_.test(bitOf(column, row))) {
          return true;
        }
      }
    }
    return false;
  }
  /// Whether every cell `area` touches is in the zone: then every box touching `area` touches the
  /// zone too.
  bool covers(const Aabb& area) const;
  bool empty() const { return bits_.none(); }

 private:
  static constexpr std::size_t kBits = 16384;
  struct CellRange {
    int left, top, right, bottom;
  };
  /// A NaN or a far-away box is clamped to a finite range of cells (a hostile state must not make
  /// a loop here long); from -2 up, floor is truncation of the value shifted by 8 cells.
  static int cellOf(float tiles) {
    const float cells = tiles * (1.0f / static_cast<float>(kCellTiles));
    const float clamped = cells > -2.0f ? (cells < 4096.0f ? cells : 4096.0f) : -2.0f;
    return static_cast<int>(clamped + 8.0f) - 8;
  }
  static CellRange cellsOf(const Aabb& area) {
    return {cellOf(area.left()), cellOf(area.top()), cellOf(area.right()), cellOf(area.bottom())};
  }
  static std::size_t bitOf(int column, int row) {
    const auto x = static_cast<std::uint32_t>(column);
    const auto y = static_cast<std::uint32_t>(row);
    return (x + y * 173u) % kBits;  // cells of a row are neighbours; rows 173 bits apart
  }

  std::bitset<kBits> bits_;
};

}  // namespace coyote
