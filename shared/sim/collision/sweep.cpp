#include "sim/collision/sweep.h"

#include "sim/collision/slope.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// A start bottom that no one-way top is ever below: one-way bodies never block.
constexpr float kNeverAbove = 1.0e9f;

// The junction fix (docs/simulation.md#junctions): a row in which the box's footprint rests on a
// followable surface is never a wall for the X sweep. Without it a slope followed by a solid block
// of the same height stops the character half-way up, because at mid-slope the box already overlaps
// the slope's row, which is also the block's row. The Y sweep then lifts the small overlap out.
bool risesToward(TileType tile, int direction) {
  if (tile == TileType::SlopeUpRight || tile == TileType::RoundedUpRight) {
    return direction > 0;
  }
  return (tile == TileType::SlopeUpLeft || tile == TileType::RoundedUpLeft) && direction < 0;
}

bool rowIsSlopeGround(const Aabb& box, int row, int direction, const Level& level) {
  const float bottom = box.bottom();
  if (bottom <= static_cast<float>(row) || bottom > static_cast<float>(row + 1) + kSkin) {
    return false;
  }
  const int footColumn = floorToInt(box.centerX());
  const TileType tile = level.tileAt(footColumn, row);
  // Only toward the slope's high end: a block at its low end is a real wall.
  if (!isFollowableSurface(tile) || !risesToward(tile, direction)) {
    return false;
  }
  const float surface = static_cast<float>(row) +
                        slopeSurfaceHeight(tile, box.centerX() - static_cast<float>(footColumn));
  // Resting means on the surface, not merely inside the tile below it (e.g. jumping through it).
  const float gap = bottom - surface;
  return gap >= -kSlopeContactTolerance && gap <= kSlopeContactTolerance;
}

/// A span of rows or columns, inclusive.
struct CellSpan {
  int first;
  int last;
};

/// The rows a box spans a skin in from its top and bottom: those a sideways move can hit.
CellSpan rowsOf(const Aabb& box) {
  return {floorToInt(box.top() + kSkin), floorToInt(box.bottom() - kSkin)};
}

/// The columns a box spans a skin in from its sides: those a vertical move can hit.
CellSpan columnsOf(const Aabb& box) {
  return {floorToInt(box.left() + kSkin), floorToInt(box.right() - kSkin)};
}

// A box under a tile tall or wide (every character) spans one or two rows and columns. The
// blocking tests below take both ends of such a span with no loop: a loop of one pass or two,
// chosen by where the box happens to be, was the step's most mispredicted branch. An empty
// span (a box thinner than two skins) wraps to a huge unsigned length and takes the loop,
// which tests nothing, as before.
bool oneOrTwoCells(CellSpan span) {
  return static_cast<unsigned>(span.last - span.first) <= 1u;
}

bool columnBlocksX(const Aabb& box, int column, CellSpan rows, int direction, const Level& level) {
  if (oneOrTwoCells(rows)) {
    const bool upper = isSolid(level.tileAt(column, rows.first));
    const bool lower = isSolid(level.tileAt(column, rows.last));
    if (!(upper | lower)) {
      return false;
    }
    return (upper && !rowIsSlopeGround(box, rows.first, direction, level)) ||
           (lower && !rowIsSlopeGround(box, rows.last, direction, level));
  }
  for (int row = rows.first; row <= rows.last; ++row) {
    if (isSolid(level.tileAt(column, row)) && !rowIsSlopeGround(box, row, direction, level)) {
      return true;
    }
  }
  return false;
}

