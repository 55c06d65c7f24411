// The blob autotile (docs/art.md#the-tileset): 256 neighbour masks, 47 pieces, numbered as
// scripts/make_assets lays them out.
#include "client/app/scene/art/autotile.h"

#include <gtest/gtest.h>

#include <array>
#include <set>

#include "scenario/ascii_level.h"

namespace coyote {
namespace {

TEST(Autotile, The256NeighbourMasksMakeExactly47PiecesInMaskOrder) {
  std::set<int> pieces;
  std::set<int> canonical;
  for (int mask = 0; mask < 256; ++mask) {
    const auto m = static_cast<std::uint8_t>(mask);
    pieces.insert(blobPiece(m));
    canonical.insert(canonicalMask(m));
    EXPECT_EQ(blobPiece(m), blobPiece(canonicalMask(m))) << mask;
  }
  EXPECT_EQ(pieces.size(), static_cast<std::size_t>(kBlobPieces));
  EXPECT_EQ(canonical.size(), static_cast<std::size_t>(kBlobPieces));
  EXPECT_EQ(*pieces.begin(), 0);
  EXPECT_EQ(*pieces.rbegin(), 46);
  // Increasing canonical masks get increasing pieces.
  int previous = -1;
  for (const int mask : canonical) {
    EXPECT_EQ(blobPiece(static_cast<std::uint8_t>(mask)), previous + 1) << mask;
    previous = blobPiece(static_cast<std::uint8_t>(mask));
  }
}

TEST(Autotile, KnownCasesMapToTheirPieces) {
  EXPECT_EQ(blobPiece(0), 0);           // alone
  EXPECT_EQ(blobPiece(kNorth), 1);      // a column's bottom
  EXPECT_EQ(blobPiece(kNorthEast), 0);  // a corner alone counts for nothing
  EXPECT_EQ(blobPiece(kNorth | kNorthEast), 1);
  EXPECT_EQ(blobPiece(kEast), 2);
  EXPECT_EQ(blobPiece(kNorth | kEast), 3);  // an inner corner's diagonal missing
  EXPECT_EQ(blobPiece(kNorth | kNorthEast | kEast), 4);
  EXPECT_EQ(blobPiece(255), 46);                // surrounded
  EXPECT_EQ(blobPiece(255 & ~kNorthWest), 33);  // all but one corner: an inner corner
  // The whole layout of scripts/make_assets: piece i is drawn for canonical mask kLayout[i].
  constexpr std::array<int, kBlobPieces> kLayout = {
      0,   1,   4,   5,   7,   16,  17,  20,  21,  23,  28,  29,  31,  64,  65,  68,
      69,  71,  80,  81,  84,  85,  87,  92,  93,  95,  112, 113, 116, 117, 119, 124,
      125, 127, 193, 197, 199, 209, 213, 215, 221, 223, 241, 245, 247, 253, 255};
  for (int piece = 0; piece < kBlobPieces; ++piece) {
    EXPECT_EQ(blobPiece(static_cast<std::uint8_t>(kLayout[static_cast<std::size_t>(piece)])),
              piece);
  }
  // A floor's top: everything but the row above.
  EXPECT_EQ(canonicalMask(kEast | kSouthEast | kSouth | kSouthWest | kWest | kNorthEast),
            kEast | kSouthEast | kSouth | kSouthWest | kWest);
}

TEST(Autotile, NeighboursAreSolidTilesSlopesAndTheLevelsOutside) {
  const Level level = levelFromAscii(
      "....\n"
      ".#/.\n"
      "~###\n");
  EXPECT_EQ(solidNeighbours(level, 1, 1), kEast | kSouthEast | kSouth);  // the slope counts
  // The left column: the outside counts as solid, water does not.
  EXPECT_EQ(solidNeighbours(level, 0, 2),
            kNorthEast | kEast | kSouthEast | kSouth | kSouthWest | kWest | kNorthWest);
  EXPECT_EQ(solidNeighbours(level, 3, 0),
            kNorth | kNorthEast | kEast | kSouthEast | kSouthWest | kNorthWest);
}

}  // namespace
}  // namespace coyote
