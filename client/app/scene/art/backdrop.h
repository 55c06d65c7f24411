#pragma once

#include <SFML/Graphics.hpp>

#include "client/app/scene/art/art_assets.h"
#include "sim/state/vec2.h"

namespace coyote {

/// The parallax backdrop (docs/art.md#backdrop): its three layers, far to near, each scrolled at
/// a fraction of the camera's movement and repeated sideways, in three or four draw calls.
class Backdrop {
 public:
  /// How far each layer moves for a tile the camera moves: the sky barely, the near hills most.
  static constexpr float kDepth[3] = {0.05f, 0.2f, 0.4f};

  explicit Backdrop(const ArtAssets& art) : art_(art) {}

  /// Fills `target` (the logical picture: 320 × 240 at zoom 1, more zoomed out) seen from
  /// `camera` (top-left, tiles) in a level `levelHeight` tiles high: the hills sit at the bottom
  /// of the level, not of the view. A view taller than the 240-pixel layers continues the sky's
  /// last row below it (one draw call more).
  void draw(sf::RenderTarget& target, Vec2 camera, int levelHeight) const;

 private:
  const ArtAssets& art_;
};

}  // namespace coyote