// The junction fix's vertical half: a box whose centre is over a followable tile stands on its
// surface (the slope follow holds it), and a solid beside that tile in the same row, on the side
// it rises toward, is no floor. At the top of a slope the box's leading corner reaches the block
// there while its centre is still on the slope; on a staircase of 45° tiles it reaches the solid
// under the next tile up, and going down its trailing corner is still over the solid under the
// last one. Without this the Y sweep would hold the box on that corner, up to half a width off
// the surface. The corner overlaps the block by at most a quarter of the box's width on a 45°
// slope, and a rise first clears that row (sweepY). A solid at a slope's low end still blocks.
bool isFloorBeside(int column, int centerColumn, TileType centerTile) {
  const int side = (column > centerColumn) - (column < centerColumn);
  return !risesToward(centerTile, side);
}

bool rowBlocksY(int row, CellSpan columns, bool movingDown, const Level& level,
                const OneWayRule& oneWay, int centerColumn) {
  // A one-way tile only stops a box whose bottom started the step at or above its top.
  const bool oneWayBlocks =
      movingDown && oneWay.enabled && static_cast<float>(row) >= oneWay.startBottom - kSkin;
  if (oneOrTwoCells(columns)) {
    const TileType left = level.tileAt(columns.first, row);
    const TileType right = level.tileAt(columns.last, row);
    const bool leftSolid = isSolid(left);  // named, so that `|` joins values, not calls
    const bool rightSolid = isSolid(right);
    const bool solid = leftSolid | rightSolid;
    const bool oneWayTile = (left == TileType::OneWay) | (right == TileType::OneWay);
    if (!solid || !movingDown) {
      return solid | (oneWayBlocks & oneWayTile);
    }
    // The centre's column is one of the box's one or two: no third look-up on a plain floor.
    const TileType center = centerColumn == columns.first ? left : right;
    if (!isFollowableSurface(center)) {
      return true;
    }
    const bool leftBlocks = leftSolid && isFloorBeside(columns.first, centerColumn, center);
    const bool rightBlocks = rightSolid && isFloorBeside(columns.last, centerColumn, center);
    return leftBlocks | rightBlocks | (oneWayBlocks & oneWayTile);
  }
  const TileType center = movingDown ? level.tileAt(centerColumn, row) : TileType::Empty;
  for (int column = columns.first; column <= columns.last; ++column) {
    const TileType tile = level.tileAt(column, row);
    if ((isSolid(tile) && isFloorBeside(column, centerColumn, center)) ||
        (oneWayBlocks && tile == TileType::OneWay)) {
      return true;
    }
  }
  return false;
}

// Each sweep finds the box's rows (or columns) once: its edges do not move along the other axis.
void sweepX(SweepResult& result, float dx, const Level& level) {
  Aabb& box = result.box;
  if (dx > 0.0f) {
    const CellSpan rows = rowsOf(box);
    const int first = floorToInt(box.right() - kSkin);
    const int last = floorToInt(box.right() + dx + kSkin);
    for (int column = first; column <= last; ++column) {
      if (columnBlocksX(box, column, rows, 1, level)) {
        box.position.x = static_cast<float>(column) - box.size.x;
        result.normalX = -1;
        return;
      }
    }
    box.position.x += dx;
  } else if (dx < 0.0f) {
    const CellSpan rows = rowsOf(box);
    const int first = floorToInt(box.left() + kSkin);
    const int last = floorToInt(box.left() + dx - kSkin);
    for (int column = first; column >= last; --column) {
      // The column holding the left edge comes first: a box already overlapping a solid cell is
      // pushed out of it instead of being carried through.
      if (columnBlocksX(box, column, rows, -1, level)) {
        box.position.x = static_cast<float>(column + 1);
        result.normalX = 1;
        return;
      }
    }
    box.position.x += dx;
  }
}

