#include "sim/crate_step.h"

#include <array>
#include <cmath>

#include "sim/obstacle_set.h"
#include "sim/scalar.h"
#include "sim/sweep.h"
#include "sim/water.h"

namespace coyote {
namespace {

/// Speed guard: a crate's speed never carries it more than a tile a step (60 tiles/s at 60 Hz),
/// and gravity adds at most half a tile more (½·g·dt², with g capped), so its swept area and the
/// tiles gathered for it stay small whatever a state or a config says.
constexpr float kMaxCrateTilesPerStep = 1.0f;
constexpr float kMaxCrateReach = 1.5f;  ///< tiles a crate can move in one step, all told

// One gravity (the characters' falling one) both ways, capped by the speed guard.
float crateGravity(const StepParameters& parameters) {
  const float gravity = parameters.config.gravity * parameters.config.fallGravityMultiplier;
  const float limit = kMaxCrateTilesPerStep / (parameters.dt * parameters.dt);
  return gravity < limit ? gravity : limit;
}
constexpr float kFloatingRestSpeed = 1.0e-3f;  ///< tiles/s: slower in water is at rest
constexpr int kMaxSlides = 4;  // seed 002 / 003: then the rest of the motion is dropped

float clampSpeed(float value, float dt) {
  const float limit = kMaxCrateTilesPerStep / dt;
  return value > limit ? limit : (value < -limit ? -limit : value);
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
  TileObstacles(const Aabb& box, Vec2 delta, const Level& level, bool hitsTiles) {
    if (!hitsTiles) {
      return;  // its group does not collide with `world`
    }
    const float left = box.left() + (delta.x < 0.0f ? delta.x : 0.0f) - kSkin;
    const float right = box.right() + (delta.x > 0.0f ? delta.x : 0.0f) + kSkin;
    const float top = box.top() + (delta.y < 0.0f ? delta.y : 0.0f) - kSkin;
    const float bottom = box.bottom() + (delta.y > 0.0f ? delta.y : 0.0f) + kSkin;
    for (int row = static_cast<int>(std::floor(top)); row <= static_cast<int>(std::floor(bottom));
         ++row) {
      for (int column = static_cast<int>(std::floor(left));
           column <= static_cast<int>(std::floor(right)); ++column) {
        add(level, column, row);
      }
    }
  }
  std::span<const Obstacle> all() const { return {tiles_.data(), count_}; }

 private:
  void add(const Level& level, int column, int row) {
    const TileType type = level.tileAt(column, row);
    const bool blocks = isSolid(type) || isFollowableSurface(type) || type == TileType::OneWay;
    if (!blocks || count_ == tiles_.size()) {
      return;
    }
    const Aabb cell{{static_cast<float>(column), static_cast<float>(row)}, {1.0f, 1.0f}};
    tiles_[count_++] =
        Obstacle::of(cell, kNoBody, type == TileType::OneWay, level.materialIndexAt(column, row));
  }

  // (8 + 4)² cells: the largest crate (8 tiles, 9 cells when between them) moving a tile a step
  // (and a little more from gravity within it), with the skin.
  std::array<Obstacle, 144> tiles_;
  std::size_t count_ = 0;
};

// A crate is no character: no game-feel asymmetry and no air drag (moveCrate). On the ground it
// brakes by `crate_ground_decel` scaled by the friction of crate and floor.
void applyGroundFriction(Crate& crate, const CrateDefinition& definition, const Level& level,
                         const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  if (crate.grounded) {
    const Material& ground = groundMaterial(crateBox(crate, definition), crate.support, level);
    const float friction = mixMaterials(materialOf(level, definition.material), ground).friction;
    crate.velocity.x =
        approachZero(crate.velocity.x, config.crateGroundDecel * friction * parameters.dt);
  }
  crate.velocity.x = clampSpeed(crate.velocity.x, parameters.dt);
}

/// A crate's speed along the normal of what it hit: returned at v · e (the pair's restitution),
/// or stopped when slower than `physics.min_bounce_speed`.
float afterHit(float speed, const Material& crate, const BoxHit& hit, const Level& level,
               const PhysicsConfig& config) {
  const float restitution = mixMaterials(crate, materialOf(level, hit.material)).restitution;
  const float magnitude = speed < 0.0f ? -speed : speed;
  return magnitude > config.minBounceSpeed ? -speed * restitution : 0.0f;
}

/// A crate's flight through one step: constant acceleration integrated exactly (position
/// v·T + ½·a·T²), so a fall and a rebound rise exactly as far as (v·e)² / 2g says; `time` is
/// what is left of the step.
struct Flight {
  Aabb box;
  Vec2 velocity;
  float gravity = 0.0f;
  float time = 0.0f;

