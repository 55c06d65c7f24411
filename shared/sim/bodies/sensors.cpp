#include "sim/bodies/sensors.h"

#include "sim/collision/obstacle_set.h"

namespace coyote {
namespace {

bool isSensor(const CollisionFilter& filter) {
  return filter.group == kGroupSensor;
}

// Overlapping by more than an edge: a body resting on a sensor is not inside it.
bool overlaps(const Aabb& a, const Aabb& b) {
  return a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() &&
         b.top() < a.bottom();
}

bool before(SensorPair a, SensorPair b) {
  return a.sensor != b.sensor ? a.sensor < b.sensor : a.body < b.body;
}

}  // namespace

void SensorOverlaps::add(BodyId sensor, BodyId body) {
  if (count_ == pairs_.size()) {
    overflowed_ = true;
    return;
  }
  pairs_[count_++] = SensorPair{sensor, body};
}

// Crates (by id) come before characters (by slot): the ids' order.
void SensorOverlaps::findInside(const Aabb& sensorBox, BodyId sensor, const WorldState& state,
                                const ActiveCharacters& active, const Level& level,
                                const PhysicsConfig& config) {
  for (std::size_t index = 0; index < level.crates.size(); ++index) {
    const auto id = static_cast<BodyId>(kCrateIdBase + static_cast<BodyId>(index));
    const CrateDefinition& definition = level.crates[index];
    const Crate* crate = isSensor(definition.filter) ? nullptr : findCrate(state, level, id);
    if (crate != nullptr && overlaps(sensorBox, crateBox(*crate, definition))) {
      add(sensor, id);
    }
  }
  for (const std::uint8_t slot : active) {
    if (overlaps(sensorBox, characterBox(state.characters[slot], config))) {
      add(sensor, static_cast<BodyId>(kCharacterIdBase + static_cast<BodyId>(slot)));
    }
  }
}

void SensorOverlaps::find(const WorldState& state, const ActiveCharacters& active,
                          const Level& level, const PhysicsConfig& config) {
  count_ = 0;
  overflowed_ = false;
  const auto platforms = levelPlatforms(state, level);
  for (std::size_t index = 0; index < platforms.size(); ++index) {
    const PlatformDefinition& definition = level.platforms[index];
    if (isSensor(definition.filter) && platforms[index].active) {
      const Aabb box{platforms[index].position, definition.size};
      findInside(box, static_cast<BodyId>(index), state, active, level, config);
    }
  }
  for (std::size_t index = 0; index < level.crates.size(); ++index) {
    const auto id = static_cast<BodyId>(kCrateIdBase + static_cast<BodyId>(index));
    const CrateDefinition& definition = level.crates[index];
    const Crate* crate = isSensor(definition.filter) ? findCrate(state, level, id) : nullptr;
    if (crate != nullptr) {
      findInside(crateBox(*crate, definition), id, state, active, level, config);
    }
  }
}

void reportSensorChanges(const SensorOverlaps& before, const SensorOverlaps& after,
                         EventBatch& events) {
  const auto was = before.pairs();
  const auto is = after.pairs();
  // Two sorted lists: a pair only in `is` entered, one only in `was` left.
  std::size_t i = 0;
  for (const SensorPair pair : is) {
    while (i < was.size() && coyote::before(was[i], pair)) {
      ++i;
    }
    if (i == was.size() || coyote::before(pair, was[i])) {
      events.emit(pair.body, EventKind::SensorEntered, 0.0f, pair.sensor);
    }
  }
  std::size_t j = 0;
  for (const SensorPair pair : was) {
    while (j < is.size() && coyote::before(is[j], pair)) {
      ++j;
    }
    if (j == is.size() || coyote::before(pair, is[j])) {
      events.emit(pair.body, EventKind::SensorLeft, 0.0f, pair.sensor);
    }
  }
  if (before.overflowed() || after.overflowed()) {
    events.countDropped();  // some pairs went unseen: whatever they did is not reported
  }
}

}  // namespace coyote
