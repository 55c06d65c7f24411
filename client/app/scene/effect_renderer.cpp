#include "client/app/scene/effect_renderer.h"

#include <algorithm>
#include <cmath>

#include "client/app/render/palette.h"
#include "client/app/render/shape_batch.h"
#include "client/app/scene/world_drawing.h"
#include "client/app/scene/world_renderer.h"

namespace coyote {
namespace {

sf::Color faded(sf::Color color, float opacity) {
  color.a = static_cast<sf::Uint8>(static_cast<float>(color.a) * opacity);
  return color;
}

sf::FloatRect centred(sf::Vector2f centre, sf::Vector2f size) {
  return {centre.x - size.x * 0.5f, centre.y - size.y * 0.5f, size.x, size.y};
}

/// The effects' particles: with the art, small animated sprites of assets/particles.png
/// (docs/art.md#particles), their frame by the effect's progress; without it, flat discs.
struct Particles {
  ShapeBatch& batch;
  bool sprites;

  void cell(sf::Vector2f centre, int row, int frames, float p, sf::Color colour) {
    constexpr int kCell = 8;
    const int frame = std::min(frames - 1, static_cast<int>(p * static_cast<float>(frames)));
    batch.sprite({std::round(centre.x) - 4.0f, std::round(centre.y) - 4.0f, 8.0f, 8.0f},
                 {frame * kCell, row * kCell, kCell, kCell}, colour);
  }
  void puff(sf::Vector2f centre, float radius, float p, sf::Color colour) {
    sprites ? cell(centre, 0, 6, p, colour) : batch.disc(centre, radius, colour);
  }
  void droplet(sf::Vector2f centre, float p, sf::Color colour) {
    sprites ? cell(centre, 1, 4, p, colour) : batch.disc(centre, 1.2f, colour);
  }
  void spark(sf::Vector2f centre, float p, sf::Color colour) {
    sprites ? cell(centre, 2, 4, p, colour) : batch.disc(centre, 1.0f, colour);
  }
};

// Each effect grows with its progress p (0 → 1) and fades with its opacity.
void drawOne(Particles& particles, const Effect& effect, float p, float opacity) {
  ShapeBatch& batch = particles.batch;
  const sf::Vector2f at{effect.position.x * kTile, effect.position.y * kTile};
  switch (effect.kind) {
    case EffectKind::Dust:  // two puffs rolling out from the feet
      for (const float side : {-1.0f, 1.0f}) {
        particles.puff({at.x + side * (2.0f + 7.0f * p), at.y - 1.5f - 2.0f * p},
                       1.0f + 2.0f * (1.0f - p), p, faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Splash:  // droplets thrown up and out
      for (const float side : {-1.5f, -0.5f, 0.5f, 1.5f}) {
        const float rise = std::sin(p * 3.14159265f) * (7.0f - std::abs(side) * 2.0f);
        particles.droplet({at.x + side * 6.0f * p, at.y - rise}, p,
                          faded(palette::kSplash, opacity));
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
      if (particles.sprites) {
        for (const float side : {-1.0f, 0.0f, 1.0f}) {
          particles.puff({at.x + side * (3.0f + 7.0f * p), at.y - 1.0f}, 0.0f, p,
                         faded(palette::kDust, opacity));
        }
      } else {
        batch.rect(centred(at, {6.0f + 14.0f * p, 1.5f}), faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Snap:  // four sparks flying off the crate its joint let go
      for (const float x : {-1.0f, 1.0f}) {
        for (const float y : {-1.0f, 1.0f}) {
          particles.spark({at.x + x * 10.0f * p, at.y + y * 6.0f * p + 8.0f * p * p}, p,
                          faded(palette::kWeld, opacity));
        }
      }
      break;
    case EffectKind::Hop:  // a flat puff pushed down and out by the jump
      for (const float side : {-1.0f, 1.0f}) {
        particles.puff({at.x + side * (1.5f + 4.0f * p), at.y - 0.5f}, 1.5f * (1.0f - p) + 0.5f, p,
                       faded(palette::kDust, opacity));
      }
      break;
    case EffectKind::Hazard:  // red sparks burst around the character sent back
      for (int spark = 0; spark < 6; ++spark) {
        const float angle = static_cast<float>(spark) * 1.0471976f;
        particles.spark({at.x + std::cos(angle) * 12.0f * p, at.y + std::sin(angle) * 12.0f * p}, p,
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
                 double renderTick, const sf::Texture* particles) {
  ShapeBatch batch;
  batch.setFlatTexel({1.0f, 25.0f});  // inside particles.png's white cell (row 3)
  Particles painter{batch, particles != nullptr};
  for (const Effect& effect : effects.effects()) {
    const float opacity = effect.opacity(renderTick);
    if (opacity > 0.0f && renderTick >= static_cast<double>(effect.key.tick) - 1.0) {
      drawOne(painter, effect, effect.progress(renderTick), opacity);
    }
  }
  sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  states.texture = particles;
  batch.draw(target, states);  // one draw call, sprites and shapes alike
}

}  // namespace coyote
