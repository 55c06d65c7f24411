#include "sim/crate_step.h"

#include <array>
#include <cmath>

#include "sim/obstacle_set.h"
#include "sim/sweep.h"

namespace coyote {
namespace {

/// Speed guard: a crate never moves more than a tile a step at 60 Hz, so its swept area (and the
/// tiles gathered for it) stays small whatever a state says.
constexpr float kMaxCrateSpeed = 60.0f;  // tiles/s
constexpr int kMaxSlides = 4;            // seed 002 / 003: then the rest of the motion is dropped

float clampSpeed(float value) {
  return value > kMaxCrateSpeed ? kMaxCrateSpeed
                                : (value < -kMaxCrateSpeed ? -kMaxCrateSpeed : value);
}

float approachZero(float value, float maxDelta) {
  if (value > 0.0f) {
    return value > maxDelta ? value - maxDelta : 0.0f;
  }
  return value < -maxDelta ? value + maxDelta : 0.0f;
}

/// The tiles a box moving by `delta` may touch, as obstacles. Slopes and rounded tiles count as
/// whole blocks for a crate (a crate does not slide down slopes).
class TileObstacles {
 public:
  TileObstacles(const Aabb& box, Vec2 delta, const Level& level) {
    const float left = box.left() + (delta.x < 0.0f ? delta.x : 0.0f) - kSkin;
    const float right = box.right() + (delta.x > 0.0f ? delta.x : 0.0f) + kSkin;
    const float top = box.top() + (delta.y < 0.0f ? delta.y : 0.0f) - kSkin;
    const float bottom = box.bottom() + (delta.y > 0.0f ? delta.y : 0.0f) + kSkin;
    for (int row = static_cast<int>(std::floor(top)); row <= static_cast<int>(std::floor(bottom));
         ++row) {
      for (int column = static_cast<int>(std::floor(left));
           column <= static_cast<int>(std::floor(right)); ++column) {
        add(level.tileAt(column, row), column, row);
      }
    }
  }
  std::span<const Obstacle> all() const { return {tiles_.data(), count_}; }

 private:
  void add(TileType type, int column, int row) {
    const bool blocks = isSolid(type) || isFollowableSurface(type) || type == TileType::OneWay;
    if (!blocks || count_ == tiles_.size()) {
      return;
    }
    const Aabb cell{{static_cast<float>(column), static_cast<float>(row)}, {1.0f, 1.0f}};
    tiles_[count_++] = Obstacle::of(cell, kNoBody, type == TileType::OneWay);
  }

