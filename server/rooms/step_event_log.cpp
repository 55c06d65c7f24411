#include "server/rooms/step_event_log.h"

namespace coyote {

void StepEventLog::observe(const EventBatch& batch, double now, ServerMetrics& metrics,
                           spdlog::logger& log) {
  metrics.stepEventsDropped += batch.dropped();
  for (const StepEvent& event : batch.events()) {
    if (event.kind == EventKind::RunFinished) {
      ++metrics.runsFinished;
    } else if (event.kind == EventKind::VelocityClamped) {
      ++metrics.velocitiesClamped;
      if (due(event.body, now)) {
        log.warn(
            "tick {}: body {} was at {:.1f} tiles/s and was clamped to its speed cap "
            "(logged once a minute per body)",
            event.tick, event.body, event.value);
      }
    } else if (event.kind == EventKind::BodyRecovered) {
      ++metrics.bodiesRecovered;
      if (due(event.body, now)) {
        log.warn(
            "tick {}: body {} had a non-finite or out-of-level state and was put back "
            "(logged once a minute per body)",
            event.tick, event.body);
      }
    }
  }
}

bool StepEventLog::due(BodyId body, double now) {
  const auto [entry, first] = lastLogged_.try_emplace(body, now);
  if (first) {
    return true;
  }
  if (now - entry->second < kLogInterval) {
    return false;
  }
  entry->second = now;
  return true;
}

}  // namespace coyote
