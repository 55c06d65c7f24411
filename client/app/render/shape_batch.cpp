#include "client/app/render/shape_batch.h"

#include <cmath>

namespace coyote {
namespace {

constexpr float kTurn = 6.2831853f;

sf::Vector2f onCircle(sf::Vector2f centre, float radius, int index, int points) {
  const float angle = kTurn * static_cast<float>(index) / static_cast<float>(points);
  return {centre.x + std::cos(angle) * radius, centre.y + std::sin(angle) * radius};
}

}  // namespace

void ShapeBatch::triangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color color) {
  triangles_.append({a, color, flatTexel_});
  triangles_.append({b, color, flatTexel_});
  triangles_.append({c, color, flatTexel_});
}

void appendQuad(sf::VertexArray& triangles, sf::FloatRect position, sf::FloatRect texture,
                sf::Color color) {
  const float x0 = position.left;
  const float y0 = position.top;
  const float x1 = x0 + position.width;
  const float y1 = y0 + position.height;
  const float u0 = texture.left;
  const float v0 = texture.top;
  const float u1 = u0 + texture.width;
  const float v1 = v0 + texture.height;
  const sf::Vertex corners[4] = {{{x0, y0}, color, {u0, v0}},
                                 {{x1, y0}, color, {u1, v0}},
                                 {{x1, y1}, color, {u1, v1}},
                                 {{x0, y1}, color, {u0, v1}}};
  for (const int corner : {0, 1, 2, 0, 2, 3}) {
    triangles.append(corners[corner]);
  }
}

void ShapeBatch::sprite(sf::FloatRect destination, sf::IntRect source, sf::Color color) {
  appendQuad(triangles_, destination, sf::FloatRect(source), color);
}

void ShapeBatch::band(sf::Vector2f from, sf::Vector2f to, sf::FloatRect source, sf::Color color) {
  const sf::Vector2f along = to - from;
  const float length = std::sqrt(along.x * along.x + along.y * along.y);
  if (length == 0.0f) {
    return;
  }
  const float half = source.height * 0.5f;
  const sf::Vector2f across{-along.y / length * half, along.x / length * half};
  const float u0 = source.left;
  const float u1 = source.left + source.width;
  const float v0 = source.top;
  const float v1 = source.top + source.height;
  const sf::Vertex corners[4] = {{from - across, color, {u0, v0}},
                                 {to - across, color, {u1, v0}},
                                 {to + across, color, {u1, v1}},
                                 {from + across, color, {u0, v1}}};
  for (const int corner : {0, 1, 2, 0, 2, 3}) {
    triangles_.append(corners[corner]);
  }
}

void ShapeBatch::rect(sf::FloatRect rect, sf::Color color) {
  const sf::Vector2f a{rect.left, rect.top};
  const sf::Vector2f b{rect.left + rect.width, rect.top};
  const sf::Vector2f c{rect.left + rect.width, rect.top + rect.height};
  const sf::Vector2f d{rect.left, rect.top + rect.height};
  triangle(a, b, c, color);
  triangle(a, c, d, color);
}

void ShapeBatch::frame(sf::FloatRect r, sf::Color color) {
  rect({r.left, r.top, r.width, 1.0f}, color);
  rect({r.left, r.top + r.height - 1.0f, r.width, 1.0f}, color);
  rect({r.left, r.top + 1.0f, 1.0f, r.height - 2.0f}, color);
  rect({r.left + r.width - 1.0f, r.top + 1.0f, 1.0f, r.height - 2.0f}, color);
}

void ShapeBatch::line(sf::Vector2f from, sf::Vector2f to, sf::Color color, float width) {
  const sf::Vector2f along = to - from;
  const float length = std::sqrt(along.x * along.x + along.y * along.y);
  if (length == 0.0f) {
    return;
  }
  const sf::Vector2f across{-along.y / length * width * 0.5f, along.x / length * width * 0.5f};
  triangle(from + across, to + across, to - across, color);
  triangle(from + across, to - across, from - across, color);
}

void ShapeBatch::disc(sf::Vector2f centre, float radius, sf::Color color, int points) {
  for (int i = 0; i < points; ++i) {
    triangle(centre, onCircle(centre, radius, i, points), onCircle(centre, radius, i + 1, points),
             color);
  }
}

void ShapeBatch::ring(sf::Vector2f centre, float radius, sf::Color color, int points) {
  for (int i = 0; i < points; ++i) {
    line(onCircle(centre, radius, i, points), onCircle(centre, radius, i + 1, points), color);
  }
}

void ShapeBatch::draw(sf::RenderTarget& target, const sf::RenderStates& states) const {
  if (triangles_.getVertexCount() > 0) {
    target.draw(triangles_, states);
  }
}

}  // namespace coyote
