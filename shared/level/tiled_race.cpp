#include "level/tiled_race.h"

#include <map>
#include <optional>

#include "level/level_properties.h"
#include "level/tiled_properties.h"

namespace coyote {
namespace {

/// The one object of class `kind`, if any; a second is refused.
std::optional<Aabb> regionOf(const Node& objects, std::string_view kind, TileScale scale,
                             const Level& level, std::optional<Node>& where) {
  std::optional<Aabb> region;
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    if (typeOrClass(object) != kind) {
      continue;
    }
    if (region) {
      object.fail(fmt::format("a level has one `{}` (the first is {})", kind, where->path));
    }
    region = Aabb{positionInTiles(object, scale, level), sizeInTiles(object, scale)};
    where.emplace(object);
  }
  return region;
}

// Orders 1..N, each once: a duplicate or a gap is refused at the `order` of the checkpoint.
void checkOrders(const Node& objects) {
  std::map<std::int64_t, std::string> taken;  // order → the path of its checkpoint
  std::optional<Node> last;
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    if (typeOrClass(object) != "checkpoint") {
      continue;
    }
    const std::optional<Node> order = findProperty(object, "order");
    if (!order) {
      continue;
    }
    const PropertySpec& spec = *findPropertySpec("order");
    const std::int64_t value =
        order->integer(static_cast<std::int64_t>(spec.min), static_cast<std::int64_t>(spec.max));
    if (const auto seen = taken.find(value); seen != taken.end()) {
      order->fail(fmt::format("order {} is already {}'s", value, seen->second));
    }
    taken.emplace(value, object.path);
    last.emplace(*order);
  }
  std::int64_t expected = 1;
  for (const auto& [value, path] : taken) {
    if (value != expected) {
      last->fail(
          fmt::format("unknown order: the checkpoints' orders run 1, 2, … with none "
                      "missing, and {} is missing",
                      expected));
    }
    ++expected;
  }
}

}  // namespace

void readRace(const Node& map, const Node& objects, TileScale scale, Level& level) {
  std::optional<Node> startObject;
  std::optional<Node> finishObject;
  const std::optional<Aabb> start = regionOf(objects, "start", scale, level, startObject);
  const std::optional<Aabb> finish = regionOf(objects, "finish", scale, level, finishObject);
  if (start.has_value() != finish.has_value()) {
    (start ? *startObject : *finishObject)
        .fail("a race needs a `start` and a `finish` object, both");
  }
  checkOrders(objects);
  const std::optional<Node> laps = findProperty(map, "laps");
  const std::optional<Node> name = findProperty(map, "race_name");
  if (!start) {
    bool ordered = false;
    for (const CheckpointDefinition& checkpoint : level.checkpoints) {
      ordered = ordered || checkpoint.order != 0;
    }
    if (laps || name || ordered) {
      (laps ? *laps : (name ? *name : objects))
          .fail(
              "`laps`, `race_name` and checkpoint orders need a race: a `start` and a "
              "`finish` object");
    }
    return;
  }
  level.race.present = true;
  level.race.start = *start;
  level.race.finish = *finish;
  const PropertySpec& lapsSpec = *findPropertySpec("laps");
  level.race.laps =
      laps ? static_cast<std::int32_t>(laps->integer(static_cast<std::int64_t>(lapsSpec.min),
                                                     static_cast<std::int64_t>(lapsSpec.max)))
           : 1;
  level.race.name = name ? name->string() : level.name;
  if (level.race.name.empty() || level.race.name.size() > kMaxRaceNameLength) {
    (name ? *name : map)
        .fail(fmt::format("a race's name has 1 to {} characters", kMaxRaceNameLength));
  }
}

}  // namespace coyote
