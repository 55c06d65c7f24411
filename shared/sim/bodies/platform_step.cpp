#include "sim/bodies/platform_step.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_return.h"
#include "sim/bodies/crate_step.h"
#include "sim/bodies/platform_path.h"
#include "sim/character/character_step.h"
#include "sim/character/checkpoints.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/sweep.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// A crate on a crate on a platform is carried too, up to this many levels.
constexpr int kMaxCarryDepth = 4;

/// Moves a box by `delta` against the tiles only; the displacement it got (a rider is never
/// carried into a wall).
Vec2 moveAgainstTiles(const Aabb& box, Vec2 delta, const Level& level) {
  const SweepResult swept = sweepAabb(box, delta, level, OneWayRule{true, box.bottom()});
  return swept.box.position - box.position;
}

/// How far each support moved this phase: platforms by id, crates by id once carried. Only the
/// level's crates are cleared, and a crate's move only once it is carried (clearing all 2,048
/// of both cost a 32-crate world 4 % of its step).
struct SupportMotion {
  /// A crate's move: no default values, so the array of them is never cleared.
  struct Move {
    float x, y;
  };

  explicit SupportMotion(std::size_t levelCrates)
      : crateCount(levelCrates < kMaxCrates ? levelCrates : kMaxCrates) {
    std::fill_n(crateDepth.begin(), crateCount, std::int8_t{0});
  }

  /// Crate `index` moved by `moved` at `depth` (it rides what moved at depth - 1).
  void carried(std::size_t index, Vec2 moved, int depth) {
    crates[index] = {moved.x, moved.y};
    crateDepth[index] = static_cast<std::int8_t>(depth);
  }

  /// The displacement of `support` if it moved at `depth - 1` (platforms are depth 0).
  std::optional<Vec2> of(BodyId support, int depth) const {
    if (isPlatformId(support)) {
      return depth == 0 ? std::optional(platforms[static_cast<std::size_t>(support)])
                        : std::nullopt;
    }
    const auto index = static_cast<std::size_t>(support - kCrateIdBase);
    if (!isCrateId(support) || depth == 0 || index >= crateCount || crateDepth[index] != depth) {
      return std::nullopt;
    }
    return Vec2{crates[index].x, crates[index].y};
  }

  std::array<Vec2, kMaxPlatforms> platforms{};

 private:
  std::array<Move, kMaxCrates> crates;             ///< read only where crateDepth is set
  std::array<std::int8_t, kMaxCrates> crateDepth;  ///< 0: not carried; d: carried at depth d
  std::size_t crateCount;                          ///< the first this many are cleared
};

/// Carries a rider by `delta` against the tiles; how far it went.
Vec2 carryAt(Vec2& position, const Aabb& box, Vec2 delta, const Level& level) {
  const Vec2 done = moveAgainstTiles(box, delta, level);
  position += done;
  return done;
}

// Riders go with what they stand on, against the tiles: first those on platforms, then those on
// the crates just carried, and so on, kMaxCarryDepth deep. Each rider moves on its own, so the
// result does not depend on the order they are visited in.
void carryRiders(WorldState& state, const ActiveCharacters& active, SupportMotion& motion,
                 const Level& level, const PhysicsConfig& config, const CrateBits& stirring,
                 EventBatch* events) {
  const auto crates = levelCrates(state, level);
  bool carriedCrates = true;  // what rides at a depth stands on a crate carried at the one before
  for (int depth = 0; depth < kMaxCarryDepth && carriedCrates; ++depth) {
    carriedCrates = false;
    for (std::size_t i = 0; i < active.count; ++i) {
      Character& character = state.characters[active.slots[i]];
      if (const std::optional<Vec2> delta = motion.of(character.support, depth)) {
        carryAt(character.position, characterBox(character, config), *delta, level);
      }
    }
    // A settled crate rests on the tiles: riders are stirring.
    stirring.forEach([&](std::size_t slot) {
      Crate& crate = crates[slot];
      const CrateDefinition* definition = crateDefinition(level, crate.id);
      const std::optional<Vec2> delta = motion.of(crate.support, depth);
      if (!crate.present() || definition == nullptr || !delta) {
        return;
      }
      const auto index = static_cast<std::size_t>(crate.id - kCrateIdBase);
      const Vec2 moved = carryAt(crate.position, crateBox(crate, *definition), *delta, level);
      motion.carried(index, moved, depth + 1);
      carriedCrates = true;
      if (moved.x != 0.0f || moved.y != 0.0f) {
        wakeCrate(state, crate, events);  // a platform starting under a sleeper wakes it
      }
    });
  }
}

