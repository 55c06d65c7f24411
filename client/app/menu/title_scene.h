#pragma once

#include <SFML/Graphics.hpp>

#include "client/app/scene/art/art_assets.h"
#include "client/app/scene/art/backdrop.h"

namespace coyote {

/// What the title and the menus stand on (docs/art.md#title): the parallax backdrop drifting by,
/// a strip of stone, three runners crossing it (one jumping now and then), and the game's name
/// from assets/title.png, all in the game's own pixels: drawn at 320 × 240 and scaled 4 × onto
/// the menus' 1280 × 960 page.
class TitleScene {
 public:
  static constexpr float kScale = 4.0f;  ///< page pixels per logical pixel
  /// The name: 3 page pixels to its pixel, 20 from the top, so that it ends above a refusal's
  /// line (y 160) and the rows' panel.
  static constexpr float kNameScale = 3.0f;
  static constexpr float kNameTop = 20.0f;

  /// `art` must outlive the scene.
  explicit TitleScene(const ArtAssets& art);

  /// Draws the scene as it is `seconds` after the client started onto `target`, in the menus'
  /// page view; the name too when `withName` (the title screen).
  void draw(sf::RenderTarget& target, double seconds, bool withName);

  /// The name's top-left corner on the page, for a name image `size` pixels wide.
  static sf::Vector2f namePosition(sf::Vector2u size);

 private:
  void buildGround();
  void addRunners(double seconds);

  const ArtAssets& art_;
  Backdrop backdrop_;
  sf::RenderTexture canvas_;
  sf::VertexArray ground_{sf::Triangles};
  sf::VertexArray runners_{sf::Triangles};
};

}  // namespace coyote
