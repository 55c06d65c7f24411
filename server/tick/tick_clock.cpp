#include "server/tick/tick_clock.h"

namespace coyote {

TickClock::TickClock(int tickRate, int maxSubsteps, double start,
                     std::shared_ptr<spdlog::logger> log)
    : step_(1.0 / tickRate),
      maxSubsteps_(maxSubsteps),
      log_(std::move(log)),
      nextTick_(start + step_) {}

TickClock::Due TickClock::advance(double now) {
  Due due;
  while (now >= nextTick_ && due.ticks < maxSubsteps_) {
    nextTick_ += step_;
    ++due.ticks;
  }
  if (now >= nextTick_) {  // still behind after max_substeps: no spiral of death
    due.dropped = static_cast<std::uint64_t>((now - nextTick_) / step_) + 1;
    if (now - lastLagWarning_ > 5.0) {
      log_->warn("running behind: dropped {} ticks of lag (sim.max_substeps = {})", due.dropped,
                 maxSubsteps_);
      lastLagWarning_ = now;
    }
    nextTick_ = now + step_;
  }
  return due;
}

}  // namespace coyote
