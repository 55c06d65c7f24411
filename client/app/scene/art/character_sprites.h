#pragma once

#include <vector>

#include <SFML/Graphics.hpp>

#include "client/app/scene/art/art_assets.h"
#include "client/app/scene/art/character_animation.h"
#include "client/app/scene/world_renderer.h"
#include "client/core/effect_list.h"

namespace coyote {

/// A player's colour by slot: eight hues far apart, so remote players are told apart.
sf::Color playerColour(int slot);

/// The sheet's columns: the body's frames, then the scarf's from this column on.
inline constexpr int kScarfColumns = 6;
/// The scarf with a dash left: it burns red (the title's runners wear it too).
inline const sf::Color kDashReady{255, 86, 96};

/// Appends one 16 × 16 frame of assets/character.png (column `column`, row `row`) with its feet
/// at `feet` (logical pixels), squashed or stretched about them as `frame` says, mirrored when
/// `facing` < 0 (the sheet faces right), tinted (and made translucent) by `colour`.
void appendCharacterFrame(sf::VertexArray& vertices, sf::Vector2f feet, int column, int row,
                          const AnimationFrame& frame, int facing, sf::Color colour);

/// The characters from the sprite sheet (docs/art.md#characters), all in one vertex array: each
/// character's body tinted in its player's colour, its scarf in the colour of its dash budget,
/// mirrored to face its way, squashed and stretched about its feet, and a dashing one trailed by
/// three fading after-images.
class CharacterSprites {
 public:
  /// `art`, `level` must outlive it.
  CharacterSprites(const ArtAssets& art, const Level& level, const PhysicsConfig& physics);

  /// What `animate` gets for a character drawn this frame; `effects` gives its last landing and
  /// respawn (nullptr: none known).
  AnimationInput animationInput(const DrawnCharacter& character, const EffectList* effects,
                                double renderTick) const;

  void draw(sf::RenderTarget& target, Vec2 camera, const std::vector<DrawnCharacter>& characters,
            const EffectList* effects, double renderTick);

 private:
  const ArtAssets& art_;
  const Level& level_;
  PhysicsConfig physics_;
  sf::VertexArray vertices_{sf::Triangles};
};

}  // namespace coyote
