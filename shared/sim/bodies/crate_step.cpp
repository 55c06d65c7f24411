#include "sim/bodies/crate_step.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <ranges>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/momentum_exchange.h"
#include "sim/character/character_step.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/sweep.h"
#include "sim/collision/water.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// Continuous collision: a crate's move is cut into sub-steps of at most this many tiles on an
/// axis, each swept, so the tiles gathered for a cast stay few whatever the speed (at most
/// `physics.max_body_speed`, which the guard enforces) and nothing is ever passed through.
constexpr float kMaxTilesPerSubstep = 1.0f;
constexpr float kFloatingRestSpeed = 1.0e-3f;  ///< tiles/s: slower in water is at rest
constexpr int kMaxSlides = 4;                  // per sub-step, then the rest of it is dropped

// One gravity (the characters' falling one) both ways; within a step it adds at most a tile.
float crateGravity(const StepParameters& parameters) {
  const float gravity = parameters.config.gravity * parameters.config.fallGravityMultiplier;
  const float limit = kMaxTilesPerSubstep / (parameters.dt * parameters.dt);
  return gravity < limit ? gravity : limit;
}

float clampSpeed(float value, const PhysicsConfig& config) {
  const float limit = config.maxBodySpeed;
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
    for (int row = floorToInt(top); row <= floorToInt(bottom); ++row) {
      for (int column = floorToInt(left); column <= floorToInt(right); ++column) {
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

  // (8 + 4)² cells: the largest crate (8 tiles, 9 cells when between them) moving a tile a
  // sub-step, with the skin.
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

/// What a moving crate does to the crates it runs into.
/// - It wakes a sleeper it runs into sideways or from below, or lands on faster than
///   `physics.min_bounce_speed` (resting on one, hitting it at a step's worth of gravity each
///   step, does not wake it).
/// - Sideways, the two share momentum along the normal with the pair's restitution e
///   (exchangeMomentum). The one hit moves on its own turn (or next step, if it already moved).
///   Vertically a crate on a crate is support, not a collision: stacks stay still.
struct CrateContacts {
  WorldState& state;
  const Level& level;
  EventBatch* events = nullptr;

  /// Answers a hit on a crate; false when `hit` is not one this rule answers (then it is a wall).
  bool answer(const BoxHit& hit, float& normalSpeed, float mass, const Material& own,
              const PhysicsConfig& config) const {
    const bool landing = hit.normalY < 0;
    Crate* other = isCrateId(hit.id) ? findCrate(state, level, hit.id) : nullptr;
    if (other == nullptr || (landing && absOf(normalSpeed) <= config.minBounceSpeed)) {
      return false;
    }
    wakeCrate(state, *other, events);
    const CrateDefinition* definition = crateDefinition(level, other->id);
    if (hit.normalX == 0 || definition == nullptr) {
      return false;
    }
    const float closing = (normalSpeed - other->velocity.x) * static_cast<float>(-hit.normalX);
    if (closing <= 0.0f) {
      return true;  // it moves away at least as fast: in the way this step, slowing nothing
    }
    const float e = mixMaterials(own, materialOf(level, definition->material)).restitution;
    const PairSpeeds after =
        exchangeMomentum(mass, normalSpeed, definition->mass, other->velocity.x, e);
    normalSpeed = after.first;
    other->velocity.x = clampSpeed(after.second, config);
    return true;
  }
};

/// Moves the flight to a contact `hit` (a fraction of what is left) and answers it: the speed
/// along the normal comes back at v · e, or stops (or is shared with a crate it ran into); a
/// crate that stops on a floor rests (no more gravity this step) on what it hit.
void answerHit(Flight& flight, Crate& crate, const BoxHit& hit, const CrateDefinition& definition,
               const PhysicsConfig& config, const CrateContacts& contacts) {
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
  if (contacts.events != nullptr && absOf(normalSpeed) > config.contactEventThreshold) {
    contacts.events->emit(crate.id, EventKind::CrateImpact, absOf(normalSpeed));
  }
  const Material& own = materialOf(contacts.level, definition.material);
  if (!contacts.answer(hit, normalSpeed, definition.mass, own, config)) {
    normalSpeed = afterHit(normalSpeed, own, hit, contacts.level, config);
  }
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

/// In the air a crate's flight integrates gravity exactly. In water (docs/simulation.md#water) the
/// step first changes its velocity by gravity less buoyancy (Archimedes, by the submerged fraction
/// and the crate's density) and drag, read at the start of the step, then flies straight: a force
/// that grows with depth integrated that way (symplectic Euler) never gains energy, so a floating
/// crate settles where ρ_crate / ρ_water of it is under instead of bobbing for ever.
Launch launch(const Crate& crate, const CrateDefinition& definition, const Aabb& box,
              const Level& level, const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  const float dt = parameters.dt;
  const float weight = crateGravity(parameters);
  const float submerged = submergedFraction(box, level);
  if (submerged == 0.0f) {
    return {crate.velocity, weight};
  }
  const float density = definition.mass / (definition.size.x * definition.size.y);
  const float net = buoyantGravity(weight, submerged, density, config);
  const float vy = afterWaterDrag(crate.velocity.y + net * dt, submerged, density, config, dt);
  const float vx = afterWaterDrag(crate.velocity.x, submerged, density, config, dt);
  // A floating crate comes to rest instead of creeping toward zero through subnormal numbers.
  const auto settled = [](float speed) { return absOf(speed) < kFloatingRestSpeed ? 0.0f : speed; };
  return {{clampSpeed(settled(vx), config), clampSpeed(settled(vy), config)}, 0.0f};
}

/// What a crate's move reads besides the crate.
struct CrateMove {
  const CrateDefinition& definition;
  const Level& level;
  const StepParameters& parameters;
  const ObstacleSet& bodies;
  CrateContacts contacts;
  const JointLinks* links = nullptr;
};

/// Whether obstacle `id` is a character standing on crate `crate`: it rides the crate, so the
/// crate does not run into it.
bool isRider(const WorldState& state, BodyId id, BodyId crate) {
  if (!isCharacterId(id)) {
    return false;
  }
  const Character& character = state.characters[static_cast<std::size_t>(id - kCharacterIdBase)];
  return character.support == crate;
}

/// The bodies near a crate it can run into: those of its collision groups, less its riders and
/// those a joint links it to without `collide`.
std::span<const Obstacle> nearCrate(const Crate& crate, const Aabb& area, const CrateMove& move,
                                    ObstacleBuffer& buffer) {
  const std::span<const Obstacle> near =
      move.bodies.nearby(area, buffer, move.definition.filter, crate.id);
  const bool linked = move.links != nullptr && move.links->ignoresAnything(crate.id);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < near.size(); ++i) {
    if (!isRider(move.contacts.state, near[i].id, crate.id) &&
        (!linked || !move.links->ignores(crate.id, near[i].id))) {
      buffer[kept++] = near[i];
    }
  }
  return {buffer.data(), kept};
}

/// The characters standing on a crate, in slot order. Nothing in the crates' pass changes what a
/// character stands on, so they are gathered once, and a crate that moved looks at these few
/// instead of at every player (32 crates among 64 players walked 2,048 slots a step).
struct CrateRiders {
  std::array<std::uint8_t, kMaxCharacters> slots;  ///< the first `count` filled
  std::size_t count = 0;

  CrateRiders(const WorldState& state, const ActiveCharacters& active) {
    for (const std::uint8_t slot : active) {
      if (isCrateId(state.characters[slot].support)) {
        slots[count++] = slot;
      }
    }
  }
  const std::uint8_t* begin() const { return slots.data(); }
  const std::uint8_t* end() const { return slots.data() + count; }
};

/// Carries the characters standing on a crate by what it moved (against the tiles, like a
/// platform's riders): a crate on a rail or a spring is a lift or a board a player rides.
void carryCrateRiders(WorldState& state, const CrateRiders& riders, const Crate& crate, Vec2 moved,
                      const Level& level, const PhysicsConfig& config, ObstacleSet& bodies) {
  for (const std::uint8_t slot : riders) {
    Character& character = state.characters[slot];
    if (character.support != crate.id) {
      continue;
    }
    const Aabb box = characterBox(character, config);
    const SweepResult swept = sweepAabb(box, moved, level, OneWayRule{true, box.bottom()});
    character.position.x += swept.box.position.x - box.position.x;
    character.position.y += swept.box.position.y - box.position.y;
    bodies.move(static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot)),
                characterBox(character, config));
  }
}

/// The bodies near a crate this step, gathered the first time a cast needs them: a crate whose
/// casts all meet a floor at once (one at rest on the tiles, not yet asleep) never looks.
class NearBodies {
 public:
  NearBodies(const Crate& crate, const Aabb& area, const CrateMove& move)
      : crate_(crate), area_(area), move_(move) {}

  std::span<const Obstacle> get() {
    if (!gathered_) {
      near_ = nearCrate(crate_, area_, move_, buffer_);
      gathered_ = true;
    }
    return near_;
  }

 private:
  const Crate& crate_;
  Aabb area_;
  const CrateMove& move_;
  bool gathered_ = false;
  std::span<const Obstacle> near_;
  ObstacleBuffer buffer_;  // unfilled until gathered
};

/// The first thing a crate moving by `delta` runs into, tiles or bodies.
BoxHit earliestHit(const Aabb& box, Vec2 delta, const Crate& crate, const CrateMove& move,
                   NearBodies& near, float startBottom, bool hitsTiles) {
  const TileObstacles tiles(box, delta, move.level, hitsTiles);
  const BoxHit tileHit = castAgainst(box, delta, tiles.all(), kNoBody, startBottom);
  if (tileHit.hit && tileHit.time == 0.0f && tileHit.normalY != 0) {
    // A floor (or ceiling) met at once comes before any body: at the same time a vertical hit
    // comes first, then the smaller id, and a tile's, kNoBody, is below every body's.
    return tileHit;
  }
  const BoxHit bodyHit = castAgainst(box, delta, near.get(), crate.id, startBottom);
  return hitsBefore(bodyHit, tileHit) ? bodyHit : tileHit;
}

/// Collide and slide (docs/simulation.md#crates) through one sub-step: earliest hit among tiles and
/// bodies, move to it, answer it, go on with the rest; at most kMaxSlides times, then the rest is
/// dropped.
void slideThrough(Flight& flight, Crate& crate, const CrateMove& move, NearBodies& near,
                  float startBottom) {
  const bool hitsTiles = move.definition.filter.hitsTiles();
  for (int slide = 0; slide < kMaxSlides && flight.time > 0.0f; ++slide) {
    const Vec2 delta = flight.delta();
    // Without motion nothing is hit (a crate at rest on the floor, after its first slide).
    const bool moves = delta.x != 0.0f || delta.y != 0.0f;
    const BoxHit hit =
        moves ? earliestHit(flight.box, delta, crate, move, near, startBottom, hitsTiles)
              : BoxHit{};
    if (!hit.hit) {
      flight.box.position += delta;
      flight.velocity.y += flight.gravity * flight.time;
      return;
    }
    answerHit(flight, crate, hit, move.definition, move.parameters.config, move.contacts);
  }
}

/// A crate's whole step: launched, then swept through as many sub-steps as its reach needs
/// (continuous collision: a crate at 200 tiles/s takes four, each at most a tile).
void moveCrate(Crate& crate, const CrateMove& move, bool launchedAlready) {
  const StepParameters& parameters = move.parameters;
  const Aabb start = crateBox(crate, move.definition);
  const Launch launched = launchedAlready
                              ? Launch{crate.velocity, 0.0f}
                              : launch(crate, move.definition, start, move.level, parameters);
  const Vec2 velocity = launched.velocity;
  Flight flight{start, velocity, launched.gravity, 0.0f};
  const float startBottom = start.bottom();
  // Everything a bounce could reach this step, either way: one cast's worth of nearby bodies.
  const float reach =
      (absOf(velocity.x) + absOf(velocity.y) + absOf(flight.gravity) * parameters.dt) *
      parameters.dt;
  NearBodies near(crate, sweptArea(start, {}, reach + kSkin), move);
  crate.grounded = false;
  crate.support = kNoBody;
  const auto substeps = static_cast<int>(std::ceil(reach / kMaxTilesPerSubstep));
  const int count = substeps > 1 ? substeps : 1;
  for (int substep = 0; substep < count; ++substep) {
    flight.time = parameters.dt / static_cast<float>(count);
    slideThrough(flight, crate, move, near, startBottom);
  }
  crate.position = flight.box.position;
  crate.velocity = {clampSpeed(flight.velocity.x, parameters.config),
                    clampSpeed(flight.velocity.y, parameters.config)};
}

/// Awake crates' slots ordered bottom-up, then by id (then by slot, should a state repeat an id):
/// an order from the crates' content only. `slots` are the crates to look at (every level crate,
/// or the step's crates in reach).
template <class Slots>
std::size_t orderCrates(const WorldState& state, const Level& level, const Slots& slots,
                        std::array<std::uint16_t, kMaxCrates>& order) {
  std::array<float, kMaxCrates> bottoms;
  std::size_t count = 0;
  for (const std::size_t slot : slots) {
    const Crate& crate = state.crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.present() && !crate.asleep && definition != nullptr) {
      bottoms[slot] = crate.position.y + definition->size.y;
      order[count++] = static_cast<std::uint16_t>(slot);
    }
  }
  std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count),
            [&](std::uint16_t a, std::uint16_t b) {
              if (bottoms[a] != bottoms[b]) {
                return bottoms[a] > bottoms[b];
              }
              return state.crates[a].id != state.crates[b].id
                         ? state.crates[a].id < state.crates[b].id
                         : a < b;
            });
  return count;
}

