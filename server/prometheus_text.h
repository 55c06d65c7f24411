#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "http/prometheus_exposition.h"  // residentSetBytes, for the page's callers
#include "server/base/server_metrics.h"

namespace coyote {

/// One open room, as its `room`-labelled samples show it.
struct RoomFigures {
  std::string name;
  std::uint32_t tick = 0;  ///< the room's last tick simulated
  const ServerMetrics* metrics = nullptr;
  std::size_t memoryBytes = 0;   ///< Room::memoryBytes
  std::size_t activeBodies = 0;  ///< characters, platforms and awake crates
};

/// What the metrics page says beside the server's own counters.
struct MetricsContext {
  double ticksBehind = 0.0;  ///< how late the loop is against its schedule, in ticks
  double uptimeSeconds = 0.0;
  std::uint64_t residentBytes = 0;       ///< the process's resident set size
  std::uint64_t httpConnectionsCut = 0;  ///< HTTP connections cut (deadline, room for newer)
};

/// The server's metrics in the Prometheus text exposition format (version 0.0.4): each family
/// with its # HELP and # TYPE lines, units in the names (seconds, bytes), counters ending in
/// `_total`, durations as summaries with 0.5/0.95/0.99 quantiles over the last minute of ticks.
/// The process's families (`server`: tick time, traffic, governor, memory) carry no label; a
/// room's (players, ticks, step stages, inputs, desyncs, guards) one sample per room, labelled
/// `room`.
std::string prometheusText(const ServerMetrics& server, const std::vector<RoomFigures>& rooms,
                           const MetricsContext& context);

}  // namespace coyote
