#include "level/tiled_entities.h"

#include <optional>

#include "level/level_properties.h"
#include "level/tiled_joints.h"
#include "level/tiled_properties.h"
#include "sim/state/body.h"

namespace coyote {
namespace {

/// The polyline named by `path`, as top-left positions starting at `start`.
std::vector<Vec2> polylinePath(const Node& reference, const Node& objects, Vec2 start,
                               TileScale scale) {
  std::optional<Node> storage;
  const Node* line = findObject(objects, reference.integer(0, 1ll << 31), storage);
  if (line == nullptr || !line->has("polyline")) {
    reference.fail("names no polyline object of this layer");
  }
  const Node points = line->child("polyline");
  if (points.array().size() < 2 || points.array().size() > kMaxPathPoints) {
    points.fail(fmt::format("a path has 2 to {} points", kMaxPathPoints));
  }
  const Node first = points.at(0);
  std::vector<Vec2> path;
  for (std::size_t i = 0; i < points.value.size(); ++i) {
    const Node point = points.at(i);
    const double dx = point.child("x").number() - first.child("x").number();
    const double dy = point.child("y").number() - first.child("y").number();
    path.push_back({start.x + static_cast<float>(dx / scale.width),
                    start.y + static_cast<float>(dy / scale.height)});
  }
  return path;
}

std::vector<Vec2> platformPath(const Node& object, const Node& objects, Vec2 start,
                               TileScale scale) {
  if (const std::optional<Node> reference = findProperty(object, "path")) {
    return polylinePath(*reference, objects, start, scale);
  }
  const float dx = numberProperty(object, "pathX");
  const float dy = numberProperty(object, "pathY");
  if (dx == 0.0f && dy == 0.0f) {
    object.fail("a platform needs a path: a \"path\" object property or pathX/pathY");
  }
  return {start, start + Vec2{dx, dy}};
}

PathMode pathMode(const Node& object) {
  const std::optional<Node> mode = findProperty(object, "mode");
  if (!mode || mode->string() == "pingpong") {
    return PathMode::PingPong;
  }
  if (mode->string() != "loop") {
    mode->fail("expected \"loop\" or \"pingpong\"");
  }
  return PathMode::Loop;
}

void checkInside(const Node& object, const std::vector<Vec2>& path, const Level& level) {
  for (const Vec2& point : path) {
    if (point.x < 0.0f || point.y < 0.0f || point.x > static_cast<float>(level.width()) ||
        point.y > static_cast<float>(level.height())) {
      object.fail("the platform's path leaves the map");
    }
  }
}

PlatformDefinition readPlatform(const Node& object, const Node& objects, TileScale scale,
                                const CollisionGroupNames& groups, const Level& level) {
  PlatformDefinition platform;
  platform.size = sizeInTiles(object, scale);
  platform.path = platformPath(object, objects, positionInTiles(object, scale, level), scale);
  checkInside(object, platform.path, level);
  platform.speed = numberProperty(object, "speed");
  platform.mode = pathMode(object);
  platform.wait = numberProperty(object, "wait");
  platform.oneWay = boolProperty(object, "oneway");
  platform.filter = groups.filterOf(object, kDefaultPlatformFilter);
  return platform;
}

CrateDefinition readCrate(const Node& object, TileScale scale, const MaterialTable& materials,
                          const CollisionGroupNames& groups, const Level& level) {
  CrateDefinition crate;
  crate.position = positionInTiles(object, scale, level);
  crate.size = sizeInTiles(object, scale);
  crate.mass = numberProperty(object, "mass");
  if (const std::optional<Node> name = findProperty(object, "material")) {
    const int index = materials.find(name->string());
    if (index < 0) {
      name->fail(fmt::format("no material named \"{}\" in {}", name->string(),
                             materials.describeSource()));
    }
    crate.material = static_cast<std::uint8_t>(index);
  }
  crate.filter = groups.filterOf(object, kDefaultCrateFilter);
  return crate;
}

CheckpointDefinition readCheckpoint(const Node& object, TileScale scale, const Level& level) {
  CheckpointDefinition checkpoint{positionInTiles(object, scale, level),
                                  sizeInTiles(object, scale)};
  if (const std::optional<Node> order = findProperty(object, "order")) {
    const PropertySpec& spec = *findPropertySpec("order");
    checkpoint.order = static_cast<std::uint8_t>(
        order->integer(static_cast<std::int64_t>(spec.min), static_cast<std::int64_t>(spec.max)));
  }
  return checkpoint;
}

}  // namespace

void readBodies(const Node& objects, TileScale scale, const MaterialTable& materials,
                const CollisionGroupNames& groups, Level& level) {
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    const std::string kind = typeOrClass(object);
    if (kind == "platform") {
      if (level.platforms.size() == static_cast<std::size_t>(kMaxPlatforms)) {
        object.fail(fmt::format("more than {} platforms", kMaxPlatforms));
      }
      level.platforms.push_back(readPlatform(object, objects, scale, groups, level));
    } else if (kind == "checkpoint") {
      if (level.checkpoints.size() == kMaxCheckpoints) {
        object.fail(fmt::format("more than {} checkpoints", kMaxCheckpoints));
      }
      level.checkpoints.push_back(readCheckpoint(object, scale, level));
    } else if (kind == "crate") {
      if (level.crates.size() == static_cast<std::size_t>(kMaxCrates)) {
        object.fail(fmt::format("more than {} crates", kMaxCrates));
      }
      level.crates.push_back(readCrate(object, scale, materials, groups, level));
    }
  }
  readJoints(objects, scale, level);
}

}  // namespace coyote
