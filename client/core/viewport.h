#pragma once

#include "sim/state/physics_config.h"  // kPixelsPerTile

namespace coyote {

/// The logical resolution every frame is drawn at (docs/simulation.md#units-and-axes): 20 × 15
/// tiles of 16 px.
inline constexpr int kLogicalWidth = 320;
inline constexpr int kLogicalHeight = 240;
inline constexpr int kDefaultScale = 4;

/// Where the logical image goes in the window: scaled by a whole number, centred, the rest
/// letterboxed. Whole numbers keep every logical pixel the same size (no blur, no shimmer).
struct Viewport {
  int scale = 1;
  int offsetX = 0;
  int offsetY = 0;
  int width() const { return kLogicalWidth * scale; }
  int height() const { return kLogicalHeight * scale; }
};

/// The largest whole scale at which 320 × 240 fits the window (at least 1), centred.
Viewport fitViewport(unsigned windowWidth, unsigned windowHeight);

}  // namespace coyote
