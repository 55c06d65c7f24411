#include "client/app/scene/art/autotile.h"

#include <array>

namespace coyote {
namespace {

struct Corner {
  std::uint8_t corner;
  std::uint8_t sides;
};
constexpr std::array<Corner, 4> kCorners = {{{kNorthEast, kNorth | kEast},
                                             {kSouthEast, kSouth | kEast},
                                             {kSouthWest, kSouth | kWest},
                                             {kNorthWest, kNorth | kWest}}};

/// Piece by mask, built once from the canonical masks in increasing order.
std::array<std::int8_t, 256> pieceTable() {
  std::array<std::int8_t, 256> table{};
  table.fill(-1);
  std::int8_t next = 0;
  for (int mask = 0; mask < 256; ++mask) {
    if (canonicalMask(static_cast<std::uint8_t>(mask)) == mask) {
      table[static_cast<std::size_t>(mask)] = next++;
    }
  }
  for (int mask = 0; mask < 256; ++mask) {
    table[static_cast<std::size_t>(mask)] = table[canonicalMask(static_cast<std::uint8_t>(mask))];
  }
  return table;
}

bool solidForArt(const Level& level, int column, int row) {
  if (column < 0 || row < 0 || column >= level.width() || row >= level.height()) {
    return true;
  }
  switch (level.tileAt(column, row)) {
    case TileType::Solid:
    case TileType::SlopeUpRight:
    case TileType::SlopeUpLeft:
    case TileType::RoundedUpRight:
    case TileType::RoundedUpLeft:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::uint8_t canonicalMask(std::uint8_t mask) {
  for (const Corner& corner : kCorners) {
    if ((mask & corner.sides) != corner.sides) {
      mask = static_cast<std::uint8_t>(mask & ~corner.corner);
    }
  }
  return mask;
}

int blobPiece(std::uint8_t mask) {
  static const std::array<std::int8_t, 256> kTable = pieceTable();
  return kTable[mask];
}

std::uint8_t solidNeighbours(const Level& level, int column, int row) {
  struct Offset {
    int dx, dy;
    std::uint8_t bit;
  };
  constexpr std::array<Offset, 8> kOffsets = {{{0, -1, kNorth},
                                               {1, -1, kNorthEast},
                                               {1, 0, kEast},
                                               {1, 1, kSouthEast},
                                               {0, 1, kSouth},
                                               {-1, 1, kSouthWest},
                                               {-1, 0, kWest},
                                               {-1, -1, kNorthWest}}};
  std::uint8_t mask = 0;
  for (const Offset& offset : kOffsets) {
    if (solidForArt(level, column + offset.dx, row + offset.dy)) {
      mask = static_cast<std::uint8_t>(mask | offset.bit);
    }
  }
  return mask;
}

}  // namespace coyote
