#pragma once

#include <array>
#include <cstddef>
#include <span>

#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// A body inside a sensor's box (docs/simulation.md#sensors). No initializers: a step that reports
/// no events never fills the array that holds them.
struct SensorPair {
  BodyId sensor;
  BodyId body;
};

/// The most pairs a step compares. Beyond it (a crowd in a large sensor) the rest are not
/// reported: the batch counts one dropped event for each step that had more.
inline constexpr std::size_t kMaxSensorPairs = 512;

/// Who is inside which sensor at one moment: every character and every crate (but sensors) whose
/// box overlaps a sensor's (a platform or crate of group `sensor`) by more than touching. In
/// (sensor, body) id order, so two moments compare in one pass.
class SensorOverlaps {
 public:
  /// Finds them in `state`. A level without sensors pays one look at each body's group.
  void find(const WorldState& state, const ActiveCharacters& active, const Level& level,
            const PhysicsConfig& config);

  std::span<const SensorPair> pairs() const { return {pairs_.data(), count_}; }
  bool overflowed() const { return overflowed_; }

 private:
  void add(BodyId sensor, BodyId body);
  void findInside(const Aabb& sensorBox, BodyId sensor, const WorldState& state,
                  const ActiveCharacters& active, const Level& level, const PhysicsConfig& config);

  std::array<SensorPair, kMaxSensorPairs> pairs_;
  std::size_t count_ = 0;
  bool overflowed_ = false;
};

/// sensor_entered for each pair of `after` not in `before`, then sensor_left for each of `before`
/// not in `after` (body: the character or crate, other: the sensor). Derived from two states, so
/// a step replayed after a rollback reports the same events.
void reportSensorChanges(const SensorOverlaps& before, const SensorOverlaps& after,
                         EventBatch& events);

}  // namespace coyote
