#pragma once

#include "client/core/viewport.h"
#include "sim/state/vec2.h"

namespace coyote {

/// The view's size in tiles: 20 × 15 at zoom 1.
struct ViewTiles {
  float width = static_cast<float>(kLogicalWidth) / kPixelsPerTile;
  float height = static_cast<float>(kLogicalHeight) / kPixelsPerTile;
};

/// Top-left corner of a `view` (tiles) that centres `focus` but never shows outside the level;
/// a level smaller than the view is centred. Snapped to whole logical pixels so that tiles do
/// not shimmer as the camera moves.
inline Vec2 cameraTopLeft(Vec2 focus, int levelWidth, int levelHeight, ViewTiles view = {}) {
  const auto axis = [](float centre, float span, float level) {
    if (level <= span) {
      return (level - span) * 0.5f;
    }
    const float left = centre - span * 0.5f;
    return left < 0.0f ? 0.0f : (left > level - span ? level - span : left);
  };
  const auto snap = [](float tiles) {
    const float pixels = tiles * kPixelsPerTile;
    return static_cast<float>(static_cast<int>(pixels >= 0 ? pixels + 0.5f : pixels - 0.5f)) /
           kPixelsPerTile;
  };
  return {snap(axis(focus.x, view.width, static_cast<float>(levelWidth))),
          snap(axis(focus.y, view.height, static_cast<float>(levelHeight)))};
}

}  // namespace coyote
