#include "sim/motion_zone.h"

#include <cstdint>

#include "sim/scalar.h"

namespace coyote {

void MotionZone::add(const Aabb& area) {
  const CellRange cells = cellsOf(area);
  for (int row = cells.top; row <= cells.bottom; ++row) {
    for (int column = cells.left; column <= cells.right; ++column) {
      bits_.set(bitOf(column, row));
    }
  }
}

bool MotionZone::covers(const Aabb& area) const {
  const CellRange cells = cellsOf(area);
  for (int row = cells.top; row <= cells.bottom; ++row) {
    for (int column = cells.left; column <= cells.right; ++column) {
      if (!bits_.test(bitOf(column, row))) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace coyote
