#include "sim/bodies/crate_push.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_launch.h"
#include "sim/bodies/momentum_exchange.h"
#include "sim/character/character_step.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/sweep.h"
#include "sim/collision/water.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// How many crates in a row a push looks through for what holds the last one.
constexpr int kMaxPushedRow = 8;

// True when a crate pushed toward `side` (-1, +1) cannot move at all this step: grounded, its
// floor's friction takes more speed in a step than the push gives (static friction: a crate
// heavier than about 90 never moves), or it touches something on that side that does not move —
// a tile, a platform, or a crate that cannot move itself (a row of crates against a wall).
bool holdsStill(const Crate& crate, float speed, const Level& level,
                const StepParameters& parameters) {
  if (!crate.grounded) {
    return false;
  }
  const CrateDefinition& definition = *crateDefinition(level, crate.id);
  const Material& ground = groundMaterial(crateBox(crate, definition), crate.support, level);
  const float friction = mixMaterials(materialOf(level, definition.material), ground).friction;
  return speed <= parameters.config.crateGroundDecel * friction * parameters.dt;
}

// True when the box's side toward `side` lies against a tile that blocks sideways (solid, or a
// slope or rounded tile, which a crate takes for a block): the cells of the next column, in the
// rows the box spans a skin in, when the box's side is within two skins of that column's face. A
// few look-ups, where gathering the tiles as obstacles and casting against them cost a push
// about as much as the crate's whole move.
bool touchesTileSide(const Aabb& box, int side, const Level& level) {
  const float edge = side > 0 ? box.right() : box.left();
  const int column = floorToInt(edge + static_cast<float>(side) * 2.0f * kSkin);
  if (column == floorToInt(edge - static_cast<float>(side) * kSkin)) {
    return false;  // no column boundary within two skins ahead: the side is mid-cell
  }
  for (int row = floorToInt(box.top() + kSkin); row <= floorToInt(box.bottom() - kSkin); ++row) {
    const TileType tile = level.tileAt(column, row);
    if (isSolid(tile) || isFollowableSurface(tile)) {
      return true;
    }
  }
  return false;
}

bool pushHeld(const WorldState& state, const Crate& pushed, int side, float speed,
              const Level& level, const StepParameters& parameters, const ObstacleSet* bodies) {
  // Moving that way after its own move this step, nothing stopped it on that side: most pushes
  // are of a crate already under way, and they pay one comparison.
  if (pushed.velocity.x * static_cast<float>(side) > 0.0f) {
    return false;
  }
  const Vec2 probe{static_cast<float>(side) * 2.0f * kSkin, 0.0f};
  ObstacleBuffer buffer;
  const Crate* crate = &pushed;
  for (int inRow = 0; inRow < kMaxPushedRow; ++inRow) {
    if (holdsStill(*crate, speed, level, parameters)) {
      return true;
    }
    const CrateDefinition& definition = *crateDefinition(level, crate->id);
    const Aabb box = crateBox(*crate, definition);
    if (definition.filter.hitsTiles() && touchesTileSide(box, side, level)) {
      return true;
    }
    if (bodies == nullptr) {
      return false;
    }
    // The start bottom keeps one-way bodies out: they never stop a sideways move.
    const BoxHit hit = castAgainst(
        box, probe,
        bodies->nearby(sweptArea(box, probe, kSkin), buffer, definition.filter, crate->id),
        crate->id, box.bottom());
    if (!hit.hit || isCharacterId(hit.id)) {
      return false;  // a character in the way is pushed in its turn, or steps aside
    }
    crate = isCrateId(hit.id) ? findCrate(state, level, hit.id) : nullptr;
    if (crate == nullptr) {
      return true;  // a platform
    }
  }
  return true;  // a row longer than that holds
}

}  // namespace

float pushCrate(WorldState& state, BodyId id, float pushSpeed, const Level& level,
                const StepParameters& parameters, EventBatch* events, const ObstacleSet* bodies) {
  const CrateDefinition* definition = crateDefinition(level, id);
  for (Crate& crate : levelCrates(state, level)) {
    if (!crate.present() || crate.id != id || definition == nullptr) {
      continue;
    }
    const float m = parameters.config.mass;
    const float M = definition->mass;
    const float common = (m * pushSpeed + M * crate.velocity.x) / (m + M);
    // Only a push: a crate already moving away faster is not slowed by the one behind it.
    const bool pushes = pushSpeed > 0.0f ? common > crate.velocity.x : common < crate.velocity.x;
    if (!pushes) {
      return 0.0f;  // the character is simply blocked
    }
    // A crate that cannot move is a wall: the character keeps no speed into it. Given the
    // common speed, it would walk into a crate that stays put, every step.
    const int side = pushSpeed > 0.0f ? 1 : -1;
    if (pushHeld(state, crate, side, absOf(common), level, parameters, bodies)) {
      return 0.0f;
    }
    crate.velocity.x = clampBodySpeed(common, parameters.config);
    wakeCrate(state, crate, events);
    return crate.velocity.x;
  }
  return 0.0f;
}

}  // namespace coyote
