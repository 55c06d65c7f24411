#include "sim/bodies/crate_return.h"

#include "sim/character/character_step.h"
#include "sim/collision/obstacle_set.h"

namespace coyote {
namespace {

/// Whether no present body that `filter` interacts with overlaps `place`: every platform, crate
/// and character looked at once, in a walk (no sorted set for one question).
bool placeIsFree(const WorldState& state, const Level& level, const PhysicsConfig& config,
                 const Aabb& place, const CollisionFilter& filter) {
  const auto blocks = [&](const Aabb& box, const CollisionFilter& other) {
    return filter.interactsWith(other) && overlapsBeyondSkin(place, box);
  };
  for (std::size_t slot = 0; slot < levelPlatforms(state, level).size(); ++slot) {
    const PlatformDefinition* definition = platformDefinition(level, static_cast<BodyId>(slot));
    if (state.platforms[slot].active && definition != nullptr &&
        blocks({state.platforms[slot].position, definition->size}, definition->filter)) {
      return false;
    }
  }
  for (const Crate& crate : levelCrates(state, level)) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.present() && definition != nullptr &&
        blocks(crateBox(crate, *definition), definition->filter)) {
      return false;
    }
  }
  bool free = true;
  const CollisionFilter characters = characterFilter(config.playersCollide);
  state.roster.forEach([&](std::size_t slot) {
    free = free && !blocks(characterBox(state.characters[slot], config), characters);
  });
  return free;
}

}  // namespace

void returnCrates(WorldState& state, const Level& level, const PhysicsConfig& config,
                  const CrateBits& stirring) {
  const auto crates = levelCrates(state, level);
  stirring.forEach([&](std::size_t slot) {
    Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.active && crate.away && definition != nullptr) {
      // Free of every present body (its own entry is absent: it is away).
      crate.away =
          !placeIsFree(state, level, config, crateBox(crate, *definition), definition->filter);
    }
  });
}

void respawnCrate(Crate& crate, const CrateDefinition& definition) {
  crate.position = definition.position;
  crate.velocity = {};
  crate.grounded = false;
  crate.support = kNoBody;
  crate.asleep = false;
  crate.restTicks = 0;
  crate.lastValid = definition.position;
  crate.away = true;  // back in the world once its place is free (returnCrates)
}

}  // namespace coyote