void sweepY(SweepResult& result, float dy, const Level& level, const OneWayRule& oneWay) {
  Aabb& box = result.box;
  const CellSpan columns = columnsOf(box);
  const int centerColumn = floorToInt(box.centerX());
  if (dy >= 0.0f) {
    // dy == 0 still tests the row under the bottom: a box dashing along a floor stays in contact.
    const int first = floorToInt(box.bottom() - kSkin);
    const int last = floorToInt(box.bottom() + dy + kSkin);
    for (int row = first; row <= last; ++row) {
      if (rowBlocksY(row, columns, true, level, oneWay, centerColumn)) {
        box.position.y = static_cast<float>(row) - box.size.y;
        result.normalY = -1;
        return;
      }
    }
    box.position.y += dy;
  } else {
    // A box that entered a block from a slope (the junction fix) may still overlap the block's
    // row with its bottom; rising, it must at least clear that row.
    const int bottomRow = floorToInt(box.bottom() - kSkin);
    if (rowBlocksY(bottomRow, columns, false, level, oneWay, centerColumn)) {
      const float residue = box.bottom() - static_cast<float>(bottomRow);
      dy = dy < -residue ? dy : -residue;
    }
    const int first = floorToInt(box.top() + kSkin);
    const int last = floorToInt(box.top() + dy - kSkin);
    for (int row = first; row >= last; --row) {
      if (rowBlocksY(row, columns, false, level, oneWay, centerColumn)) {
        box.position.y = static_cast<float>(row + 1);
        result.normalY = 1;
        return;
      }
    }
    box.position.y += dy;
  }
}

// The tiles' pass has moved `result.box` from `start`; a body in the way stops it sooner.
void stopAtBodies(SweepResult& result, const Aabb& start, bool alongX,
                  std::span<const Obstacle> bodies, float startBottom) {
  if (bodies.empty()) {
    return;
  }
  const Vec2 moved{result.box.position.x - start.position.x,
                   result.box.position.y - start.position.y};
  const Vec2 delta = alongX ? Vec2{moved.x, 0.0f} : Vec2{0.0f, moved.y};
  const BoxHit hit = castAgainst(start, delta, bodies, kNoBody, startBottom);
  if (!hit.hit) {
    return;
  }
  if (alongX) {
    result.box.position.x = hit.face;
    result.normalX = hit.normalX;
    result.hitX = hit.id;
  } else {
    result.box.position.y = hit.face;
    result.normalY = hit.normalY;
    result.hitY = hit.id;
  }
}

}  // namespace

SweepResult sweepAabb(const Aabb& box, Vec2 delta, const Level& level, OneWayRule oneWay,
                      std::span<const Obstacle> bodies) {
  SweepResult result{box, 0, 0};
  // A body's one-way top never blocks while dropping through, like a one-way tile.
  const float startBottom = oneWay.enabled ? oneWay.startBottom : kNeverAbove;
  sweepX(result, delta.x, level);
  stopAtBodies(result, box, true, bodies, startBottom);
  const Aabb afterX = result.box;
  // dy == 0 still probes the floor, as the tiles' pass does, so a box resting on a body stays
  // on it.
  sweepY(result, delta.y, level, oneWay);
  if (delta.y == 0.0f && result.normalY == 0) {
    SweepResult probe{afterX, 0, 0};
    probe.box.position.y += kSkin;
    stopAtBodies(probe, afterX, false, bodies, startBottom);
    if (probe.normalY != 0) {
      result.normalY = probe.normalY;
      result.hitY = probe.hitY;
    }
    return result;
  }
  stopAtBodies(result, afterX, false, bodies, startBottom);
  return result;
}

SweepResult sweepThroughNothing(const Aabb& box, Vec2 delta) {
  SweepResult moved{box, 0, 0};
  if (delta.x > 0.0f || delta.x < 0.0f) {
    moved.box.position.x += delta.x;
  }
  moved.box.position.y += delta.y;  // the Y pass moves by any dy, a NaN too
  return moved;
}

bool touchesWall(const Aabb& box, int side, const Level& level, std::span<const Obstacle> bodies) {
  SweepResult probe{box, 0, 0};
  sweepX(probe, static_cast<float>(side) * kSkin, level);
  stopAtBodies(probe, box, true, bodies, kNeverAbove);
  return probe.normalX == -side;
}

}  // namespace coyote