  Vec2 delta() const {
    return {velocity.x * time, velocity.y * time + 0.5f * gravity * time * time};
  }
};

/// Moves the flight to a contact `hit` (a fraction of what is left) and answers it: the speed
/// along the normal comes back at v · e, or stops; a crate that stops on a floor rests (no more
/// gravity this step) on what it hit.
void answerHit(Flight& flight, Crate& crate, const BoxHit& hit, const Material& own,
               const Level& level, const PhysicsConfig& config, EventBatch* events) {
  const float used = hit.time * flight.time;
  const float fallen = flight.velocity.y * used + 0.5f * flight.gravity * used * used;
  if (hit.normalY != 0) {
    flight.box.position = {flight.box.position.x + flight.velocity.x * used, hit.face};
  } else {
    flight.box.position = {hit.face, flight.box.position.y + fallen};
  }
  flight.velocity.y += flight.gravity * used;
  flight.time -= used;
  float& normalSpeed = hit.normalY != 0 ? flight.velocity.y : flight.velocity.x;
  if (events != nullptr && absOf(normalSpeed) > config.contactEventThreshold) {
    events->emit(crate.id, EventKind::CrateImpact, absOf(normalSpeed));
  }
  normalSpeed = afterHit(normalSpeed, own, hit, level, config);
  if (hit.normalY < 0 && flight.velocity.y == 0.0f) {
    crate.grounded = true;
    crate.support = hit.id;
    flight.gravity = 0.0f;  // resting: the floor holds it for the rest of the step
  }
}

/// How a crate starts its flight this step: its guarded velocity and the constant acceleration
/// the flight integrates exactly.
struct Launch {
  Vec2 velocity;
  float gravity = 0.0f;
};

/// In the air a crate's flight integrates gravity exactly. In water (SPEC §4) the step first
/// changes its velocity by gravity less buoyancy (Archimedes, by the submerged fraction and the
/// crate's density) and drag, read at the start of the step, then flies straight: a force that
/// grows with depth integrated that way (symplectic Euler) never gains energy, so a floating
/// crate settles where ρ_crate / ρ_water of it is under instead of bobbing for ever.
Launch launch(const Crate& crate, const CrateDefinition& definition, const Aabb& box,
              const Level& level, const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  const float dt = parameters.dt;
  const float weight = crateGravity(parameters);
  const float submerged = submergedFraction(box, level);
  if (submerged == 0.0f) {
    return {{clampSpeed(crate.velocity.x, dt), clampSpeed(crate.velocity.y, dt)}, weight};
  }
  const float density = definition.mass / (definition.size.x * definition.size.y);
  const float net = buoyantGravity(weight, submerged, density, config);
  const float vy = afterWaterDrag(crate.velocity.y + net * dt, submerged, density, config, dt);
  const float vx = afterWaterDrag(crate.velocity.x, submerged, density, config, dt);
  // A floating crate comes to rest instead of creeping toward zero through subnormal numbers.
  const auto settled = [](float speed) { return absOf(speed) < kFloatingRestSpeed ? 0.0f : speed; };
  return {{clampSpeed(settled(vx), dt), clampSpeed(settled(vy), dt)}, 0.0f};
}

/// Collide and slide (seed 003): earliest hit among tiles and bodies, move to it, answer it, go on
/// with the rest of the step; at most kMaxSlides times, then the rest of the motion is dropped.
void moveCrate(Crate& crate, const CrateDefinition& definition, const Level& level,
               const StepParameters& parameters, const ObstacleSet& bodies, EventBatch* events) {
  const PhysicsConfig& config = parameters.config;
  const Aabb start = crateBox(crate, definition);
  const Launch launched = launch(crate, definition, start, level, parameters);
  const Vec2 velocity = launched.velocity;
  Flight flight{start, velocity, launched.gravity, parameters.dt};
  const float startBottom = flight.box.bottom();
  // Everything a bounce could reach this step, either way: one cast's worth of nearby bodies.
  const float reach =
      (absOf(velocity.x) + absOf(velocity.y) + absOf(flight.gravity) * flight.time) * flight.time;
  ObstacleBuffer buffer;
  const std::span<const Obstacle> near =
      bodies.near(sweptArea(flight.box, {}, reach + kSkin), buffer, definition.filter, crate.id);
  const Material& own = materialOf(level, definition.material);
  crate.grounded = false;
  crate.support = kNoBody;
  for (int slide = 0; slide < kMaxSlides && flight.time > 0.0f; ++slide) {
    const Vec2 delta = flight.delta();
    const TileObstacles tiles(flight.box, delta, level, definition.filter.hitsTiles());
    const BoxHit tileHit = castAgainst(flight.box, delta, tiles.all(), kNoBody, startBottom);
    const BoxHit bodyHit = castAgainst(flight.box, delta, near, crate.id, startBottom);
    const BoxHit& hit = hitsBefore(bodyHit, tileHit) ? bodyHit : tileHit;
    if (!hit.hit) {
      flight.box.position = {flight.box.position.x + delta.x, flight.box.position.y + delta.y};
      flight.velocity.y += flight.gravity * flight.time;
      break;
    }
    answerHit(flight, crate, hit, own, level, config, events);
  }
  crate.position = flight.box.position;
  crate.velocity = {clampSpeed(flight.velocity.x, parameters.dt),
                    clampSpeed(flight.velocity.y, parameters.dt)};
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
    if (!crate.present() || definition == nullptr) {
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

void returnCrates(WorldState& state, const Level& level, const PhysicsConfig& config) {
  for (Crate& crate : levelCrates(state, level)) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (!crate.active || !crate.away || definition == nullptr) {
      continue;
    }
    // Free of every present body (its own entry is absent: it is away) and of solid tiles.
    const ObstacleSet bodies(state, level, config, {true, true, true});
    const Aabb place = crateBox(crate, *definition);
    bool free = true;
    for (const Obstacle& obstacle : bodies.all()) {
      const bool interacts = definition->filter.interactsWith(obstacle.filter());
      free = free && !(interacts && overlapsBeyondSkin(place, obstacle.box()));
    }
    crate.away = !free;
  }
}

void stepCrates(WorldState& state, const Level& level, const StepParameters& parameters,
                EventBatch* events) {
  std::array<std::uint8_t, kMaxCrates> order{};
  const std::size_t count = orderCrates(state, level, order);
  if (count == 0) {
    return;
  }
  // A crate moves at most kMaxCrateReach after the set is sorted.
  ObstacleSet bodies(state, level, parameters.config, {true, true, true}, kMaxCrateReach + kSkin);
  for (std::size_t i = 0; i < count; ++i) {
    Crate& crate = state.crates[order[i]];
    const CrateDefinition& definition = *crateDefinition(level, crate.id);
    applyGroundFriction(crate, definition, level, parameters);
    moveCrate(crate, definition, level, parameters, bodies, events);
    bodies.update(crate.id, crateBox(crate, definition));
  }
}

float pushCrate(WorldState& state, BodyId id, float pushSpeed, const Level& level,
                const StepParameters& parameters) {
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
    crate.velocity.x = clampSpeed(common, parameters.dt);
    return crate.velocity.x;
  }
  return 0.0f;
}

void respawnCrate(Crate& crate, const CrateDefinition& definition) {
  crate.position = definition.position;
  crate.velocity = {};
  crate.grounded = false;
  crate.support = kNoBody;
  crate.away = true;  // back in the world once its place is free (returnCrates)
}

}  // namespace coyote
