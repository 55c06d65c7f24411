#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "sim/state/level.h"

namespace coyote {
namespace {

/// The types of the cells of a span, walked one by one (tileAt: Empty outside the grid).
TileTypeMask walkedTypes(const Level& level, int firstColumn, int lastColumn, int firstRow,
                         int lastRow) {
  TileTypeMask types = 0;
  for (int row = firstRow; row <= lastRow; ++row) {
    for (int column = firstColumn; column <= lastColumn; ++column) {
      const TileType tile = level.tileAt(column, row);
      types |= tile == TileType::Empty ? 0 : maskOf(tile);
    }
  }
  return types;
}

Level randomTileLevel(std::mt19937& random, int width, int height) {
  Level level(width, height);
  std::uniform_int_distribution<int> type(0, kTileTypeCount - 1);
  std::bernoulli_distribution set(0.08);
  for (int row = 0; row < height; ++row) {
    for (int column = 0; column < width; ++column) {
      if (set(random)) {
        level.setTile(column, row, static_cast<TileType>(type(random)));
      }
    }
  }
  return level;
}

// Every span of 1-4 cells a side, anchored anywhere from 5 cells before the grid to 5 after it,
// is answered with the types of the 4 × 4 window at its top-left corner: all of its own cells'
// types (a superset), and nothing for cells outside the grid.
TEST(TileWindows, ASpanOfUpToFourCellsASideIsAnsweredByTheWindowAtItsCorner) {
  std::mt19937 random(7);
  constexpr int kSpan = TileWindows::kSpan;
  for (int trial = 0; trial < 4; ++trial) {
    const Level level = randomTileLevel(random, 9 + trial * 5, 6 + trial * 3);
    int checked = 0;
    int smaller = 0;  // spans whose own cells hold fewer types than their window
    for (int row = -5; row < level.height() + 5; ++row) {
      for (int column = -5; column < level.width() + 5; ++column) {
        const TileTypeMask window =
            walkedTypes(level, column, column + kSpan - 1, row, row + kSpan - 1);
        for (int rows = 1; rows <= kSpan; ++rows) {
          for (int columns = 1; columns <= kSpan; ++columns) {
            const int lastColumn = column + columns - 1;
            const int lastRow = row + rows - 1;
            const TileTypeMask own = walkedTypes(level, column, lastColumn, row, lastRow);
            ASSERT_EQ(level.typesIn(column, lastColumn, row, lastRow), window)
                << "cells " << column << ".." << lastColumn << " × " << row << ".." << lastRow;
            ASSERT_EQ(own & ~window, 0);
            smaller += own != window ? 1 : 0;
            ++checked;
          }
        }
      }
    }
    EXPECT_GT(checked, 1000);
    EXPECT_GT(smaller, 0);
  }
}

// A box under 2.5 tiles a side, anywhere in and around the grid, including widths whose far edge
// float rounding could push a cell further: its top-left window holds every type it touches.
TEST(TileWindows, ABoxUnderTwoAndAHalfTilesIsAnsweredByItsTopLeftWindow) {
  std::mt19937 random(11);
  const Level level = randomTileLevel(random, 17, 11);
  std::uniform_real_distribution<float> coordinate(-6.0f, 22.0f);
  std::uniform_real_distribution<float> side(0.0f, 2.4999998f);
  int withTypes = 0;
  for (int trial = 0; trial < 200000; ++trial) {
    const Aabb box{{coordinate(random), coordinate(random)}, {side(random), side(random)}};
    const TileTypeMask own = walkedTypes(level, floorToInt(box.left()), floorToInt(box.right()),
                                         floorToInt(box.top()), floorToInt(box.bottom()));
    ASSERT_EQ(own & ~level.typesAround(box), 0) << "box at " << box.left() << ", " << box.top()
                                                << " size " << box.size.x << " × " << box.size.y;
    withTypes += own != 0 ? 1 : 0;
  }
  EXPECT_GT(withTypes, 1000);
  // Just under 2.5 tiles from just under a cell edge: 4 cells, the last one the window's last.
  Level edge(8, 2);
  edge.setTile(5, 0, TileType::Hazard);
  const Aabb widest{{2.9999998f, 0.0f}, {2.4999998f, 0.5f}};
  ASSERT_EQ(floorToInt(widest.right()), 5);
  EXPECT_EQ(edge.typesAround(widest), maskOf(TileType::Hazard));
}

TEST(TileWindows, ALargerBoxOrANaNMayHoldAnything) {
  const Level level(20, 20);
  EXPECT_EQ(level.typesAround(Aabb{{1.0f, 1.0f}, {2.5f, 1.0f}}), kEveryType);
  EXPECT_EQ(level.typesAround(Aabb{{1.0f, 1.0f}, {1.0f, 2.5f}}), kEveryType);
  EXPECT_EQ(level.typesAround(Aabb{{1.0f, 1.0f}, {std::nanf(""), 1.0f}}), kEveryType);
  EXPECT_EQ(level.typesAround(Aabb{{1.0f, 1.0f}, {2.4f, 2.4f}}), 0);
}

TEST(TileWindows, AWiderSpanMayHoldAnything) {
  Level level(20, 20);
  EXPECT_EQ(level.typesIn(0, TileWindows::kSpan, 0, 0), kEveryType);
  EXPECT_EQ(level.typesIn(0, 0, 3, 3 + TileWindows::kSpan), kEveryType);
  EXPECT_EQ(level.typesIn(0, 3, 0, 3), 0);
}

// A cell set twice keeps both types: the answer is a superset, which only costs the caller a
// walk of cells that turn out empty.
TEST(TileWindows, ATypeOnceSetStaysInTheAnswer) {
  Level level(8, 8);
  level.setTile(3, 3, TileType::Water);
  level.setTile(3, 3, TileType::Empty);
  EXPECT_EQ(level.tileAt(3, 3), TileType::Empty);
  EXPECT_EQ(level.typesIn(2, 4, 2, 4), maskOf(TileType::Water));
  EXPECT_EQ(level.typesIn(4, 7, 0, 7 - 4), 0);
}

// The corners of the grid and far outside it, where an unchecked index would read out of bounds
// (ASan runs this suite).
TEST(TileWindows, SpansAtAndBeyondTheEdgesNeverReadOutsideTheTable) {
  Level level(3, 2);
  level.setTile(0, 0, TileType::Solid);
  level.setTile(2, 1, TileType::Hazard);
  EXPECT_EQ(level.typesIn(-3, 0, -3, 0), maskOf(TileType::Solid));
  EXPECT_EQ(level.typesIn(2, 5, 1, 4), maskOf(TileType::Hazard));
  EXPECT_EQ(level.typesIn(-4, -1, 0, 1), 0);
  EXPECT_EQ(level.typesIn(3, 3, 0, 0), 0);
  EXPECT_EQ(level.typesIn(0, 0, 2, 2), 0);
  EXPECT_EQ(level.typesIn(-1000000, -999999, 1000000, 1000001), 0);
  const Level none;
  EXPECT_EQ(none.typesIn(0, 0, 0, 0), 0);
}

}  // namespace
}  // namespace coyote