/// The shortest way out of `platform` for `box` along a direction the platform moved in (any
/// direction if it stood still).
Vec2 pushOutVector(const Aabb& box, const Aabb& platform, Vec2 delta) {
  const bool still = delta.x == 0.0f && delta.y == 0.0f;
  const Vec2 candidates[4] = {{platform.right() - box.left(), 0.0f},
                              {platform.left() - box.right(), 0.0f},
                              {0.0f, platform.top() - box.bottom()},
                              {0.0f, platform.bottom() - box.top()}};
  const bool allowed[4] = {still || delta.x > 0.0f, still || delta.x < 0.0f,
                           still || delta.y < 0.0f, still || delta.y > 0.0f};
  Vec2 best{};
  float bestLength = -1.0f;
  for (int i = 0; i < 4; ++i) {
    const float length = absOf(candidates[i].x) + absOf(candidates[i].y);
    if (allowed[i] && (bestLength < 0.0f || length < bestLength)) {
      best = candidates[i];
      bestLength = length;
    }
  }
  return best;
}

/// Pushes one body out of a platform; false when it cannot be (squeezed).
bool pushOut(Aabb& box, Vec2& velocity, BodyId& support, const Aabb& platform, Vec2 delta,
             BodyId platformId, const Level& level, const StepParameters& parameters) {
  const Vec2 push = pushOutVector(box, platform, delta);
  if (absOf(push.x) + absOf(push.y) > parameters.config.maxDepenetration) {
    return false;
  }
  const Vec2 moved = moveAgainstTiles(box, push, level);
  box.position += moved;
  if (overlapsBeyondSkin(box, platform)) {
    return false;
  }
  const Vec2 platformVelocity{delta.x / parameters.dt, delta.y / parameters.dt};
  if (push.y < 0.0f) {
    support = platformId;  // lifted onto it: a rider from now on
    velocity.y = velocity.y > 0.0f ? 0.0f : velocity.y;
  } else if (push.x != 0.0f && push.x * (platformVelocity.x - velocity.x) > 0.0f) {
    velocity.x = platformVelocity.x;  // shoved: at least as fast as the platform
  } else if (push.y > 0.0f && platformVelocity.y > velocity.y) {
    velocity.y = platformVelocity.y;
  }
  return true;
}

/// The edges of the bodies platforms push, read once for the push pass and kept where the pushes
/// move them (reading each body's box, and a crate's definition, again for each platform was most
/// of the pass). An absent crate's edges are NaN: no platform overlaps it.
struct PushableBoxes {
  std::array<BoxEdges, kMaxCharacters> characters;  ///< by place in `active`, count filled
  std::array<BoxEdges, kMaxCrates> crates;          ///< by level crate slot

  PushableBoxes(const WorldState& state, const ActiveCharacters& active, const Level& level,
                const PhysicsConfig& config) {
    for (std::size_t i = 0; i < active.count; ++i) {
      characters[i] = BoxEdges::of(characterBox(state.characters[active.slots[i]], config));
    }
    const auto levelCrateSlots = levelCrates(state, level);
    for (std::size_t slot = 0; slot < levelCrateSlots.size(); ++slot) {
      noteCrate(slot, levelCrateSlots[slot], level);
    }
  }

  void noteCrate(std::size_t slot, const Crate& crate, const Level& level) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
    crates[slot] = crate.present() && definition != nullptr
                       ? BoxEdges::of(crateBox(crate, *definition))
                       : BoxEdges{kNaN, kNaN, kNaN, kNaN};
  }
};

// Step-up met from the other side (docs/simulation.md#platforms): a platform whose
// top is no higher than `physics.step_height` above a grounded character's feet runs under it
// instead of shoving it, as the character would have stepped onto it walking. Shoved, a walker
// takes the platform's speed each tick and can never climb a low lip coming at it faster than
// it brakes. False, and the box untouched, when the lift is not a step or a ceiling stops it.
bool stepOntoPlatform(Character& character, Aabb& box, const Aabb& platform, BodyId id,
                      const Level& level, const PhysicsConfig& config) {
  const float lip = box.bottom() - platform.top();
  if (!character.grounded || !(lip > 0.0f) || lip > config.stepHeight) {
    return false;
  }
  Aabb lifted = box;
  lifted.position += moveAgainstTiles(box, Vec2{0.0f, -lip}, level);
  if (overlapsBeyondSkin(lifted, platform)) {
    return false;
  }
  box = lifted;
  character.support = id;
  character.velocity.y = character.velocity.y > 0.0f ? 0.0f : character.velocity.y;
  return true;
}

