#include "sim/collision/world_queries.h"

#include "sim/state/scalar.h"

namespace coyote {
namespace {

bool sees(const Obstacle& obstacle, const QueryFilter& filter) {
  const bool sensor = (obstacle.group & kGroupSensor) != 0;
  return (obstacle.group & filter.groups) != 0 && obstacle.id != filter.exclude &&
         (filter.sensors || !sensor);
}

/// The motion cut to kMaxQueryDistance on each axis.
Vec2 bounded(Vec2 delta) {
  const auto cut = [](float value) {
    return value > kMaxQueryDistance ? kMaxQueryDistance
                                     : (value < -kMaxQueryDistance ? -kMaxQueryDistance : value);
  };
  return {cut(delta.x), cut(delta.y)};
}

bool blocksCasts(TileType type) {
  return isSolid(type) || isFollowableSurface(type) || type == TileType::OneWay;
}

QueryHit toQueryHit(const BoxHit& hit, const Aabb& box, Vec2 delta) {
  QueryHit result;
  if (!hit.hit) {
    result.position = box.position + delta;
    return result;
  }
  result.hit = true;
  result.fraction = hit.time;
  result.position = box.position + delta * hit.time;
  (hit.normalY != 0 ? result.position.y : result.position.x) = hit.face;
  result.normalX = hit.normalX;
  result.normalY = hit.normalY;
  result.body = hit.id;
  return result;
}

}  // namespace

WorldQueries::WorldQueries(const WorldState& state, const Level& level, const PhysicsConfig& config)
    : bodies_(state, level, config, {true, true, true}), level_(level) {}

BoxHit WorldQueries::castTiles(const Aabb& box, Vec2 delta) const {
  const Aabb area = sweptArea(box, delta, kSkin);
  BoxHit best;
  // Row by row, left to right; `hitsBefore` orders ties by content, so the order is moot.
  for (int row = floorToInt(area.top()); row <= floorToInt(area.bottom()); ++row) {
    for (int column = floorToInt(area.left()); column <= floorToInt(area.right()); ++column) {
      const TileType type = level_.tileAt(column, row);
      if (!blocksCasts(type)) {
        continue;
      }
      const Aabb cell{{static_cast<float>(column), static_cast<float>(row)}, {1.0f, 1.0f}};
      const Obstacle tile = Obstacle::of(cell, kNoBody, type == TileType::OneWay);
      const BoxHit hit = castAgainst(box, delta, {&tile, 1}, kNoBody, box.bottom());
      if (hit.hit && hitsBefore(hit, best)) {
        best = hit;
      }
    }
  }
  return best;
}

QueryHit WorldQueries::boxCast(const Aabb& box, Vec2 motion, const QueryFilter& filter) const {
  const Vec2 delta = bounded(motion);
  BoxHit best = (filter.groups & kGroupWorld) != 0 ? castTiles(box, delta) : BoxHit{};
  ObstacleBuffer buffer;
  ObstacleBuffer seen;
  std::size_t count = 0;
  for (const Obstacle& obstacle : bodies_.nearAll(sweptArea(box, delta, kSkin), buffer)) {
    if (sees(obstacle, filter)) {
      seen[count++] = obstacle;
    }
  }
  const BoxHit body = castAgainst(box, delta, {seen.data(), count}, kNoBody, box.bottom());
  if (body.hit && hitsBefore(body, best)) {
    best = body;
  }
  return toQueryHit(best, box, delta);
}

QueryHit WorldQueries::rayCast(Vec2 origin, Vec2 delta, const QueryFilter& filter) const {
  // A ray is the cast of a box of no size.
  return boxCast(Aabb{origin, {0.0f, 0.0f}}, delta, filter);
}

void WorldQueries::rayCasts(std::span<const Ray> rays, std::span<QueryHit> hits,
                            const QueryFilter& filter) const {
  for (std::size_t i = 0; i < rays.size() && i < hits.size(); ++i) {
    hits[i] = rayCast(rays[i].origin, rays[i].delta, filter);
  }
}

std::size_t WorldQueries::overlapBodies(const Aabb& box, std::span<BodyId> out,
                                        const QueryFilter& filter) const {
  ObstacleBuffer buffer;
  std::size_t count = 0;
  for (const Obstacle& obstacle : bodies_.nearAll(box, buffer)) {
    if (count < out.size() && sees(obstacle, filter) && overlapsBeyondSkin(box, obstacle.box())) {
      out[count++] = obstacle.id;
    }
  }
  return count;
}

bool WorldQueries::overlapsTiles(const Aabb& box, const QueryFilter& filter) const {
  if ((filter.groups & kGroupWorld) == 0) {
    return false;
  }
  for (int row = floorToInt(box.top() + kSkin); row <= floorToInt(box.bottom() - kSkin); ++row) {
    for (int column = floorToInt(box.left() + kSkin); column <= floorToInt(box.right() - kSkin);
         ++column) {
      if (isSolid(level_.tileAt(column, row))) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace coyote
