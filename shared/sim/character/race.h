#pragma once

#include <array>
#include <optional>

#include "sim/state/active_characters.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Where the moving box (`from`, moved by `delta` along a straight segment over the tick) overlaps
/// `region` by more than touching: the fractions of the tick [enter, exit] within [0, 1], or none.
struct Crossing {
  float enter = 0.0f;
  float exit = 0.0f;
  bool insideAtEnd = false;  ///< still overlapping when the tick ends
};
std::optional<Crossing> crossingOf(const Aabb& from, Vec2 delta, const Aabb& region);

/// Where the characters were when a step began: a run's times are measured along the segment
/// from there to where the step leaves them. Plain floats with no initializers: a step on a level
/// without a race never fills (or clears) the 2 KB.
struct RaceStart {
  float x;
  float y;
};
using RaceStarts = std::array<RaceStart, kMaxCharacters>;
void recordRaceStarts(const WorldState& state, const ActiveCharacters& active, RaceStarts& starts);

/// The race rule (docs/simulation.md#races), last in a step, for a level with a race: leaving the
/// start starts a run (again, until its first checkpoint); the checkpoints of order 1, 2, … count
/// in turn; the finish after the last of them ends a lap, and `laps` of them the run. Times are
/// whole ticks plus the fraction of a tick at which the box crossed, so two characters crossing
/// in one tick are ordered fairly. A step that moved a character more than 2 tiles (a respawn)
/// crosses nothing; its run goes on.
void stepRaces(WorldState& state, const ActiveCharacters& active, const Level& level,
               const PhysicsConfig& config, const RaceStarts& starts, EventBatch* events);

/// A run's time in seconds from a race event (count + value ticks).
double raceSeconds(const StepEvent& event, std::int32_t tickRate);

}  // namespace coyote
