#include "sim/obstacle_set.h"

#include "sim/character_step.h"

namespace coyote {

ObstacleSet::ObstacleSet(const WorldState& state, const Level& level, const PhysicsConfig& config,
                         Kinds kinds) {
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
      if (crate.active && definition != nullptr) {
        add(crateBox(crate, *definition), crate.id, false);
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
}

void ObstacleSet::add(const Aabb& box, BodyId id, bool oneWay) {
  obstacles_[count_++] = Obstacle::of(box, id, oneWay);
}

void ObstacleSet::update(BodyId id, const Aabb& box) {
  for (std::size_t i = 0; i < count_; ++i) {
    if (obstacles_[i].id == id) {
      obstacles_[i] = Obstacle::of(box, id, obstacles_[i].oneWay);
      return;
    }
  }
}

const CrateDefinition* crateDefinition(const Level& level, BodyId id) {
  if (!isCrateId(id)) {
    return nullptr;
  }
  const auto index = static_cast<std::size_t>(id - kCrateIdBase);
  return index < level.crates.size() ? &level.crates[index] : nullptr;
}

const PlatformDefinition* platformDefinition(const Level& level, BodyId id) {
  if (!isPlatformId(id)) {
    return nullptr;
  }
  const auto index = static_cast<std::size_t>(id);
  return index < level.platforms.size() ? &level.platforms[index] : nullptr;
}

Aabb crateBox(const Crate& crate, const CrateDefinition& definition) {
  return Aabb{crate.position, definition.size};
}

}  // namespace coyote