  // (8 + 2 + 1)² cells: the largest crate moving a tile a step.
  std::array<Obstacle, 121> tiles_;
  std::size_t count_ = 0;
};

void applyGravity(Crate& crate, const CrateDefinition& definition,
                  const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  float& vy = crate.velocity.y;
  const float gravity = vy >= 0.0f ? config.gravity * config.fallGravityMultiplier : config.gravity;
  // The characters' linear drag, with the crate's own mass: terminal speed m·g / drag.
  const float drag = vy >= 0.0f ? config.fallDragCoefficient * vy / definition.mass : 0.0f;
  vy = clampSpeed(vy + (gravity - drag) * parameters.dt);
  float& vx = crate.velocity.x;
  vx = clampSpeed(crate.grounded ? approachZero(vx, config.crateGroundDecel * parameters.dt) : vx);
}

/// Collide and slide (seed 003): earliest hit among tiles and bodies, move to it, drop the
/// motion into the surface, go on with the rest; at most kMaxSlides times.
void moveCrate(Crate& crate, const CrateDefinition& definition, const Level& level,
               const StepParameters& parameters, const ObstacleSet& bodies) {
  Aabb box = crateBox(crate, definition);
  Vec2 delta{crate.velocity.x * parameters.dt, crate.velocity.y * parameters.dt};
  const float startBottom = box.bottom();
  ObstacleBuffer buffer;
  const std::span<const Obstacle> near = bodies.near(sweptArea(box, delta, kSkin), buffer);
  crate.grounded = false;
  crate.support = kNoBody;
  for (int slide = 0; slide < kMaxSlides && (delta.x != 0.0f || delta.y != 0.0f); ++slide) {
    const TileObstacles tiles(box, delta, level);
    const BoxHit tileHit = castAgainst(box, delta, tiles.all(), kNoBody, startBottom);
    const BoxHit bodyHit = castAgainst(box, delta, near, crate.id, startBottom);
    const BoxHit& hit = hitsBefore(bodyHit, tileHit) ? bodyHit : tileHit;
    if (!hit.hit) {
      box.position = {box.position.x + delta.x, box.position.y + delta.y};
      break;
    }
    if (hit.normalY != 0) {
      box.position = {box.position.x + delta.x * hit.time, hit.face};
      delta = {delta.x * (1.0f - hit.time), 0.0f};
      crate.velocity.y = 0.0f;
      crate.grounded = crate.grounded || hit.normalY < 0;
      crate.support = hit.normalY < 0 ? hit.id : crate.support;
    } else {
      box.position = {hit.face, box.position.y + delta.y * hit.time};
      delta = {0.0f, delta.y * (1.0f - hit.time)};
      crate.velocity.x = 0.0f;
    }
  }
  crate.position = box.position;
}

/// Active crates' slots ordered bottom-up, then by id: an order from the crates' content only.
std::size_t orderCrates(const WorldState& state, const Level& level,
                        std::array<std::uint8_t, kMaxCrates>& order) {
  std::array<float, kMaxCrates> bottoms;
  std::size_t count = 0;
  const auto before = [&](std::size_t a, std::size_t b) {
    return bottoms[a] != bottoms[b] ? bottoms[a] > bottoms[b]
                                    : state.crates[a].id < state.crates[b].id;
  };
  for (std::size_t slot = 0; slot < levelCrates(state, level).size(); ++slot) {
    const Crate& crate = state.crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (!crate.active || definition == nullptr) {
      continue;
    }
    bottoms[slot] = crate.position.y + definition->size.y;
    std::size_t at = count++;
    for (; at > 0 && before(slot, order[at - 1]); --at) {
      order[at] = order[at - 1];
    }
    order[at] = static_cast<std::uint8_t>(slot);
  }
  return count;
}

}  // namespace

void stepCrates(WorldState& state, const Level& level, const StepParameters& parameters) {
  std::array<std::uint8_t, kMaxCrates> order{};
  const std::size_t count = orderCrates(state, level, order);
  if (count == 0) {
    return;
  }
  // A crate moves at most kMaxCrateSpeed · dt after the set is sorted.
  ObstacleSet bodies(state, level, parameters.config, {true, true, true},
                     kMaxCrateSpeed * parameters.dt);
  for (std::size_t i = 0; i < count; ++i) {
    Crate& crate = state.crates[order[i]];
    const CrateDefinition& definition = *crateDefinition(level, crate.id);
    applyGravity(crate, definition, parameters);
    moveCrate(crate, definition, level, parameters, bodies);
    bodies.update(crate.id, crateBox(crate, definition));
  }
}

float pushCrate(WorldState& state, BodyId id, float pushSpeed, float characterMass,
                const Level& level) {
  const CrateDefinition* definition = crateDefinition(level, id);
  for (Crate& crate : levelCrates(state, level)) {
    if (!crate.active || crate.id != id || definition == nullptr) {
      continue;
    }
    const float m = characterMass;
    const float M = definition->mass;
    const float common = (m * pushSpeed + M * crate.velocity.x) / (m + M);
    // Only a push: a crate already moving away faster is not slowed by the one behind it.
    const bool pushes = pushSpeed > 0.0f ? common > crate.velocity.x : common < crate.velocity.x;
    if (!pushes) {
      return 0.0f;  // the character is simply blocked
    }
    crate.velocity.x = clampSpeed(common);
    return crate.velocity.x;
  }
  return 0.0f;
}

void respawnCrate(Crate& crate, const CrateDefinition& definition) {
  crate.position = definition.position;
  crate.velocity = {};
  crate.grounded = false;
  crate.support = kNoBody;
}

}  // namespace coyote
