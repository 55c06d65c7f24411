#include "client/app/effect_renderer.h"

#include <cmath>

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>

#include "client/app/palette.h"
#include "client/app/world_renderer.h"

namespace coyote {
namespace {

constexpr float kTile = static_cast<float>(kPixelsPerTile);

sf::Color faded(sf::Color color, float opacity) {
  color.a = static_cast<sf::Uint8>(static_cast<float>(color.a) * opacity);
  return color;
}

void dot(sf::RenderTarget& target, const sf::RenderStates& states, sf::Vector2f at, float radius,
         sf::Color color) {
  sf::CircleShape circle(radius, 10);
  circle.setOrigin(radius, radius);
  circle.setPosition(at);
  circle.setFillColor(color);
  target.draw(circle, states);
}

void ring(sf::RenderTarget& target, const sf::RenderStates& states, sf::Vector2f at, float radius,
          sf::Color color) {
  sf::CircleShape circle(radius, 16);
  circle.setOrigin(radius, radius);
  circle.setPosition(at);
  circle.setFillColor(sf::Color::Transparent);
  circle.setOutlineColor(color);
  circle.setOutlineThickness(1.0f);
  target.draw(circle, states);
}

void bar(sf::RenderTarget& target, const sf::RenderStates& states, sf::Vector2f centre,
         sf::Vector2f size, sf::Color color, bool hollow) {
  sf::RectangleShape shape(size);
  shape.setOrigin(size.x * 0.5f, size.y * 0.5f);
  shape.setPosition(centre);
  shape.setFillColor(hollow ? sf::Color::Transparent : color);
  shape.setOutlineColor(color);
  shape.setOutlineThickness(hollow ? 1.0f : 0.0f);
  target.draw(shape, states);
}

// Each effect grows with its progress p (0 → 1) and fades with its opacity.
void drawOne(sf::RenderTarget& target, const sf::RenderStates& states, const Effect& effect,
             float p, float opacity) {
  const sf::Vector2f at{effect.position.x * kTile, effect.position.y * kTile};
  switch (effect.kind) {
    case EffectKind::Dust:  // two puffs rolling out from the feet
      for (const float side : {-1.0f, 1.0f}) {
        dot(target, states, {at.x + side * (2.0f + 7.0f * p), at.y - 1.5f - 2.0f * p},
            1.0f + 2.0f * (1.0f - p), faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Splash:  // droplets thrown up and out
      for (const float side : {-1.5f, -0.5f, 0.5f, 1.5f}) {
        const float rise = std::sin(p * 3.14159265f) * (7.0f - std::abs(side) * 2.0f);
        dot(target, states, {at.x + side * 6.0f * p, at.y - rise}, 1.2f,
            faded(palette::kSplash, opacity));
      }
      break;
    case EffectKind::Flash:  // a square that opens over the checkpoint
      bar(target, states, at, {10.0f + 20.0f * p, 10.0f + 20.0f * p},
          faded(palette::kCheckpoint, opacity), true);
      break;
    case EffectKind::Puff:  // a ring where the dash started
      ring(target, states, at, 2.0f + 7.0f * p, faded(palette::kPuff, opacity));
      break;
    case EffectKind::Thud:  // a line of dust under the crate
      bar(target, states, at, {6.0f + 14.0f * p, 1.5f}, faded(palette::kDust, opacity), false);
      break;
    case EffectKind::Snap:  // four sparks flying off the crate its joint let go
      for (const float x : {-1.0f, 1.0f}) {
        for (const float y : {-1.0f, 1.0f}) {
          dot(target, states, {at.x + x * 10.0f * p, at.y + y * 6.0f * p + 8.0f * p * p}, 1.0f,
              faded(palette::kWeld, opacity));
        }
      }
      break;
    case EffectKind::Hop:  // a flat puff pushed down and out by the jump
      for (const float side : {-1.0f, 1.0f}) {
        dot(target, states, {at.x + side * (1.5f + 4.0f * p), at.y - 0.5f},
            1.5f * (1.0f - p) + 0.5f, faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Hazard:  // red sparks burst around the character sent back
      for (int spark = 0; spark < 6; ++spark) {
        const float angle = static_cast<float>(spark) * 1.0471976f;
        dot(target, states,
            {at.x + std::cos(angle) * 12.0f * p, at.y + std::sin(angle) * 12.0f * p}, 1.0f,
            faded(palette::kHazard, opacity));
      }
      break;
    case EffectKind::Return:  // a ring closing on the character where it starts again
      ring(target, states, at, 2.0f + 12.0f * (1.0f - p), faded(palette::kCheckpoint, opacity));
      break;
  }
}

}  // namespace

void drawEffects(sf::RenderTarget& target, Vec2 camera, const EffectList& effects,
                 double renderTick) {
  const sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  for (const Effect& effect : effects.effects()) {
    const float opacity = effect.opacity(renderTick);
    if (opacity > 0.0f && renderTick >= static_cast<double>(effect.key.tick) - 1.0) {
      drawOne(target, states, effect, effect.progress(renderTick), opacity);
    }
  }
}

}  // namespace coyote
