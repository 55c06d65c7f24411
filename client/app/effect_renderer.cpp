#include "client/app/effect_renderer.h"

#include <cmath>

#include "client/app/palette.h"
#include "client/app/shape_batch.h"
#include "client/app/world_renderer.h"

namespace coyote {
namespace {

constexpr float kTile = static_cast<float>(kPixelsPerTile);

sf::Color faded(sf::Color color, float opacity) {
  color.a = static_cast<sf::Uint8>(static_cast<float>(color.a) * opacity);
  return color;
}

sf::FloatRect centred(sf::Vector2f centre, sf::Vector2f size) {
  return {centre.x - size.x * 0.5f, centre.y - size.y * 0.5f, size.x, size.y};
}

// Each effect grows with its progress p (0 → 1) and fades with its opacity.
void drawOne(ShapeBatch& batch, const Effect& effect, float p, float opacity) {
  const sf::Vector2f at{effect.position.x * kTile, effect.position.y * kTile};
  switch (effect.kind) {
    case EffectKind::Dust:  // two puffs rolling out from the feet
      for (const float side : {-1.0f, 1.0f}) {
        batch.disc({at.x + side * (2.0f + 7.0f * p), at.y - 1.5f - 2.0f * p},
                   1.0f + 2.0f * (1.0f - p), faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Splash:  // droplets thrown up and out
      for (const float side : {-1.5f, -0.5f, 0.5f, 1.5f}) {
        const float rise = std::sin(p * 3.14159265f) * (7.0f - std::abs(side) * 2.0f);
        batch.disc({at.x + side * 6.0f * p, at.y - rise}, 1.2f, faded(palette::kSplash, opacity));
      }
      break;
    case EffectKind::Flash:  // a square that opens over the checkpoint
      batch.frame(centred(at, {10.0f + 20.0f * p, 10.0f + 20.0f * p}),
                  faded(palette::kCheckpoint, opacity));
      break;
    case EffectKind::Puff:  // a ring where the dash started
      batch.ring(at, 2.0f + 7.0f * p, faded(palette::kPuff, opacity));
      break;
    case EffectKind::Thud:  // a line of dust under the crate
      batch.rect(centred(at, {6.0f + 14.0f * p, 1.5f}), faded(palette::kDust, opacity));
      break;
    case EffectKind::Snap:  // four sparks flying off the crate its joint let go
      for (const float x : {-1.0f, 1.0f}) {
        for (const float y : {-1.0f, 1.0f}) {
          batch.disc({at.x + x * 10.0f * p, at.y + y * 6.0f * p + 8.0f * p * p}, 1.0f,
                     faded(palette::kWeld, opacity));
        }
      }
      break;
    case EffectKind::Hop:  // a flat puff pushed down and out by the jump
      for (const float side : {-1.0f, 1.0f}) {
        batch.disc({at.x + side * (1.5f + 4.0f * p), at.y - 0.5f}, 1.5f * (1.0f - p) + 0.5f,
                   faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Hazard:  // red sparks burst around the character sent back
      for (int spark = 0; spark < 6; ++spark) {
        const float angle = static_cast<float>(spark) * 1.0471976f;
        batch.disc({at.x + std::cos(angle) * 12.0f * p, at.y + std::sin(angle) * 12.0f * p}, 1.0f,
                   faded(palette::kHazard, opacity));
      }
      break;
    case EffectKind::Return:  // a ring closing on the character where it starts again
      batch.ring(at, 2.0f + 12.0f * (1.0f - p), faded(palette::kCheckpoint, opacity));
      break;
  }
}

}  // namespace

void drawEffects(sf::RenderTarget& target, Vec2 camera, const EffectList& effects,
                 double renderTick) {
  ShapeBatch batch;
  for (const Effect& effect : effects.effects()) {
    const float opacity = effect.opacity(renderTick);
    if (opacity > 0.0f && renderTick >= static_cast<double>(effect.key.tick) - 1.0) {
      drawOne(batch, effect, effect.progress(renderTick), opacity);
    }
  }
  batch.draw(target, sf::RenderStates(WorldRenderer::worldToLogical(camera)));  // one draw call
}

}  // namespace coyote
