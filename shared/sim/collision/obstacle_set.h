#pragma once

#include <array>
#include <span>

#include "sim/collision/box_cast.h"
#include "sim/collision/crates_in_reach.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/world_state.h"

namespace coyote {

/// The bodies a moving box can run into during one phase of a step, as boxes with their ids:
/// a fixed-size array on the stack (the step never allocates).
class ObstacleSet {
 public:
  /// What to gather.
  struct Kinds {
    bool platforms = true;
    bool crates = true;
    bool characters = false;
  };

  /// Characters carry `characterFilter(config.playersCollide)`, bodies their level filter.
  /// With `inReach`, only its crates are gathered; `near` finds the settled ones in the state's
  /// index of them, so the answer is always the one a set of every crate gives.
  ObstacleSet(const WorldState& state, const Level& level, const PhysicsConfig& config, Kinds kinds,
              const CratesInReach* inReach = nullptr);

  std::span<const Obstacle> all() const { return {obstacles_.data(), count_}; }

  /// The obstacles touching `area` (a mover's whole reach this step), copied into `buffer`: every
  /// cast of that mover then reads a handful. The set is sorted by left edge, so this is a binary
  /// search and a short scan, not a walk over every body.
  /// Only obstacles that interact with `mover` (collision groups) are gathered, never `self`.
  std::span<const Obstacle> nearby(const Aabb& area, ObstacleBuffer& buffer,
                                   const CollisionFilter& mover, BodyId self,
                                   bool byGroup = true) const;
  /// Every obstacle touching `area`, whatever its group (spatial queries filter their own way).
  std::span<const Obstacle> nearAll(const Aabb& area, ObstacleBuffer& buffer) const {
    return nearby(area, buffer, {kAllGroups, kAllGroups}, kNoBody, false);
  }
  /// Moves the obstacle of body `id` anywhere, keeping the set sorted (a character that has
  /// just moved, when characters block each other).
  void move(BodyId id, const Aabb& box);
  /// Takes the characters out, keeping the rest in order: what a set built without them holds.
  void dropCharacters();

 private:
  void add(const Aabb& box, BodyId id, bool oneWay, std::uint8_t material, CollisionFilter filter);
  void addCrate(const Crate& crate);
  std::size_t addSettledCrates(const Aabb& area, ObstacleBuffer& buffer, std::size_t count,
                               const CollisionFilter& mover, BodyId self, bool byGroup) const;
  void place(std::size_t at, const Obstacle& obstacle);

  const WorldState& state_;
  const Level& level_;
  const CratesInReach* inReach_;
  std::array<Obstacle, kMaxObstacles> obstacles_;
  std::array<float, kMaxObstacles> keys_;  ///< each obstacle's left edge when sorted, ascending
  std::array<std::int16_t, kMaxBodyId + 1> indexOf_;  ///< body id → its place, -1 when absent;
                                                      ///< unfilled while the set is empty
  std::size_t count_ = 0;
  float widest_ = 0.0f;  ///< the widest obstacle: how far left of an area one can start
};

/// The crate slots the simulation reads: the first `level.crates.size()` (where `placeBodies`
/// puts them, in any order among themselves). A world without crates walks none.
template <class State>
auto levelCrates(State& state, const Level& level) {
  const std::size_t count =
      level.crates.size() < state.crates.size() ? level.crates.size() : state.crates.size();
  return std::span(state.crates.data(), count);
}

/// The platform slots the simulation reads: one per level platform.
template <class State>
auto levelPlatforms(State& state, const Level& level) {
  const std::size_t count = level.platforms.size() < state.platforms.size()
                                ? level.platforms.size()
                                : state.platforms.size();
  return std::span(state.platforms.data(), count);
}

/// The present crate with id `id`, or nullptr. Storage order carries no meaning, but a state the
/// simulation made keeps crate `id` in slot `id - kCrateIdBase` (placeBodies): that slot is
/// looked at first, and the others only when it does not answer (a shuffled state, an away crate).
template <class State>
auto* findCrate(State& state, const Level& level, BodyId id) {
  const auto crates = levelCrates(state, level);
  const auto own = static_cast<std::size_t>(id - kCrateIdBase);
  if (isCrateId(id) && own < crates.size() && crates[own].id == id && crates[own].present()) {
    return &crates[own];
  }
  for (auto& crate : crates) {
    if (crate.present() && crate.id == id) {
      return &crate;
    }
  }
  return static_cast<decltype(&state.crates[0])>(nullptr);
}

/// A platform's definition, or nullptr.
inline const PlatformDefinition* platformDefinition(const Level& level, BodyId id) {
  const auto index = static_cast<std::size_t>(id);
  return isPlatformId(id) && index < level.platforms.size() ? &level.platforms[index] : nullptr;
}

inline const Material kDefaultMaterial{};

/// Material `index` of the level (the default for an index it does not have).
const Material& materialOf(const Level& level, std::uint8_t index);

/// What a box stands on is made of: the body it rests on (`support`), else the tile under the
/// middle of its feet, else under either corner.
const Material& groundMaterial(const Aabb& box, BodyId support, const Level& level);

}  // namespace coyote
