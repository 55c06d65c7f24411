#pragma once

#include <cstdint>

#include "sim/state/level.h"

namespace coyote {

/// The blob autotile (docs/art.md#the-tileset): a solid tile's eight neighbours as bits.
enum NeighbourBit : std::uint8_t {
  kNorth = 1,
  kNorthEast = 2,
  kEast = 4,
  kSouthEast = 8,
  kSouth = 16,
  kSouthWest = 32,
  kWest = 64,
  kNorthWest = 128,
};
inline constexpr int kBlobPieces = 47;

/// The mask with every corner whose two sides are not both there cleared: the 256 masks become
/// the 47 that look different.
std::uint8_t canonicalMask(std::uint8_t mask);

/// The piece (0–46) drawn for a mask: the canonical masks numbered in increasing order, as
/// scripts/make_assets lays them out.
int blobPiece(std::uint8_t mask);

/// Which of the cell's eight neighbours are solid for the art (solid tiles, slopes and rounded
/// tiles); beyond the level's edge counts as solid, so the border shows no seam.
std::uint8_t solidNeighbours(const Level& level, int column, int row);

}  // namespace coyote
