#include "client/app/scene/art/backdrop.h"

#include <algorithm>
#include <cmath>

#include "client/app/scene/world_drawing.h"
#include "client/core/viewport.h"

namespace coyote {

void Backdrop::draw(sf::RenderTarget& target, Vec2 camera, int levelHeight) const {
  const auto width = static_cast<int>(target.getSize().x);
  const auto height = static_cast<int>(target.getSize().y);
  // The layers are kLogicalHeight high; a taller view has them at its bottom.
  const float below = static_cast<float>(std::max(0, height - kLogicalHeight));
  // How far the view's bottom is above the level's: the hills rise into view as it goes down.
  const float viewBottom = camera.y * kTile + static_cast<float>(height);
  const float aboveFloor = std::max(0.0f, static_cast<float>(levelHeight) * kTile - viewBottom);
  for (std::size_t layer = 0; layer < art_.backdrop.size(); ++layer) {
    const float depth = kDepth[layer];
    sf::Sprite sprite(art_.backdrop[layer]);
    const auto scroll = static_cast<int>(std::round(camera.x * kTile * depth));
    sprite.setTextureRect({scroll, 0, width, kLogicalHeight});
    sprite.setPosition(0.0f, layer == 0 ? 0.0f : below + std::round(aboveFloor * depth));
    target.draw(sprite);
    if (layer == 0 && below > 0.0f) {  // the sky's bottom row, on down
      sprite.setTextureRect({scroll, kLogicalHeight - 1, width, 1});
      sprite.setPosition(0.0f, static_cast<float>(kLogicalHeight));
      sprite.setScale(1.0f, below);
      target.draw(sprite);
    }
  }
}

}  // namespace coyote
