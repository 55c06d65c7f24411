#include "client/app/scene/art/character_sprites.h"

#include <array>
#include <cmath>

#include "client/app/render/shape_batch.h"
#include "client/app/scene/world_drawing.h"
#include "sim/collision/water.h"

namespace coyote {
namespace {

const sf::Color kDashSpent{110, 170, 235};  // none: it cools to blue until the ground refills it

/// Ticks since the newest effect of `kind` on `body` that has started by `renderTick`.
double ticksSince(const EffectList* effects, BodyId body, EffectKind kind, double renderTick) {
  double newest = 1e9;
  if (effects == nullptr) {
    return newest;
  }
  for (const Effect& effect : effects->effects()) {
    const double age = renderTick - static_cast<double>(effect.key.tick);
    if (effect.key.body == body && effect.kind == kind && !effect.cut && age >= 0.0) {
      newest = std::min(newest, age);
    }
  }
  return newest;
}

}  // namespace

sf::Color playerColour(int slot) {
  constexpr std::array<std::array<sf::Uint8, 3>, 8> kHues = {{{255, 170, 60},
                                                              {80, 210, 230},
                                                              {150, 230, 90},
                                                              {240, 110, 210},
                                                              {250, 230, 90},
                                                              {140, 150, 255},
                                                              {250, 120, 100},
                                                              {190, 130, 250}}};
  const auto& hue = kHues[static_cast<std::size_t>(slot < 0 ? 0 : slot) % kHues.size()];
  return {hue[0], hue[1], hue[2]};
}

CharacterSprites::CharacterSprites(const ArtAssets& art, const Level& level,
                                   const PhysicsConfig& physics)
    : art_(art), level_(level), physics_(physics) {}

AnimationInput CharacterSprites::animationInput(const DrawnCharacter& character,
                                                const EffectList* effects,
                                                double renderTick) const {
  const Character& state = *character.state;
  const auto body = static_cast<BodyId>(kCharacterIdBase + character.slot);
  AnimationInput input;
  input.grounded = state.grounded;
  input.swimming = submergedFraction(characterBox(state, physics_), level_) > kSwimmingFraction;
  input.dashing = state.dashing();
  input.wallDirection = state.wallDirection;
  input.position = character.position;
  input.velocity = state.velocity;
  input.renderTick = renderTick;
  input.ticksSinceLanding = ticksSince(effects, body, EffectKind::Dust, renderTick);
  input.ticksSinceRespawn = ticksSince(effects, body, EffectKind::Return, renderTick);
  return input;
}

void appendCharacterFrame(sf::VertexArray& vertices, sf::Vector2f feet, int column, int row,
                          const AnimationFrame& frame, int facing, sf::Color colour) {
  constexpr float kFrame = 16.0f;
  const float width = kFrame * frame.scaleX;
  const float height = kFrame * frame.scaleY;
  const float left = std::round(feet.x - width * 0.5f);
  const float top = std::round(feet.y - height);
  const float u = static_cast<float>(column) * kFrame;
  const float v = static_cast<float>(row) * kFrame;
  // Mirrored by a texture rectangle of negative width.
  appendQuad(vertices, {left, top, width, height},
             facing < 0 ? sf::FloatRect(u + kFrame, v, -kFrame, kFrame)
                        : sf::FloatRect(u, v, kFrame, kFrame),
             colour);
}

void CharacterSprites::draw(sf::RenderTarget& target, Vec2 camera,
                            const std::vector<DrawnCharacter>& characters,
                            const EffectList* effects, double renderTick) {
  vertices_.clear();
  for (const DrawnCharacter& character : characters) {
    const Character& state = *character.state;
    const AnimationFrame frame = animate(animationInput(character, effects, renderTick));
    const int row = static_cast<int>(frame.pose);
    const sf::Vector2f feet{(character.position.x + physics_.playerWidth * 0.5f) * kTile,
                            (character.position.y + physics_.playerHeight) * kTile};
    const int facing = state.facing < 0 ? -1 : 1;
    const sf::Color body = playerColour(character.slot);
    if (frame.pose == Pose::Dash) {  // after-images along the way it came, fading
      for (int i = 3; i >= 1; --i) {
        const float back = static_cast<float>(i) * 0.05f * kTile;
        sf::Color trail = body;
        trail.a = static_cast<sf::Uint8>(150 - 40 * i);
        appendCharacterFrame(vertices_,
                             {feet.x - state.dashDirection.x * back * 6.0f,
                              feet.y - state.dashDirection.y * back * 6.0f},
                             frame.frame, row, frame, facing, trail);
      }
    }
    appendCharacterFrame(vertices_, feet, frame.frame, row, frame, facing, body);
    const bool dashLeft = state.dashAvailable && state.dashesRemaining != 0;
    appendCharacterFrame(vertices_, feet, kScarfColumns + frame.frame, row, frame, facing,
                         dashLeft ? kDashReady : kDashSpent);
  }
  sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  states.texture = &art_.character;
  target.draw(vertices_, states);
}

}  // namespace coyote
