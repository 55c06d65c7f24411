#include "sim/obstacle_set.h"

#include <algorithm>
#include <cmath>

#include "sim/character_step.h"
#include "sim/sweep.h"

namespace coyote {

ObstacleSet::ObstacleSet(const WorldState& state, const Level& level, const PhysicsConfig& config,
                         Kinds kinds, float slack)
    : slack_(slack) {
  if (kinds.platforms) {
    for (std::size_t slot = 0; slot < levelPlatforms(state, level).size(); ++slot) {
      const auto id = static_cast<BodyId>(slot);
      const PlatformDefinition* definition = platformDefinition(level, id);
      if (state.platforms[slot].active && definition != nullptr) {
        add({state.platforms[slot].position, definition->size}, id, definition->oneWay);
      }
    }
  }
  if (kinds.crates) {
    for (const Crate& crate : levelCrates(state, level)) {
      const CrateDefinition* definition = crateDefinition(level, crate.id);
      if (crate.present() && definition != nullptr) {
        add(crateBox(crate, *definition), crate.id, false, definition->material);
      }
    }
  }
  if (kinds.characters) {
    for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
      if (state.characters[slot].active) {
        add(characterBox(state.characters[slot], config),
            static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot)), false);
      }
    }
  }
  // By left edge, then id: a total order on content (ids are unique), whatever the storage.
  std::sort(obstacles_.begin(), obstacles_.begin() + static_cast<std::ptrdiff_t>(count_),
            [](const Obstacle& a, const Obstacle& b) {
              return a.left != b.left ? a.left < b.left : a.id < b.id;
            });
  for (std::size_t i = 0; i < count_; ++i) {
    keys_[i] = obstacles_[i].left;
    widest_ = obstacles_[i].width > widest_ ? obstacles_[i].width : widest_;
  }
}

std::span<const Obstacle> ObstacleSet::near(const Aabb& area, ObstacleBuffer& buffer) const {
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
        obstacle.top <= area.bottom() && obstacle.top + obstacle.height >= area.top()) {
      buffer[count++] = obstacle;
    }
  }
  return {buffer.data(), count};
}

void ObstacleSet::add(const Aabb& box, BodyId id, bool oneWay, std::uint8_t material) {
  obstacles_[count_++] = Obstacle::of(box, id, oneWay, material);
}

void ObstacleSet::update(BodyId id, const Aabb& box) {
  for (std::size_t i = 0; i < count_; ++i) {
    if (obstacles_[i].id == id) {
      obstacles_[i] = Obstacle::of(box, id, obstacles_[i].oneWay, obstacles_[i].material);
      return;
    }
  }
}

const Material& materialOf(const Level& level, std::uint8_t index) {
  return index < level.materials.size() ? level.materials[index] : kDefaultMaterial;
}

const Material& groundMaterial(const Aabb& box, BodyId support, const Level& level) {
  if (const CrateDefinition* crate = crateDefinition(level, support)) {
    return materialOf(level, crate->material);
  }
  if (support != kNoBody) {
    return materialOf(level, 0);  // platforms and characters are made of the default
  }
  const int row = static_cast<int>(std::floor(box.bottom() + kSkin));
  const int columns[] = {static_cast<int>(std::floor(box.centerX())),
                         static_cast<int>(std::floor(box.left() + kSkin)),
                         static_cast<int>(std::floor(box.right() - kSkin))};
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
