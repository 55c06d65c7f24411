#include "client/app/scene/art/backdrop.h"

#include <algorithm>
#include <cmath>

#include "client/core/viewport.h"

namespace coyote {

void Backdrop::draw(sf::RenderTarget& target, Vec2 camera, int levelHeight) const {
  constexpr float kTile = static_cast<float>(kPixelsPerTile);
  // How far the view's bottom is above the level's: the hills rise into view as it goes down.
  const float viewBottom = camera.y * kTile + static_cast<float>(kLogicalHeight);
  const float aboveFloor = std::max(0.0f, static_cast<float>(levelHeight) * kTile - viewBottom);
  for (std::size_t layer = 0; layer < art_.backdrop.size(); ++layer) {
    const float depth = kDepth[layer];
    sf::Sprite sprite(art_.backdrop[layer]);
    const auto scroll = static_cast<int>(std::round(camera.x * kTile * depth));
    sprite.setTextureRect({scroll, 0, kLogicalWidth, kLogicalHeight});
    sprite.setPosition(0.0f, layer == 0 ? 0.0f : std::round(aboveFloor * depth));
    target.draw(sprite);
  }
}

}  // namespace coyote