void pushCharacters(WorldState& state, const ActiveCharacters& active, PushableBoxes& boxes,
                    const Aabb& platform, Vec2 delta, BodyId id, const Level& level,
                    const StepParameters& parameters) {
  const InsideSkin inner(platform);
  for (std::size_t i = 0; i < active.count; ++i) {
    if (!inner.overlaps(boxes.characters[i])) {
      continue;
    }
    Character& character = state.characters[active.slots[i]];
    Aabb box = characterBox(character, parameters.config);
    if (stepOntoPlatform(character, box, platform, id, level, parameters.config) ||
        pushOut(box, character.velocity, character.support, platform, delta, id, level,
                parameters)) {
      character.position = box.position;
    } else {
      respawnCharacter(character, state, level, parameters.config);  // squeezed
    }
    boxes.characters[i] = BoxEdges::of(characterBox(character, parameters.config));
  }
}

void pushCrates(WorldState& state, PushableBoxes& boxes, const Aabb& platform, Vec2 delta,
                BodyId id, const CollisionFilter& filter, const Level& level,
                const StepParameters& parameters, EventBatch* events) {
  const InsideSkin inner(platform);
  const auto crates = levelCrates(state, level);
  for (std::size_t slot = 0; slot < crates.size(); ++slot) {
    if (!inner.overlaps(boxes.crates[slot])) {
      continue;  // or absent
    }
    Crate& crate = crates[slot];
    const CrateDefinition& definition = *crateDefinition(level, crate.id);
    if (!filter.interactsWith(definition.filter)) {
      continue;
    }
    Aabb box = crateBox(crate, definition);
    wakeCrate(state, crate, events);
    if (pushOut(box, crate.velocity, crate.support, platform, delta, id, level, parameters)) {
      crate.position = box.position;
    } else {
      respawnCrate(crate, definition);  // squeezed
    }
    boxes.noteCrate(slot, crate, level);
  }
}

void pushBodies(WorldState& state, const ActiveCharacters& active, PushableBoxes& boxes,
                const Aabb& platform, Vec2 delta, BodyId id, const Level& level,
                const StepParameters& parameters, EventBatch* events) {
  const CollisionFilter& filter = level.platforms[static_cast<std::size_t>(id)].filter;
  if (filter.interactsWith(characterFilter(parameters.config.playersCollide))) {
    pushCharacters(state, active, boxes, platform, delta, id, level, parameters);
  }
  pushCrates(state, boxes, platform, delta, id, filter, level, parameters, events);
}

}  // namespace

void stepPlatforms(WorldState& state, const ActiveCharacters& active, const Level& level,
                   const StepParameters& parameters, const CrateBits& stirring,
                   EventBatch* events) {
  const auto platforms = levelPlatforms(state, level);
  if (platforms.empty()) {
    return;
  }
  const int tickRate = parameters.config.tickRate;
  SupportMotion motion(level.crates.size());
  for (std::size_t slot = 0; slot < platforms.size(); ++slot) {
    Platform& platform = platforms[slot];
    const PlatformDefinition& definition = level.platforms[slot];
    if (!platform.active) {
      continue;
    }
    const std::uint32_t period = platformPeriodTicks(definition, tickRate);
    platform.phase = (platform.phase % period + 1) % period;
    const Vec2 before = platform.position;
    platform.position = platformPositionAt(definition, platform.phase, tickRate);
    motion.platforms[slot] = platform.position - before;
    platform.velocity = {motion.platforms[slot].x / parameters.dt,
                         motion.platforms[slot].y / parameters.dt};
  }
  carryRiders(state, active, motion, level, parameters.config, stirring, events);
  PushableBoxes boxes(state, active, level, parameters.config);
  for (std::size_t slot = 0; slot < platforms.size(); ++slot) {
    const PlatformDefinition& definition = level.platforms[slot];
    if (platforms[slot].active && !definition.oneWay) {
      pushBodies(state, active, boxes, {platforms[slot].position, definition.size},
                 motion.platforms[slot], static_cast<BodyId>(slot), level, parameters, events);
    }
  }
}

void placeBodies(WorldState& state, const Level& level) {
  state.settledCrates.invalidate();
  for (std::size_t i = 0; i < level.platforms.size() && i < state.platforms.size(); ++i) {
    state.platforms[i] = Platform{};
    state.platforms[i].active = true;
    state.platforms[i].position =
        level.platforms[i].path.empty() ? Vec2{} : level.platforms[i].path[0];
  }
  for (std::size_t i = 0; i < level.crates.size() && i < state.crates.size(); ++i) {
    state.crates[i] = Crate{};
    state.crates[i].active = true;
    state.crates[i].id = static_cast<BodyId>(kCrateIdBase + static_cast<BodyId>(i));
    state.crates[i].position = level.crates[i].position;
    state.crates[i].lastValid = level.crates[i].position;
  }
  for (std::size_t i = 0; i < level.joints.size() && i < state.joints.size(); ++i) {
    state.joints[i] = Joint{};
    state.joints[i].active = true;
  }
}

}  // namespace coyote
