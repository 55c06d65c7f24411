#pragma once

#include <SFML/Graphics/Rect.hpp>

namespace coyote::atlas {

/// Where each piece lies in assets/tiles.png (docs/art.md#the-tileset): a tile index, 16 a row.
inline constexpr int kColumns = 16;
inline constexpr int kTilePixels = 16;

inline constexpr int kOneWay = 1;
inline constexpr int kSlopes = 2;  ///< slope up right, up left, rounded up right, up left
inline constexpr int kSpikes = 7;
inline constexpr int kStoneBlob = 16;  ///< + blobPiece
inline constexpr int kIceBlob = 64;
inline constexpr int kRubberBlob = 112;
inline constexpr int kWaterSurface = 160;  ///< + frame (0–3)
inline constexpr int kWaterFrames = 4;
inline constexpr int kWaterBody = 164;
inline constexpr int kLedgeLeft = 165;  ///< then middle, right
inline constexpr int kFlagDown = 168;
inline constexpr int kFlagUp = 169;
inline constexpr int kGirderLeft = 170;  ///< a moving platform's steel: then middle, right
inline constexpr int kRope = 173;        ///< 16 px of rope on rows 6–9
inline constexpr int kRail = 174;        ///< 16 px of track on rows 4–11
inline constexpr int kCoil = 175;        ///< two turns of a spring on rows 4–11
inline constexpr int kIceSlopes = 176;   ///< then rubber's at kIceSlopes + 4
inline constexpr int kWhite = 191;       ///< an opaque white tile: flat shapes in a tile batch
inline constexpr int kImageWidth = 256;
inline constexpr int kImageHeight = 192;

/// The pixel rectangle of tile `index`.
inline sf::IntRect tileRect(int index) {
  return {(index % kColumns) * kTilePixels, (index / kColumns) * kTilePixels, kTilePixels,
          kTilePixels};
}

}  // namespace coyote::atlas
