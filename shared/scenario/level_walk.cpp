#include "scenario/level_walk.h"

#include <cmath>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "sim/character/spawn.h"
#include "sim/collision/slope.h"
#include "sim/collision/water.h"
#include "sim/state/scalar.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

/// Rises within this of a whole number of tiles are whole.
constexpr float kWholeTolerance = 0.01f;

bool isEmpty(TileType tile) {
  return tile == TileType::Empty;
}

/// Something a walker can stand on top of: a solid tile or a one-way top.
bool isFloor(TileType tile) {
  return isSolid(tile) || tile == TileType::OneWay;
}

/// The feet of the walker standing in cell (column, row), or nothing when no one stands there:
/// an empty cell over a floor (the character, 0.8 tall, fits in it), or a slope or rounded tile
/// with an empty cell above for the head (on its surface at the cell's centre).
bool standingPlace(const Level& level, int column, int row, Vec2& feet) {
  const TileType here = level.tileAt(column, row);
  const float x = static_cast<float>(column) + 0.5f;
  if (isFollowableSurface(here)) {
    feet = {x, static_cast<float>(row) + slopeSurfaceHeight(here, 0.5f)};
    return isEmpty(level.tileAt(column, row - 1));
  }
  feet = {x, static_cast<float>(row + 1)};
  return isEmpty(here) && isFloor(level.tileAt(column, row + 1));
}

/// The tile that stopped a box walking toward `direction`: a followable tile under its centre
/// (it stands at the foot of one too steep), else the lowest solid or followable tile in the
/// column just ahead of it, in its rows. False if none (a body, or nothing).
bool stoppingTile(const Level& level, const Aabb& box, int direction, int& column, int& row) {
  const int feetRow = floorToInt(box.bottom() - kSkin);
  const int centre = floorToInt(box.centerX());
  if (isFollowableSurface(level.tileAt(centre, feetRow))) {
    column = centre;
    row = feetRow;
    return true;
  }
  column = floorToInt(direction > 0 ? box.right() + kSkin : box.left() - kSkin);
  for (row = feetRow; row >= floorToInt(box.top() + kSkin); --row) {
    const TileType tile = level.tileAt(column, row);
    if (isSolid(tile) || isFollowableSurface(tile)) {
      return true;
    }
  }
  return false;
}

/// The stop a walker standing against (column, row) makes, if it is no wall by design.
bool unexpectedStop(const Level& level, const Aabb& box, int direction, WalkStop& stop) {
  int column = 0;
  int row = 0;
  if (!stoppingTile(level, box, direction, column, row)) {
    return false;
  }
  int top = row;  // the top of the stack of tiles that stopped it
  while (isSolid(level.tileAt(column, top - 1)) ||
         isFollowableSurface(level.tileAt(column, top - 1))) {
    --top;
  }
  const float rise = box.bottom() - static_cast<float>(top);
  const TileType tile = level.tileAt(column, row);
  const bool whole = std::abs(rise - std::round(rise)) <= kWholeTolerance;
  const bool wall = rise > 1.0f + kWholeTolerance || (tile == TileType::Solid && whole);
  if (wall) {
    return false;
  }
  stop = {column, row, tile, direction, box.centerX(), box.bottom(), rise, stop.from};
  return true;
}

struct WalkEnd {
  bool stopped = false;
  Aabb box;
};

/// Walks from `feet` toward `direction` until the walker stops, swims, respawns or runs out of
/// ticks.
WalkEnd walkFrom(Vec2 feet, int direction, const Level& level, const StepParameters& parameters,
                 WorldState& world, int maxTicks) {
  const PhysicsConfig& config = parameters.config;
  Character& walker = world.characters[0];
  spawnCharacter(walker, feet, world, level, config);
  walker.spawn = feet;
  TickInputs inputs{};
  inputs[0] = PlayerInput{static_cast<std::int8_t>(direction * 127), 0, 0};
  float lastX = walker.position.x;
  bool wasGrounded = false;  // a landing tick may follow a bump in the air: no stop yet
  for (int tick = 0; tick < maxTicks; ++tick) {
    stepWorld(world, inputs, level, parameters);
    const Aabb box = characterBox(walker, config);
    const bool respawned = std::abs(walker.position.x - lastX) > 2.0f;
    if (respawned || submergedFraction(box, level) > kSwimmingFraction) {
      return {};
    }
    if (wasGrounded && walker.grounded && walker.velocity.x == 0.0f && walker.position.x == lastX) {
      return {true, box};
    }
    lastX = walker.position.x;
    wasGrounded = walker.grounded;
  }
  return {};
}

}  // namespace

std::string WalkStop::describe() const {
  return fmt::format(
      "walking {} from ({:.2f}, {:.2f}), stopped at ({:.2f}, {:.2f}) by the {} tile at column {}, "
      "row {}, whose top is {:.2f} tiles above the feet",
      direction < 0 ? "left" : "right", from.x, from.y, feetX, feetY, tileTypeName(tile), column,
      row, rise);
}

LevelWalk walkLevel(const Level& tiles, const PhysicsConfig& config, int maxTicks) {
  Level level = tiles;  // the tiles alone: bodies are seen for what they are
  level.platforms.clear();
  level.crates.clear();
  level.joints.clear();
  const StepParameters parameters(config);
  WorldState world = makeWorld(1, level, config);
  LevelWalk walk;
  std::set<std::tuple<int, int, int>> seen;
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      Vec2 feet;
      if (!standingPlace(level, column, row, feet)) {
        continue;
      }
      ++walk.starts;
      for (const int direction : {-1, 1}) {
        const WalkEnd end = walkFrom(feet, direction, level, parameters, world, maxTicks);
        WalkStop stop;
        walk.stops += end.stopped ? 1 : 0;
        stop.from = feet;
        if (end.stopped && unexpectedStop(level, end.box, direction, stop) &&
            seen.insert({stop.column, stop.row, direction}).second) {
          walk.unexpected.push_back(stop);
        }
      }
    }
  }
  return walk;
}

}  // namespace coyote
