#include "client/app/debug/debug_overlay.h"

#include <cmath>

#include <fmt/format.h>

#include "client/app/scene/world_drawing.h"
#include "client/app/scene/world_renderer.h"
#include "client/core/render_smoothing.h"

namespace coyote {
namespace {

void outline(sf::RenderTarget& target, const sf::RenderStates& states, float x, float y,
             float width, float height, sf::Color color) {
  sf::RectangleShape box({width - 1.0f, height - 1.0f});
  box.setPosition(x + 0.5f, y + 0.5f);
  box.setFillColor(sf::Color::Transparent);
  box.setOutlineColor(color);
  box.setOutlineThickness(1.0f);
  target.draw(box, states);
}

void line(sf::RenderTarget& target, const sf::RenderStates& states, sf::Vector2f a, sf::Vector2f b,
          sf::Color color) {
  const sf::Vertex vertices[] = {{a, color}, {b, color}};
  target.draw(vertices, 2, sf::Lines, states);
}

sf::Color contactColour(const Character& c) {
  if (c.dashing())
    return sf::Color::White;
  if (c.onSlope)
    return sf::Color::Cyan;
  if (c.grounded)
    return sf::Color::Green;
  if (c.wallDirection != 0)
    return sf::Color::Magenta;
  return sf::Color::Yellow;
}

}  // namespace

// The cells the last sweep went through: everything the box covered on its way.
void DebugOverlay::drawSweptCells(sf::RenderTarget& target, const sf::RenderStates& states,
                                  const Character& before, const Character& now) const {
  const float minX = std::min(before.position.x, now.position.x);
  const float minY = std::min(before.position.y, now.position.y);
  const float maxX = std::max(before.position.x, now.position.x) + physics_.playerWidth;
  const float maxY = std::max(before.position.y, now.position.y) + physics_.playerHeight;
  for (int row = static_cast<int>(std::floor(minY)); row <= static_cast<int>(maxY); ++row) {
    for (int column = static_cast<int>(std::floor(minX)); column <= static_cast<int>(maxX);
         ++column) {
      const TileType tile = level_.tileAt(column, row);
      outline(target, states, column * kTile, row * kTile, kTile, kTile,
              tile == TileType::Empty ? sf::Color(255, 255, 255, 40) : sf::Color(255, 80, 80, 160));
    }
  }
}

void DebugOverlay::drawWorld(sf::RenderTarget& target, Vec2 camera, const WorldState& previous,
                             const WorldState& current, float alpha) const {
  const sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  const float width = physics_.playerWidth * kTile;
  const float height = physics_.playerHeight * kTile;
  for (std::size_t slot = 0; slot < current.characters.size(); ++slot) {
    const Character& now = current.characters[slot];
    if (!now.active) {
      continue;
    }
    const Character& before = previous.characters[slot].active ? previous.characters[slot] : now;
    drawSweptCells(target, states, before, now);
    const Vec2 drawn = interpolate(before.position, now.position, alpha);
    const float x = std::round(drawn.x * kTile);
    const float y = std::round(drawn.y * kTile);
    outline(target, states, x, y, std::round(width), std::round(height), contactColour(now));
    // Sweep normals (surface → box), as 5-pixel spikes from the blocked side.
    const sf::Vector2f centre{x + width * 0.5f, y + height * 0.5f};
    if (now.lastNormalY != 0) {
      const float edge = now.lastNormalY < 0 ? y + height : y;
      line(target, states, {centre.x, edge}, {centre.x, edge + now.lastNormalY * 5.0f},
           sf::Color::Red);
    }
    if (now.lastNormalX != 0) {
      const float edge = now.lastNormalX < 0 ? x + width : x;
      line(target, states, {edge, centre.y}, {edge + now.lastNormalX * 5.0f, centre.y},
           sf::Color::Red);
    }
    if (now.wallDirection != 0) {
      const float side = now.wallDirection > 0 ? x + width + 1.0f : x - 2.0f;
      sf::RectangleShape bar({1.0f, height});
      bar.setPosition(side, y);
      bar.setFillColor(sf::Color::Magenta);
      target.draw(bar, states);
    }
    if (now.onSlope) {  // the foot point the slope follow uses
      sf::RectangleShape foot({2.0f, 2.0f});
      foot.setPosition(std::round(centre.x) - 1.0f, y + height - 1.0f);
      foot.setFillColor(sf::Color::Cyan);
      target.draw(foot, states);
    }
    if (now.dashing()) {
      line(target, states, centre,
           {centre.x - now.dashDirection.x * 12.0f, centre.y - now.dashDirection.y * 12.0f},
           sf::Color::White);
    }
  }
}

void DebugOverlay::drawPanel(sf::RenderTarget& window, const sf::Font& font,
                             const WorldState& current, int localSlot) const {
  std::string text = fmt::format("F1 collision debug   tick {}\n", current.tick);
  if (localSlot >= 0 && current.characters[static_cast<std::size_t>(localSlot)].active) {
    const Character& c = current.characters[static_cast<std::size_t>(localSlot)];
    text += fmt::format(
        "pos {:.3f} {:.3f}   vel {:.2f} {:.2f}\n"
        "grounded {}  slope follow {}  wall {}  facing {}\n"
        "dash {} (left {})  air jumps {}  normals {} {}",
        c.position.x, c.position.y, c.velocity.x, c.velocity.y, c.grounded ? "yes" : "no",
        c.onSlope ? "yes" : "no", c.wallDirection, c.facing, c.dashing() ? "yes" : "no",
        c.dashTicksLeft, c.airJumpsLeft, c.lastNormalX, c.lastNormalY);
  }
  sf::Text label(text, font, 14);
  label.setPosition(8.0f, 6.0f);
  const sf::FloatRect bounds = label.getGlobalBounds();
  sf::RectangleShape backdrop({bounds.width + 12.0f, bounds.height + 12.0f});
  backdrop.setPosition(bounds.left - 6.0f, bounds.top - 6.0f);
  backdrop.setFillColor(sf::Color(0, 0, 0, 160));
  window.draw(backdrop);
  label.setFillColor(sf::Color::White);
  label.setOutlineColor(sf::Color::Black);
  label.setOutlineThickness(1.0f);
  window.draw(label);
}

}  // namespace coyote
