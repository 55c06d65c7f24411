#pragma once

#include <SFML/Graphics.hpp>

#include "sim/state/physics_config.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Logical pixels per tile, as the float every drawing multiplies by.
inline constexpr float kTile = static_cast<float>(kPixelsPerTile);

/// A world point (tiles) in logical pixels.
inline sf::Vector2f toPixels(Vec2 point) {
  return {point.x * kTile, point.y * kTile};
}

/// A 1-px line between two world points, in the world's render states.
inline void drawLine(sf::RenderTarget& target, const sf::RenderStates& states, Vec2 from, Vec2 to,
                     sf::Color color) {
  const sf::Vertex line[] = {{toPixels(from), color}, {toPixels(to), color}};
  target.draw(line, 2, sf::Lines, states);
}

}  // namespace coyote
