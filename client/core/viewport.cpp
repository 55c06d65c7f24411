#include "client/core/viewport.h"

#include <algorithm>

namespace coyote {

Viewport fitViewport(unsigned windowWidth, unsigned windowHeight) {
  const int byWidth = static_cast<int>(windowWidth) / kLogicalWidth;
  const int byHeight = static_cast<int>(windowHeight) / kLogicalHeight;
  Viewport viewport;
  viewport.scale = std::max(1, std::min(byWidth, byHeight));
  viewport.offsetX = (static_cast<int>(windowWidth) - viewport.width()) / 2;
  viewport.offsetY = (static_cast<int>(windowHeight) - viewport.height()) / 2;
  return viewport;
}

}  // namespace coyote
