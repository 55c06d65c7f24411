#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "sim/state/body.h"
#include "sim/state/collision_groups.h"
#include "sim/state/scalar.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Something a moving box can run into: a body's box (or a tile's), with the body's id. Plain
/// fields without initialisers, so that a set of them can live on the stack unfilled (a step
/// gathers a few of several hundred possible ones and must not pay for clearing the rest).
struct Obstacle {
  float left, top, width, height;  ///< the box, tiles
  BodyId id;                       ///< kNoBody for a tile
  bool oneWay;  ///< blocks only a box moving down whose bottom started at or above its top
  std::uint8_t material;  ///< index into `Level::materials`
  GroupMask group;        ///< its collision filter (collision_groups.h), as raw masks
  GroupMask collidesWith;

  static Obstacle of(const Aabb& box, BodyId id, bool oneWay, std::uint8_t material = 0,
                     CollisionFilter filter = kTileFilter) {
    return {box.position.x, box.position.y, box.size.x,   box.size.y,         id,
            oneWay,         material,       filter.group, filter.collidesWith};
  }
  Aabb box() const { return {{left, top}, {width, height}}; }
  CollisionFilter filter() const { return {group, collidesWith}; }
};

/// Every body there can be: platforms, crates and characters.
inline constexpr std::size_t kMaxObstacles = kMaxPlatforms + kMaxCrates + 256;

/// Room for a copy of every obstacle, left uninitialised until filled.
using ObstacleBuffer = std::array<Obstacle, kMaxObstacles>;

/// True when two boxes overlap by more than kSkin on both axes (touching is not overlapping).
/// Inline: the platform phase asks it of every body for every platform. The vertical tests come
/// first: a platform is a thin slab, and the bodies are on floors below or above it, so the first
/// test turns most of them away, and the same way each time (a branch that predicts); across x,
/// about half are on either side (cachegrind: 9 % fewer mispredicted branches in the living
/// world).
inline bool overlapsBeyondSkin(const Aabb& a, const Aabb& b) {
  return a.top() < b.bottom() - kSkin && a.bottom() > b.top() + kSkin &&
         a.right() > b.left() + kSkin && a.left() < b.right() - kSkin;
}

/// A box less the skin on every side, for a box that many others are tested against (a platform
/// and every body): another box's edges pass these exactly when overlapsBeyondSkin(other, box),
/// with the same comparisons in the same order, and without its sums.
struct InsideSkin {
  float left, top, right, bottom;

  explicit InsideSkin(const Aabb& box)
      : left(box.left() + kSkin),
        top(box.top() + kSkin),
        right(box.right() - kSkin),
        bottom(box.bottom() - kSkin) {}
  bool overlaps(const BoxEdges& other) const {
    return other.top < bottom && other.bottom > top && other.right > left && other.left < right;
  }
};

/// The area a box covers moving by `delta`, grown by `margin` on every side. Inline: every
/// character step and every cast asks for one.
inline Aabb sweptArea(const Aabb& box, Vec2 delta, float margin) {
  const float left = box.left() + (delta.x < 0.0f ? delta.x : 0.0f) - margin;
  const float top = box.top() + (delta.y < 0.0f ? delta.y : 0.0f) - margin;
  const float right = box.right() + (delta.x > 0.0f ? delta.x : 0.0f) + margin;
  const float bottom = box.bottom() + (delta.y > 0.0f ? delta.y : 0.0f) + margin;
  return {{left, top}, {right - left, bottom - top}};
}

/// Where a cast first touches an obstacle. `time` is the fraction of the motion before contact
/// (0 ≤ time < 1); the normal points from the obstacle to the box on the axis it entered by.
struct BoxHit {
  bool hit = false;
  float time = 1.0f;
  std::int8_t normalX = 0;
  std::int8_t normalY = 0;
  BodyId id = kNoBody;
  float face = 0.0f;          ///< the box's exact top-left coordinate on the hit axis at contact
  std::uint8_t material = 0;  ///< what was hit is made of
};

/// Swept box against one box (docs/simulation.md#box-casts): the target is grown by the mover's
/// size (a Minkowski sum), and the mover's top-left corner is cast through it as a ray, one slab
/// per axis; the entry time is the latest near time, the exit the earliest far time. Two tolerances
/// of `kSkin` make it exact for a tile world: a box merely touching the target on the other axis
/// (walking along a floor of boxes) never hits it, so no seam between two boxes acts as a wall (the
/// tiles' junction problem); and a box already inside by no more than kSkin (the last bit of float
/// rounding) hits at time 0 instead of passing through. Deeper overlaps are not a hit: bounded
/// depenetration owns them.
BoxHit castBox(const Aabb& mover, Vec2 delta, const Obstacle& target);

/// True when `a` is before `b`: earlier, then Y before X (a box landing on a corner lands),
/// then the smaller id. A total order on content: the same hit wins in any storage order.
bool hitsBefore(const BoxHit& a, const BoxHit& b);

/// The earliest hit of a cast among obstacles (one-way ones as their rule says, from the box's
/// bottom at the start of the step). `ignore` is skipped (the mover itself).
BoxHit castAgainst(const Aabb& mover, Vec2 delta, std::span<const Obstacle> obstacles,
                   BodyId ignore, float startBottom);

}  // namespace coyote
