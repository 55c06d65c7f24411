#include "client/core/viewport.h"

#include <algorithm>

namespace coyote {

Viewport fitViewport(unsigned windowWidth, unsigned windowHeight, int zoom) {
  const int byWidth = static_cast<int>(windowWidth) / kLogicalWidth;
  const int byHeight = static_cast<int>(windowHeight) / kLogicalHeight;
  const int fitted = std::max(1, std::min(byWidth, byHeight));
  Viewport viewport;
  viewport.scale = fitted;
  // Each zoom step: one whole scale less over the same area, while the picture stays within
  // kMaxZoomFactor times zoom 1's tiles (a scale of at least half the fitted one).
  for (int step = 1; step < std::clamp(zoom, 1, kMaxZoom); ++step) {
    if (viewport.scale > 1 && (viewport.scale - 1) * kMaxZoomFactor >= fitted) {
      --viewport.scale;
    }
  }
  viewport.logicalWidth = kLogicalWidth * fitted / viewport.scale;
  viewport.logicalHeight = kLogicalHeight * fitted / viewport.scale;
  viewport.offsetX = (static_cast<int>(windowWidth) - viewport.width()) / 2;
  viewport.offsetY = (static_cast<int>(windowHeight) - viewport.height()) / 2;
  return viewport;
}

}  // namespace coyote
