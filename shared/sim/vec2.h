#pragma once

namespace coyote {

/// A 2D vector in world units (1 unit = 1 tile). Origin top-left, x right, y down (SPEC §2).
struct Vec2 {
  float x = 0.0f;
  float y = 0.0f;
};

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

}  // namespace coyote
