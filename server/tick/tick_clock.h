#pragma once

#include <cstdint>
#include <memory>

#include <spdlog/logger.h>

namespace coyote {

/// The loop's time (docs/hosting.md#the-loop): fixed steps of 1/tick_rate from the start, at most
/// `maxSubsteps` of them caught up in one turn. Lag beyond that is dropped, not chased, so a
/// stalled machine does not spiral into ever longer turns; it warns at most every 5 s.
class TickClock {
 public:
  /// What one turn has to do.
  struct Due {
    int ticks = 0;              ///< to run now, 0 to maxSubsteps
    std::uint64_t dropped = 0;  ///< ticks of lag given up
  };

  TickClock(int tickRate, int maxSubsteps, double start, std::shared_ptr<spdlog::logger> log);

  /// The ticks due by `now`; the next one is due a step after the last of them (or after `now`
  /// if lag was dropped).
  Due advance(double now);
  /// When the next tick is due (s), so that a loop can wait for packets until then.
  double nextTickTime() const { return nextTick_; }

 private:
  double step_;
  int maxSubsteps_;
  std::shared_ptr<spdlog::logger> log_;
  double nextTick_;
  double lastLagWarning_ = -1e9;
};

}  // namespace coyote
