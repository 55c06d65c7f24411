#pragma once

#include <optional>

#include "server/base/server_metrics.h"
#include "server/tick/overload_governor.h"

namespace coyote {

/// This thread's CPU time (µs, any origin): what a room's step cost, on whichever thread.
double threadCpuMicros();

/// What a stage is timed with (µs, any origin): the monotonic clock (what a tick took,
/// preemption included) and this thread's CPU time (what it cost the server, whatever else the
/// machine runs). The server's is the machine's; a test hands the server one of its own, so that
/// a tick costs what the test says without burning it.
class StageClock {
 public:
  virtual ~StageClock() = default;
  virtual StageTiming read() = 0;
};

/// The machine's clocks: steady_clock and CLOCK_THREAD_CPUTIME_ID.
StageClock& machineStageClock();

/// The time of one stage after another, read from a StageClock.
class StageTimer {
 public:
  explicit StageTimer(StageClock& clock) : clock_(clock), last_(clock.read()) {}
  /// The time since the last lap (or since it was made).
  StageTiming lap();

 private:
  StageClock& clock_;
  StageTiming last_;
};

/// A tick's statistics: its two stages (simulating every room, then sending the frames it made
/// due) timed into the metrics, and the whole tick — both stages — handed to the overload
/// governor, whose level changes it returns for the server to apply. Substeps of one loop turn
/// are sent once: each but the last counts as a tick of its simulate stage alone.
class TickTiming {
 public:
  TickTiming(ServerMetrics& metrics, OverloadGovernor& governor, StageClock& clock);

  /// Before the rooms step.
  void startSimulating() { timer_.emplace(clock_); }
  /// After they stepped: `workerCpu` is what threads other than this one spent on them (µs).
  std::optional<OverloadGovernor::Transition> simulated(double workerCpu);
  /// Before the frames of a turn that ran ticks are sent.
  void startSending() { timer_.emplace(clock_); }
  /// After they were sent: the tick is whole.
  std::optional<OverloadGovernor::Transition> sent();

 private:
  /// Counts a whole tick in the metrics and lets the governor judge it.
  std::optional<OverloadGovernor::Transition> addTick(const StageTiming& timing);

  ServerMetrics& metrics_;
  OverloadGovernor& governor_;
  StageClock& clock_;
  std::optional<StageTimer> timer_;
  std::optional<StageTiming> simulatedTick_;  ///< the last tick's simulate time, not yet sent
};

}  // namespace coyote
