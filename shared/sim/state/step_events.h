#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "sim/state/body.h"

namespace coyote {

/// What a step can tell its caller happened (docs/simulation.md#events). Events are derived data:
/// not part of the state, never hashed, and the same on every machine for the same tick.
enum class EventKind : std::uint8_t {
  Landed,  ///< value: impact speed, tiles/s
  LeftGround,
  WallTouched,  ///< value: -1 wall on the left, +1 on the right
  Jumped,       ///< value: a JumpKind (0 from the ground, 1 off a wall, 2 in the air)
  Dashed,
  EnteredWater,
  LeftWater,
  HazardHit,
  CheckpointActivated,  ///< value: the checkpoint's index
  CrateImpact,          ///< value: speed along the normal, above physics.contact_event_threshold
  BodySlept,            ///< value: a SleepReason
  BodyWoke,
  VelocityClamped,  ///< value: the largest speed on an axis before the cap, tiles/s
  BodyRecovered,    ///< a non-finite or out-of-level body put back (crate) or respawned
  JointBroken,      ///< body: the joint's crate; value: the force that broke it, mass·tiles/s²
  SensorEntered,    ///< body: a character or crate now inside `other`, a sensor's box
  SensorLeft,       ///< body: a character or crate no longer inside `other`
  RunStarted,       ///< a character left the race's start; value: where in the tick (0–1)
  CheckpointSplit,  ///< index: the checkpoint's order; the run's time as `count` + `value` ticks
  LapFinished,      ///< index: the laps finished; the run's time as `count` + `value` ticks
  RunFinished,      ///< the run's time as `count` + `value` ticks (docs/simulation.md#races)
  Respawned,        ///< a character put back at its checkpoint or spawn (button, hazard, fall)
};
inline constexpr std::size_t kEventKindCount = 22;

/// Which jump a jumped event is (its value): players hear and see them apart.
enum class JumpKind : std::uint8_t {
  Ground,  ///< from the ground, in the coyote time, or out of the water
  Wall,
  Air,  ///< an air jump, spending one of physics.air_jumps
};

/// Why a crate went to sleep (the value of a body_slept event).
enum class SleepReason : std::uint8_t {
  Rest,        ///< slower than physics.sleep_speed for physics.sleep_time
  OutOfRange,  ///< farther than sim.simulation_radius from every character
  OverBudget,  ///< beyond budgets.max_active_bodies awake crates
  Guard,       ///< put back to its last valid state by the guard
};

/// "landed", "left_ground", … as tools and logs print them.
std::string_view eventKindName(EventKind kind);

struct StepEvent {
  std::uint32_t tick = 0;  ///< the tick the step produced
  BodyId body = kNoBody;   ///< a character (kCharacterIdBase + slot) or a crate
  EventKind kind = EventKind::Landed;
  float value = 0.0f;
  BodyId other = kNoBody;  ///< the second body of a two-body event (a sensor's)
  std::int16_t index = 0;  ///< a race event's checkpoint order or lap
  std::int32_t count = 0;  ///< a race event's whole ticks (its time is count + value ticks)
};

/// The most events a batch can hold, whatever the config says (`physics.max_events_per_tick`).
inline constexpr std::size_t kMaxEventBatch = 1024;

/// One step's events, in the order the step produced them (phases, then slots or crate order). At
/// most `capacity` are kept; one more is counted in `dropped()`, never silently lost. A fixed
/// array: the step still allocates nothing.
class EventBatch {
 public:
  /// Empties the batch for a new step that may keep `capacity` events (capped at kMaxEventBatch).
  void start(std::uint32_t tick, std::size_t capacity);
  void emit(BodyId body, EventKind kind, float value = 0.0f, BodyId other = kNoBody);
  /// A race event: `ticks` whole ticks and `fraction` of one since the run started.
  void emitRace(BodyId body, EventKind kind, std::int16_t index, std::int32_t ticks,
                float fraction);
  /// Counts an event a phase knows happened but could not name (more than it can track).
  void countDropped() { ++dropped_; }

  std::span<const StepEvent> events() const { return {events_.data(), count_}; }
  std::uint32_t dropped() const { return dropped_; }
  std::uint32_t tick() const { return tick_; }

 private:
  std::array<StepEvent, kMaxEventBatch> events_{};
  std::size_t count_ = 0;
  std::size_t capacity_ = kMaxEventBatch;
  std::uint32_t dropped_ = 0;
  std::uint32_t tick_ = 0;
};

}  // namespace coyote
