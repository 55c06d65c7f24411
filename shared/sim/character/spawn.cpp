#include "sim/character/spawn.h"

#include "sim/collision/obstacle_set.h"
#include "sim/collision/slope.h"

namespace coyote {
namespace {

/// What a box placed at a spawn stands on: its bottom there, and the body, if a body.
struct Footing {
  bool found = false;
  bool onSlope = false;
  float bottom = 0.0f;
  BodyId support = kNoBody;
};

// The nearest platform or crate top within `distance` below the box's feet (one-way tops
// included: the feet start above them). Spawns are rare: every body is looked at in turn, with
// no set of them built and sorted.
Footing bodyBelow(const Aabb& box, float distance, const WorldState& world, const Level& level,
                  const PhysicsConfig& config) {
  const Vec2 down{0.0f, distance};
  const CollisionFilter filter = characterFilter(config.playersCollide);
  BoxHit first;
  const auto consider = [&](const Aabb& body, BodyId id, const CollisionFilter& bodyFilter) {
    if (filter.interactsWith(bodyFilter)) {
      const BoxHit hit = castBox(box, down, Obstacle::of(body, id, false));
      first = hitsBefore(hit, first) ? hit : first;
    }
  };
  const auto platforms = levelPlatforms(world, level);
  for (std::size_t slot = 0; slot < platforms.size(); ++slot) {
    const PlatformDefinition& definition = level.platforms[slot];
    if (platforms[slot].active) {
      consider({platforms[slot].position, definition.size}, static_cast<BodyId>(slot),
               definition.filter);
    }
  }
  for (const Crate& crate : levelCrates(world, level)) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.present() && definition != nullptr) {
      consider(crateBox(crate, *definition), crate.id, definition->filter);
    }
  }
  if (!first.hit || first.normalY >= 0) {
    return {};
  }
  return {true, false, first.face + box.size.y, first.id};
}

}  // namespace

void spawnCharacter(Character& character, Vec2 spawn, const WorldState& world, const Level& level,
                    const PhysicsConfig& config) {
  character = Character{};
  character.active = true;
  character.spawn = spawn;
  character.position = {spawn.x - config.playerWidth * 0.5f, spawn.y - config.playerHeight};
  character.airJumpsLeft = config.airJumps;
  character.jumpsRemaining = level.jumpsRemaining;
  character.dashesRemaining = level.dashesRemaining;
  const Aabb box = characterBox(character, config);
  const float snap = config.groundSnapDistance;
  const SurfaceContact tiles = findGroundBelow(box, snap, level);
  Footing footing{tiles.found, tiles.onSlope, tiles.bottom, kNoBody};
  const Footing body = bodyBelow(box, snap, world, level, config);
  // The higher of the two is the one the feet meet first (a crate resting on a floor).
  if (body.found && (!footing.found || body.bottom <= footing.bottom)) {
    footing = body;
  }
  if (footing.found) {
    character.position.y = footing.bottom - config.playerHeight;
    character.grounded = true;
    character.onSlope = footing.onSlope;
    character.support = footing.support;
    character.ticksSinceGrounded = 0;
  }
}

}  // namespace coyote
