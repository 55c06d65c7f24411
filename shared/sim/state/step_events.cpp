#include "sim/state/step_events.h"

namespace coyote {

std::string_view eventKindName(EventKind kind) {
  constexpr std::array<std::string_view, kEventKindCount> kNames = {
      "landed",           "left_ground",    "wall_touched",
      "jumped",           "dashed",         "entered_water",
      "left_water",       "hazard_hit",     "checkpoint_activated",
      "crate_impact",     "body_slept",     "body_woke",
      "velocity_clamped", "body_recovered", "joint_broken",
      "sensor_entered",   "sensor_left",    "run_started",
      "checkpoint_split", "lap_finished",   "run_finished",
      "respawned"};
  const auto index = static_cast<std::size_t>(kind);
  return index < kNames.size() ? kNames[index] : "unknown";
}

void EventBatch::start(std::uint32_t tick, std::size_t capacity) {
  count_ = 0;
  dropped_ = 0;
  tick_ = tick;
  capacity_ = capacity < kMaxEventBatch ? capacity : kMaxEventBatch;
}

void EventBatch::emit(BodyId body, EventKind kind, float value, BodyId other) {
  if (count_ == capacity_) {
    ++dropped_;
    return;
  }
  events_[count_++] = StepEvent{tick_, body, kind, value, other};
}

void EventBatch::emitRace(BodyId body, EventKind kind, std::int16_t index, std::int32_t ticks,
                          float fraction) {
  if (count_ == capacity_) {
    ++dropped_;
    return;
  }
  events_[count_++] = StepEvent{tick_, body, kind, fraction, kNoBody, index, ticks};
}

}  // namespace coyote
