#pragma once

#include "client/core/viewport.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Top-left corner of the view (tiles) that centres `focus` but never shows outside the level;
/// a level smaller than the view is centred. Snapped to whole logical pixels so that tiles do
/// not shimmer as the camera moves.
inline Vec2 cameraTopLeft(Vec2 focus, int levelWidth, int levelHeight) {
  constexpr float kViewWidth = static_cast<float>(kLogicalWidth) / kPixelsPerTile;
  constexpr float kViewHeight = static_cast<float>(kLogicalHeight) / kPixelsPerTile;
  const auto axis = [](float centre, float view, float level) {
    if (level <= view) {
      return (level - view) * 0.5f;
    }
    const float left = centre - view * 0.5f;
    return left < 0.0f ? 0.0f : (left > level - view ? level - view : left);
  };
  const auto snap = [](float tiles) {
    const float pixels = tiles * kPixelsPerTile;
    return static_cast<float>(static_cast<int>(pixels >= 0 ? pixels + 0.5f : pixels - 0.5f)) /
           kPixelsPerTile;
  };
  return {snap(axis(focus.x, kViewWidth, static_cast<float>(levelWidth))),
          snap(axis(focus.y, kViewHeight, static_cast<float>(levelHeight)))};
}

}  // namespace coyote
