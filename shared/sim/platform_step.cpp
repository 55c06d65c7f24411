#include "sim/platform_step.h"

#include "sim/character_step.h"
#include "sim/crate_step.h"
#include "sim/obstacle_set.h"
#include "sim/platform_path.h"
#include "sim/sweep.h"

namespace coyote {
namespace {

/// A crate on a crate on a platform is carried too, up to this many levels.
constexpr int kMaxCarryDepth = 4;

float absOf(float value) {
  return value < 0.0f ? -value : value;
}

/// Moves a box by `delta` against the tiles only; the displacement it got (a rider is never
/// carried into a wall).
Vec2 moveAgainstTiles(const Aabb& box, Vec2 delta, const Level& level) {
  const SweepResult swept = sweepAabb(box, delta, level, OneWayRule{true, box.bottom()});
  return {swept.box.position.x - box.position.x, swept.box.position.y - box.position.y};
}

void carryRiders(WorldState& state, BodyId support, Vec2 delta, const Level& level,
                 const PhysicsConfig& config, int depth) {
  if (depth >= kMaxCarryDepth || (delta.x == 0.0f && delta.y == 0.0f)) {
    return;
  }
  for (Character& character : state.characters) {
    if (character.active && character.support == support) {
      const Vec2 moved = moveAgainstTiles(characterBox(character, config), delta, level);
      character.position = {character.position.x + moved.x, character.position.y + moved.y};
    }
  }
  for (Crate& crate : levelCrates(state, level)) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.active && crate.support == support && definition != nullptr) {
      const Vec2 moved = moveAgainstTiles(crateBox(crate, *definition), delta, level);
      crate.position = {crate.position.x + moved.x, crate.position.y + moved.y};
      carryRiders(state, crate.id, moved, level, config, depth + 1);
    }
  }
}

bool overlapsDeeply(const Aabb& a, const Aabb& b) {
  return a.right() > b.left() + kSkin && a.left() < b.right() - kSkin &&
         a.bottom() > b.top() + kSkin && a.top() < b.bottom() - kSkin;
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
  box.position = {box.position.x + moved.x, box.position.y + moved.y};
  if (overlapsDeeply(box, platform)) {
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

void pushBodies(WorldState& state, const Aabb& platform, Vec2 delta, BodyId id, const Level& level,
                const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  for (Character& character : state.characters) {
    Aabb box = characterBox(character, config);
    if (!character.active || !overlapsDeeply(box, platform)) {
      continue;
    }
    if (pushOut(box, character.velocity, character.support, platform, delta, id, level,
                parameters)) {
      character.position = box.position;
    } else {
      spawnCharacter(character, character.spawn, level, config);  // squeezed
    }
  }
  for (Crate& crate : levelCrates(state, level)) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (!crate.active || definition == nullptr) {
      continue;
    }
    Aabb box = crateBox(crate, *definition);
    if (!overlapsDeeply(box, platform)) {
      continue;
    }
    if (pushOut(box, crate.velocity, crate.support, platform, delta, id, level, parameters)) {
      crate.position = box.position;
    } else {
      respawnCrate(crate, *definition);  // squeezed
    }
  }
}

}  // namespace

void stepPlatforms(WorldState& state, const Level& level, const StepParameters& parameters) {
  const int tickRate = parameters.config.tickRate;
  for (std::size_t slot = 0; slot < levelPlatforms(state, level).size(); ++slot) {
    Platform& platform = state.platforms[slot];
    const auto id = static_cast<BodyId>(slot);
    const PlatformDefinition* definition = platformDefinition(level, id);
    if (!platform.active || definition == nullptr) {
      continue;
    }
    const std::uint32_t period = platformPeriodTicks(*definition, tickRate);
    platform.phase = (platform.phase % period + 1) % period;
    const Vec2 before = platform.position;
    platform.position = platformPositionAt(*definition, platform.phase, tickRate);
    const Vec2 delta{platform.position.x - before.x, platform.position.y - before.y};
    platform.velocity = {delta.x / parameters.dt, delta.y / parameters.dt};
    carryRiders(state, id, delta, level, parameters.config, 0);
    if (!definition->oneWay) {
      pushBodies(state, {platform.position, definition->size}, delta, id, level, parameters);
    }
  }
}

void placeBodies(WorldState& state, const Level& level) {
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
  }
}

}  // namespace coyote