std::size_t orderCrates(const WorldState& state, const Level& level, const CratesInReach* inReach,
                        std::array<std::uint16_t, kMaxCrates>& order) {
  if (inReach != nullptr) {
    return orderCrates(state, level, std::span(inReach->slots.data(), inReach->count), order);
  }
  const auto all = std::views::iota(std::size_t{0}, levelCrates(state, level).size());
  return orderCrates(state, level, all, order);
}

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

void stepCrates(WorldState& state, const ActiveCharacters& active, const Level& level,
                const StepParameters& parameters, ObstacleSet& bodies, EventBatch* events,
                const JointLinks* links, const CratesInReach* inReach) {
  std::array<std::uint16_t, kMaxCrates> order;  // the first `count` filled, the rest never read
  const std::size_t count = orderCrates(state, level, inReach, order);
  if (count == 0) {
    return;
  }
  // A crate's riders, carried, move in `bodies` by `move`, as the crate does.
  const CrateContacts contacts{state, level, events};
  const CrateRiders riders(state, active);
  for (std::size_t i = 0; i < count; ++i) {
    Crate& crate = state.crates[order[i]];
    const CrateDefinition& definition = *crateDefinition(level, crate.id);
    applyGroundFriction(crate, definition, level, parameters);
    const auto index = static_cast<std::size_t>(crate.id - kCrateIdBase);
    const bool launched = links != nullptr && links->launched(index);
    const Vec2 before = crate.position;
    moveCrate(crate, {definition, level, parameters, bodies, contacts, links}, launched);
    const Vec2 moved = crate.position - before;
    if (moved.x != 0.0f || moved.y != 0.0f) {
      carryCrateRiders(state, riders, crate, moved, level, parameters.config, bodies);
    }
    noteRest(crate, parameters.config, events);
    bodies.move(crate.id, crateBox(crate, definition));
  }
}

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
    crate.velocity.x = clampSpeed(common, parameters.config);
    wakeCrate(state, crate, events);
    return crate.velocity.x;
  }
  return 0.0f;
}

Vec2 launchAtOnce(const Crate& crate, const Level& level, const StepParameters& parameters) {
  const CrateDefinition* definition = crateDefinition(level, crate.id);
  if (definition == nullptr) {
    return crate.velocity;
  }
  const Launch launched =
      launch(crate, *definition, crateBox(crate, *definition), level, parameters);
  const float vy = launched.velocity.y + launched.gravity * parameters.dt;
  return {launched.velocity.x, clampSpeed(vy, parameters.config)};
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
