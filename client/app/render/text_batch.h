#pragma once

#include <SFML/Graphics.hpp>

namespace coyote {

/// Short lines of outlined text in one font size, gathered into one vertex array and drawn in
/// one call (sixteen players' names would be 32 calls as sf::Text, each outline being one).
/// Glyphs are laid out as sf::Text lays them: the baseline `size` pixels below the top, kerning
/// between letters. Strings are UTF-8.
class TextBatch {
 public:
  TextBatch(const sf::Font& font, unsigned size, float outline);

  /// How wide `text` is drawn, in pixels.
  float width(const std::string& text) const;
  /// Adds `text` with its top-left corner at `position`.
  void add(const std::string& text, sf::Vector2f position, sf::Color fill, sf::Color outline);
  /// The outlines first, then the letters over them, in one draw call.
  void draw(sf::RenderTarget& target);

 private:
  void addGlyphs(const sf::String& text, sf::Vector2f position, sf::Color colour, float outline,
                 sf::VertexArray& into);

  const sf::Font& font_;
  unsigned size_;
  float outline_;
  sf::VertexArray outlines_{sf::Triangles};
  sf::VertexArray letters_{sf::Triangles};
};

}  // namespace coyote
