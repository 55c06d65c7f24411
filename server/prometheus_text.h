#pragma once

#include <cstdint>
#include <string>

#include "server/server_metrics.h"

namespace coyote {

/// What the metrics page says beside the server's own counters.
struct MetricsContext {
  std::string room = "main";  ///< the `room` label (one match per process today)
  std::uint32_t tick = 0;     ///< the last tick simulated
  double ticksBehind = 0.0;   ///< how late the loop is against its schedule, in ticks
  double uptimeSeconds = 0.0;
  std::uint64_t residentBytes = 0;  ///< the process's resident set size
};

/// The server's metrics in the Prometheus text exposition format (version 0.0.4): each family
/// with its # HELP and # TYPE lines, units in the names (seconds, bytes), counters ending in
/// `_total`, durations as summaries with 0.5/0.95/0.99 quantiles over the last minute of ticks.
std::string prometheusText(const ServerMetrics& metrics, const MetricsContext& context);

/// This process's resident set size from /proc/self/statm (0 where there is none).
std::uint64_t residentSetBytes();

}  // namespace coyote
