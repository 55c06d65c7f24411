#pragma once

#include <cstdint>
#include <unordered_map>

#include <spdlog/logger.h>

#include "server/base/server_metrics.h"
#include "sim/state/step_events.h"

namespace coyote {

/// What the server does with a step's events (docs/hosting.md#logs):
/// counts the guards' work and dropped events in the metrics, and logs a clamped or recovered
/// body at most once a minute per body, so a crate stuck at its speed cap cannot flood the log.
class StepEventLog {
 public:
  static constexpr double kLogInterval = 60.0;  ///< s between two lines about one body

  /// Reads one step's batch at time `now` (s, the server's clock).
  void observe(const EventBatch& batch, double now, ServerMetrics& metrics, spdlog::logger& log);
  /// About what its table holds (a node per body logged).
  std::size_t bytes() const { return lastLogged_.size() * (sizeof(BodyId) + sizeof(double) + 16); }

 private:
  /// True (and remembered) when `body` has not been logged in the last kLogInterval.
  bool due(BodyId body, double now);

  std::unordered_map<BodyId, double> lastLogged_;  ///< at most one entry per body id
};

}  // namespace coyote
