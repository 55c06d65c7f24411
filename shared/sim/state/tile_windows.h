#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/state/tile.h"

namespace coyote {

/// A set of tile types, one bit each (Empty has none: a mask of 0 means "nothing but empty").
using TileTypeMask = std::uint16_t;

constexpr TileTypeMask maskOf(TileType type) {
  return static_cast<TileTypeMask>(1u << static_cast<unsigned>(type));
}

inline constexpr TileTypeMask kFollowableTypes =
    maskOf(TileType::SlopeUpRight) | maskOf(TileType::SlopeUpLeft) |
    maskOf(TileType::RoundedUpRight) | maskOf(TileType::RoundedUpLeft);
inline constexpr TileTypeMask kEveryType = 0xffff;

/// For every 4 × 4 window of cells, the types that have ever been set in it, so that one load
/// answers "is there any water (a hazard, a slope) among the cells this box touches?".
///
/// A character step asks it once for its whole reach (character_step.cpp: in the open air it then
/// skips its sweeps, with no slope near its slope following) and once each for the water and the
/// hazards around its box (Level::typesAround). Almost always the answer is no, and without the
/// windows each question walked its cells one by one. The answer is the window at the span's
/// top-left corner: it may hold more than the span, never less. A question whose cells all lie
/// outside the grid is answered "nothing" (tileAt calls them Empty); one wider than a window is
/// answered "anything", and the caller then walks its cells as before. A cell set to Solid and
/// then to Empty still counts as Solid, which costs a walk and never changes a result.
///
/// The sweeps themselves do not ask: a character is next to a floor or a platform most of the
/// time, and there a "maybe" is pure cost (+1.6 % instructions at 64 players, measured).
class TileWindows {
 public:
  static constexpr int kSpan = 4;  ///< cells a side of a window

  TileWindows() = default;
  TileWindows(int width, int height)
      : height_(height),
        stride_(width + kSpan - 1),
        masks_(static_cast<std::size_t>(width + kSpan - 1) *
                   static_cast<std::size_t>(height + kSpan - 1),
               0) {}

  /// Records `type` at a cell of the grid: in each of the 16 windows that hold the cell.
  void add(int column, int row, TileType type) {
    if (type == TileType::Empty) {
      return;
    }
    // The window anchored (top-left) at (a, b) holds cells a..a+3; anchors start at -3.
    for (int anchorRow = row - kSpan + 1; anchorRow <= row; ++anchorRow) {
      for (int anchorColumn = column - kSpan + 1; anchorColumn <= column; ++anchorColumn) {
        masks_[index(anchorColumn, anchorRow)] |= maskOf(type);
      }
    }
  }

  /// A superset of the types of cells [firstColumn, lastColumn] × [firstRow, lastRow] (inclusive,
  /// first <= last).
  TileTypeMask typesIn(int firstColumn, int lastColumn, int firstRow, int lastRow) const {
    if (lastColumn - firstColumn >= kSpan || lastRow - firstRow >= kSpan) {
      return kEveryType;
    }
    // A window anchored before -3 or after the last cell holds no cell of the grid. One unsigned
    // comparison an axis, as in Level::tileAt.
    if (static_cast<unsigned>(firstColumn + kSpan - 1) >= static_cast<unsigned>(stride_) ||
        static_cast<unsigned>(firstRow + kSpan - 1) >= static_cast<unsigned>(height_ + kSpan - 1)) {
      return 0;
    }
    return masks_[index(firstColumn, firstRow)];
  }

 private:
  std::size_t index(int anchorColumn, int anchorRow) const {
    return static_cast<std::size_t>(anchorRow + kSpan - 1) * static_cast<std::size_t>(stride_) +
           static_cast<std::size_t>(anchorColumn + kSpan - 1);
  }

  int height_ = 0;
  int stride_ = 0;  ///< anchors a row: -3 .. width - 1
  std::vector<TileTypeMask> masks_;
};

}  // namespace coyote
