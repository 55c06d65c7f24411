#pragma once

#include <SFML/Graphics.hpp>

namespace coyote {

/// Appends two triangles covering `position` (pixels) with the texture's `texture` rectangle
/// (texels) tinted by `color`. A negative texture width mirrors it left to right.
void appendQuad(sf::VertexArray& triangles, sf::FloatRect position, sf::FloatRect texture,
                sf::Color color);

/// Flat shapes gathered into one triangle array and drawn in one call: rectangles, frames,
/// triangles, lines (as thin quads), discs and rings. The world's bodies and effects are many
/// small shapes; one sf::Shape each would be a draw call each
/// (docs/performance.md#the-clients-frame).
class ShapeBatch {
 public:
  void clear() { triangles_.clear(); }
  /// Drawn with a texture, flat shapes take their colour from this texel (an opaque white one).
  void setFlatTexel(sf::Vector2f texel) { flatTexel_ = texel; }
  /// The texture's rectangle `source` stretched over `destination`, tinted by `color`.
  void sprite(sf::FloatRect destination, sf::IntRect source, sf::Color color);
  /// The texture's rectangle `source` laid along the segment `from` → `to` (its width along the
  /// segment, its height across it, centred on it), tinted by `color`.
  void band(sf::Vector2f from, sf::Vector2f to, sf::FloatRect source, sf::Color color);
  void triangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color color);
  void rect(sf::FloatRect rect, sf::Color color);
  /// A 1-px border just inside `rect`.
  void frame(sf::FloatRect rect, sf::Color color);
  /// A line `width` pixels wide from `from` to `to`.
  void line(sf::Vector2f from, sf::Vector2f to, sf::Color color, float width = 1.0f);
  void disc(sf::Vector2f centre, float radius, sf::Color color, int points = 10);
  /// A circle's outline, 1 px wide, centred on the circle of `radius`.
  void ring(sf::Vector2f centre, float radius, sf::Color color, int points = 16);

  void draw(sf::RenderTarget& target, const sf::RenderStates& states) const;
  std::size_t vertexCount() const { return triangles_.getVertexCount(); }

 private:
  sf::VertexArray triangles_{sf::Triangles};
  sf::Vector2f flatTexel_;
};

}  // namespace coyote
