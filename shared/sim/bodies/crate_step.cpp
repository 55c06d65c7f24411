#include "sim/bodies/crate_step.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <ranges>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_contacts.h"
#include "sim/bodies/crate_launch.h"
#include "sim/character/character_step.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/sweep.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

constexpr int kMaxSlides = 4;  // per sub-step, then the rest of it is dropped

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
void slideThrough(CrateFlight& flight, Crate& crate, const CrateMove& move, NearBodies& near,
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
  const CrateLaunch launched =
      launchedAlready ? CrateLaunch{crate.velocity, 0.0f}
                      : launchCrate(crate, move.definition, start, move.level, parameters);
  const Vec2 velocity = launched.velocity;
  CrateFlight flight{start, velocity, launched.gravity, 0.0f};
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
  crate.velocity = {clampBodySpeed(flight.velocity.x, parameters.config),
                    clampBodySpeed(flight.velocity.y, parameters.config)};
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

}  // namespace

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
    brakeOnGround(crate, definition, level, parameters);
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

}  // namespace coyote
