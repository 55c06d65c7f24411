#include "sim/collision/obstacle_set.h"

#include <algorithm>

#include "sim/collision/sweep.h"
#include "sim/state/character.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

// By left edge, then id: a total order on content (ids are unique), whatever the storage. A
// function object, so that std::sort inlines it.
constexpr auto sortedBefore = [](const Obstacle& a, const Obstacle& b) {
  return a.left != b.left ? a.left < b.left : a.id < b.id;
};

}  // namespace

ObstacleSet::ObstacleSet(const WorldState& state, const Level& level, const PhysicsConfig& config,
                         Kinds kinds, const CratesInReach* inReach)
    : state_(state), level_(level), inReach_(kinds.crates ? inReach : nullptr) {
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
  if (inReach_ != nullptr) {
    for (std::size_t i = 0; i < inReach_->count; ++i) {
      addCrate(state.crates[inReach_->slots[i]]);
    }
  } else if (kinds.crates) {
    for (const Crate& crate : levelCrates(state, level)) {
      addCrate(crate);
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
  if (count_ > 0) {  // an empty set (a world of characters alone) pays for no index
    indexOf_.fill(-1);
  }
  for (std::size_t i = 0; i < count_; ++i) {
    place(i, obstacles_[i]);
    widest_ = obstacles_[i].width > widest_ ? obstacles_[i].width : widest_;
  }
}

void ObstacleSet::addCrate(const Crate& crate) {
  const CrateDefinition* definition = crateDefinition(level_, crate.id);
  if (crate.present() && definition != nullptr) {
    add(crateBox(crate, *definition), crate.id, false, definition->material, definition->filter);
  }
}

void ObstacleSet::place(std::size_t at, const Obstacle& obstacle) {
  obstacles_[at] = obstacle;
  keys_[at] = obstacle.left;
  if (obstacle.id >= 0 && obstacle.id <= kMaxBodyId) {
    indexOf_[static_cast<std::size_t>(obstacle.id)] = static_cast<std::int16_t>(at);
  }
}

std::span<const Obstacle> ObstacleSet::nearby(const Aabb& area, ObstacleBuffer& buffer,
                                              const CollisionFilter& mover, BodyId self,
                                              bool byGroup) const {
  // An obstacle reaching `area` has its left edge at most the widest width to the left of it.
  const float from = area.left() - widest_;
  const float to = area.right();
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
  if (inReach_ != nullptr && !state_.settledCrates.empty()) {
    const std::size_t held = count;
    count = addSettledCrates(area, buffer, count, mover, self, byGroup);
    if (count > held) {  // merged in the order a set of every crate gives
      std::sort(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(count), sortedBefore);
    }
  }
  return {buffer.data(), count};
}

std::size_t ObstacleSet::addSettledCrates(const Aabb& area, ObstacleBuffer& buffer,
                                          std::size_t count, const CollisionFilter& mover,
                                          BodyId self, bool byGroup) const {
  const auto crates = levelCrates(state_, level_);
  state_.settledCrates.forEachTouching(area, crates, level_, [&](std::size_t slot) {
    const Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level_, crate.id);
    if (inReach_->bits.contains(slot) || !crate.present() || definition == nullptr ||
        crate.id == self || (byGroup && !mover.interactsWith(definition->filter))) {
      return;  // held by the set already (woken this step), or not an obstacle to this mover
    }
    buffer[count++] = Obstacle::of(crateBox(crate, *definition), crate.id, false,
                                   definition->material, definition->filter);
  });
  return count;
}

void ObstacleSet::add(const Aabb& box, BodyId id, bool oneWay, std::uint8_t material,
                      CollisionFilter filter) {
  obstacles_[count_++] = Obstacle::of(box, id, oneWay, material, filter);
}

void ObstacleSet::move(BodyId id, const Aabb& box) {
  if (count_ == 0 || id < 0 || id > kMaxBodyId || indexOf_[static_cast<std::size_t>(id)] < 0) {
    return;
  }
  auto at = static_cast<std::size_t>(indexOf_[static_cast<std::size_t>(id)]);
  const Obstacle& old = obstacles_[at];
  const Obstacle moved = Obstacle::of(box, id, old.oneWay, old.material, old.filter());
  // Shift it down or up to its sorted place: the set stays ordered by (left, id).
  for (; at > 0 && sortedBefore(moved, obstacles_[at - 1]); --at) {
    place(at, obstacles_[at - 1]);
  }
  for (; at + 1 < count_ && sortedBefore(obstacles_[at + 1], moved); ++at) {
    place(at, obstacles_[at + 1]);
  }
  place(at, moved);
}

void ObstacleSet::dropCharacters() {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < count_; ++i) {
    const Obstacle obstacle = obstacles_[i];
    if (isCharacterId(obstacle.id)) {
      indexOf_[static_cast<std::size_t>(obstacle.id)] = -1;
    } else {
      place(kept++, obstacle);
    }
  }
  count_ = kept;
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

}  // namespace coyote
