#pragma once

namespace coyote {

/// A 2D vector in world units (1 unit = 1 tile). Origin top-left, x right, y down
/// (docs/simulation.md#units-and-axes).
struct Vec2 {
  float x = 0.0f;
  float y = 0.0f;

  Vec2& operator+=(Vec2 other) {
    x += other.x;
    y += other.y;
    return *this;
  }
  Vec2& operator-=(Vec2 other) {
    x -= other.x;
    y -= other.y;
    return *this;
  }
};

// Component by component, each one IEEE operation: `a + b * k` is exactly what
// `{a.x + b.x * k, a.y + b.y * k}` was, on every build (-ffp-contract=off fuses nothing).
inline Vec2 operator+(Vec2 a, Vec2 b) {
  return {a.x + b.x, a.y + b.y};
}
inline Vec2 operator-(Vec2 a, Vec2 b) {
  return {a.x - b.x, a.y - b.y};
}
inline Vec2 operator*(Vec2 a, float k) {
  return {a.x * k, a.y * k};
}
inline float dot(Vec2 a, Vec2 b) {
  return a.x * b.x + a.y * b.y;
}

/// An axis-aligned box: `position` is its top-left corner, `size` its width and height.
struct Aabb {
  Vec2 position;
  Vec2 size;

  float left() const { return position.x; }
  float right() const { return position.x + size.x; }
  float top() const { return position.y; }
  float bottom() const { return position.y + size.y; }
  float centerX() const { return position.x + size.x * 0.5f; }
};

/// A box as its four edges, computed as Aabb computes them, so that a test on them is the test on
/// the box. No default values: an array of them is never cleared.
struct BoxEdges {
  float left, top, right, bottom;

  static BoxEdges of(const Aabb& box) { return {box.left(), box.top(), box.right(), box.bottom()}; }
  /// Edges that hold nothing: the first box included becomes them, and no area touches them.
  static BoxEdges none();

  /// Grows these edges to hold `box` too (a union of boxes).
  void include(const Aabb& box) {
    left = box.left() < left ? box.left() : left;
    top = box.top() < top ? box.top() : top;
    right = box.right() > right ? box.right() : right;
    bottom = box.bottom() > bottom ? box.bottom() : bottom;
  }
  /// Whether `area` touches them, edges included.
  bool touches(const Aabb& area) const {
    return left <= area.right() && right >= area.left() && top <= area.bottom() &&
           bottom >= area.top();
  }
};

inline BoxEdges BoxEdges::none() {
  constexpr float kFar = 3.0e38f;  // beyond any box the guards let through, and finite
  return {kFar, kFar, -kFar, -kFar};
}

}  // namespace coyote
