#pragma once

#include <cstdint>

#include "wire/messages.h"

namespace coyote {

/// Whether a client's report could be true. Its counters (rollbacks, desyncs, late inputs) count
/// ticks at most once each, so they never go down between two reports of one connection and
/// never grow by more than the ticks in between (plus a second of slack for the ticks a client
/// predicts ahead); the first report of a connection may carry what the client counted before a
/// reconnect, up to `ticksSinceLast` (the room's tick then). No rollback is deeper than
/// kMaxPlausibleRollbackDepth. A report that fails is refused whole: the server's logs and
/// metrics print what a client said only once it could be true.
inline constexpr std::uint32_t kMaxPlausibleRollbackDepth = 600;  // 10 s at 60 Hz

inline bool plausibleReport(const net::ClientReport& before, const net::ClientReport& report,
                            std::uint32_t ticksSinceLast) {
  const std::uint64_t most = static_cast<std::uint64_t>(ticksSinceLast) + 60;
  const auto grewPlausibly = [most](std::uint64_t was, std::uint64_t now) {
    return now >= was && now - was <= most;
  };
  return grewPlausibly(before.rollbacks, report.rollbacks) &&
         grewPlausibly(before.desyncs, report.desyncs) &&
         grewPlausibly(before.lateInputs, report.lateInputs) &&
         report.maxRollbackDepth <= kMaxPlausibleRollbackDepth;
}

}  // namespace coyote
