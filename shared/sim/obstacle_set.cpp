#include "sim/obstacle_set.h"

#include <algorithm>

#include "sim/character_step.h"
#include "sim/scalar.h"
#include "sim/sweep.h"

namespace coyote {
namespace {

// By left edge, then id: a total order on content (ids are unique), whatever the storage. A
// function object, so that std::sort inlines it.
constexpr auto sortedBefore = [](const Obstacle& a, const Obstacle& b) {
  return a.left != b.left ? a.left < b.left : a.id < b.id;
};

}  // namespace

ObstacleSet::ObstacleSet(const WorldState& state, const Level& level, const PhysicsConfig& config,
                         Kinds kinds, float slack)
    : slack_(slack) {
  if (kinds.platforms) {
    for (std::size_t slot = 0; slot < levelPlatforms(state, level).size(); ++slot) {
      const auto id = static_cast<BodyId>(slot);
      const PlatformDefinition* definition = platformDefinition(level, id);
      if (state.platforms[slot].active && definition != nullptr) {
        add({state.platforms[slot].position, definition->size}, id, definition->oneWay, 0,
            definition->filter);
      }
    }
  }
  if (kinds.crates) {
    for (const Crate& crate : levelCrates(state, level)) {
      const CrateDefinition* definition = crateDefinition(level, crate.id);
      if (crate.present() && definition != nullptr) {
        add(crateBox(crate, *definition), crate.id, false, definition->material,
            definition->filter);
      }
    }
  }
  if (kinds.characters) {
    const CollisionFilter filter = characterFilter(config.playersCollide);
    state.roster.forEach([&](std::size_t slot) {
      add(characterBox(state.characters[slot], config),
          static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot)), false, 0, filter);
    });
  }
  std::sort(obstacles_.begin(), obstacles_.begin() + static_cast<std::ptrdiff_t>(count_),
            sortedBefore);
  for (std::size_t i = 0; i < count_; ++i) {
    keys_[i] = obstacles_[i].left;
    widest_ = obstacles_[i].width > widest_ ? obstacles_[i].width : widest_;
  }
}

std::span<const Obstacle> ObstacleSet::near(const Aabb& area, ObstacleBuffer& buffer,
                                            const CollisionFilter& mover, BodyId self,
                                            bool byGroup) const {
  // An obstacle reaching `area` has its left edge at most the widest width to the left of it; one
  // moved since sorting, at most `slack_` from its key.
  const float from = area.left() - widest_ - slack_;
  const float to = area.right() + slack_;
  const auto first =
      std::lower_bound(keys_.begin(), keys_.begin() + static_cast<std::ptrdiff_t>(count_), from);
  std::size_t count = 0;
  for (auto i = static_cast<std::size_t>(first - keys_.begin()); i < count_ && keys_[i] <= to;
       ++i) {
    const Obstacle& obstacle = obstacles_[i];
    if (obstacle.left <= area.right() && obstacle.left + obstacle.width >= area.left() &&
        obstacle.top <= area.bottom() && obstacle.top + obstacle.height >= area.top() &&
        obstacle.id != self && (!byGroup || mover.interactsWith(obstacle.filter()))) {
      buffer[count++] = obstacle;
    }
  }
  return {buffer.data(), count};
}

void ObstacleSet::add(const Aabb& box, BodyId id, bool oneWay, std::uint8_t material,
                      CollisionFilter filter) {
  obstacles_[count_++] = Obstacle::of(box, id, oneWay, material, filter);
}

void ObstacleSet::update(BodyId id, const Aabb& box) {
  for (std::size_t i = 0; i < count_; ++i) {
    if (obstacles_[i].id == id) {
      const Obstacle& old = obstacles_[i];
      obstacles_[i] = Obstacle::of(box, id, old.oneWay, old.material, old.filter());
      return;
    }
  }
}

void ObstacleSet::move(BodyId id, const Aabb& box) {
  std::size_t at = 0;
  while (at < count_ && obstacles_[at].id != id) {
    ++at;
  }
  if (at == count_) {
    return;
  }
  const Obstacle& old = obstacles_[at];
  const Obstacle moved = Obstacle::of(box, id, old.oneWay, old.material, old.filter());
  // Shift it down or up to its sorted place: the set stays ordered by (left, id).
  for (; at > 0 && sortedBefore(moved, obstacles_[at - 1]); --at) {
    obstacles_[at] = obstacles_[at - 1];
    keys_[at] = keys_[at - 1];
  }
  for (; at + 1 < count_ && sortedBefore(obstacles_[at + 1], moved); ++at) {
    obstacles_[at] = obstacles_[at + 1];
    keys_[at] = keys_[at + 1];
  }
  obstacles_[at] = moved;
  keys_[at] = moved.left;
}

const Material& materialOf(const Level& level, std::uint8_t index) {
  return index < level.materials.size() ? level.materials[index] : kDefaultMaterial;
}

const Material& groundMaterial(const Aabb& box, BodyId support, const Level& level) {
  if (const CrateDefinition* crate = crateDefinition(level, support)) {
    return materialOf(level, crate->material);
  }
  if (support != kNoBody || level.materials.size() <= 1) {
    return materialOf(level, 0);  // platforms and characters are made of the default
  }
  const int row = floorToInt(box.bottom() + kSkin);
  const int columns[] = {floorToInt(box.centerX()), floorToInt(box.left() + kSkin),
                         floorToInt(box.right() - kSkin)};
  for (const int column : columns) {
    const TileType tile = level.tileAt(column, row);
    if (tile != TileType::Empty && tile != TileType::Water && tile != TileType::Hazard) {
      return materialOf(level, level.materialIndexAt(column, row));
    }
  }
  return materialOf(level, 0);
}

Aabb crateBox(const Crate& crate, const CrateDefinition& definition) {
  return Aabb{crate.position, definition.size};
}

}  // namespace coyote
