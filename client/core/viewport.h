#pragma once

#include "sim/state/physics_config.h"  // kPixelsPerTile

namespace coyote {

/// The logical resolution every frame is drawn at (docs/simulation.md#units-and-axes) at zoom 1:
/// 20 × 15 tiles of 16 px.
inline constexpr int kLogicalWidth = 320;
inline constexpr int kLogicalHeight = 240;
inline constexpr int kDefaultScale = 4;
/// Zoom steps (`window.zoom`, docs/playing.md#the-window): 1 is 320 × 240; each step draws the
/// same part of the window one whole scale smaller, so more of the level shows (at 4×: 320 × 240,
/// 426 × 320, 640 × 480), never past twice the tiles of zoom 1 each way.
inline constexpr int kMaxZoom = 3;
inline constexpr int kMaxZoomFactor = 2;

/// Where the logical image goes in the window: scaled by a whole number, centred, the rest
/// letterboxed. Whole numbers keep every logical pixel the same size (no blur, no shimmer).
struct Viewport {
  int scale = 1;
  int offsetX = 0;
  int offsetY = 0;
  int logicalWidth = kLogicalWidth;  ///< the logical image, pixels: more at a higher zoom
  int logicalHeight = kLogicalHeight;
  int width() const { return logicalWidth * scale; }
  int height() const { return logicalHeight * scale; }
  /// The view's size in tiles.
  float tilesWide() const { return static_cast<float>(logicalWidth) / kPixelsPerTile; }
  float tilesHigh() const { return static_cast<float>(logicalHeight) / kPixelsPerTile; }
};

/// At zoom 1, the largest whole scale at which 320 × 240 fits the window (at least 1), centred;
/// at zoom 2 and 3, that area drawn one and two scales smaller (never below 1×, never more than
/// kMaxZoomFactor times the tiles each way), the logical image growing to fill it.
Viewport fitViewport(unsigned windowWidth, unsigned windowHeight, int zoom = 1);

}  // namespace coyote
