#pragma once

#include <cstddef>
#include <span>

#include "sim/collision/box_cast.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state/collision_groups.h"

namespace coyote {

/// What a query sees (docs/simulation.md#spatial-queries): the collision groups it hits
/// (`world` = the tiles), one body it ignores (the one asking) and whether sensors count.
struct QueryFilter {
  GroupMask groups = kAllGroups;
  BodyId exclude = kNoBody;
  bool sensors = false;
};

/// Where a cast stops. `fraction` is the share of the motion made before contact (1 = none);
/// `position` is the ray's point, or the box's top-left, at contact; the normal points from what
/// was hit toward the caster; `body` is kNoBody for a tile.
struct QueryHit {
  bool hit = false;
  float fraction = 1.0f;
  Vec2 position;
  std::int8_t normalX = 0;
  std::int8_t normalY = 0;
  BodyId body = kNoBody;
};

/// One ray of a batch: from `origin`, by `delta` (tiles).
struct Ray {
  Vec2 origin;
  Vec2 delta;
};

/// A cast is cut to this many tiles: a query's cost stays bounded whatever it asks.
inline constexpr float kMaxQueryDistance = 64.0f;

/// Ray casts, box casts and overlaps against the tiles and bodies of one world state, alone or in
/// batches. A query never changes the world: it reads the geometry the last step left (the
/// state it was made from). Solid tiles block from every side; one-way tiles and platforms only
/// a cast moving down that starts above them; slopes and rounded tiles count as whole blocks.
class WorldQueries {
 public:
  WorldQueries(const WorldState& state, const Level& level, const PhysicsConfig& config);

  QueryHit rayCast(Vec2 origin, Vec2 delta, const QueryFilter& filter = {}) const;
  QueryHit boxCast(const Aabb& box, Vec2 delta, const QueryFilter& filter = {}) const;
  /// The bodies overlapping `box` by more than the skin, into `out` (as many as fit); the count.
  std::size_t overlapBodies(const Aabb& box, std::span<BodyId> out,
                            const QueryFilter& filter = {}) const;
  /// True when `box` overlaps a solid tile by more than the skin (and the filter hits `world`).
  bool overlapsTiles(const Aabb& box, const QueryFilter& filter = {}) const;
  /// `rays.size()` ray casts with one filter; `hits` must be as long.
  void rayCasts(std::span<const Ray> rays, std::span<QueryHit> hits,
                const QueryFilter& filter = {}) const;

 private:
  BoxHit castTiles(const Aabb& box, Vec2 delta) const;

  ObstacleSet bodies_;
  const Level& level_;
};

}  // namespace coyote
