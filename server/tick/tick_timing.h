#pragma once

#include <chrono>
#include <optional>

#include "server/base/server_metrics.h"
#include "server/tick/overload_governor.h"

namespace coyote {

/// This thread's CPU time (µs, any origin).
double threadCpuMicros();

/// Microseconds of a stage, for the stage timings only (no decision depends on them): wall time
/// (what a tick took, preemption included) and this thread's CPU time (what it cost the server,
/// whatever else the machine runs).
class StageTimer {
 public:
  /// The time since the last lap (or since it was made).
  StageTiming lap();

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  double lastCpu_ = threadCpuMicros();
};

/// A tick's statistics: its two stages (simulating every room, then sending the frames it made
/// due) timed into the metrics, and the whole tick — both stages — handed to the overload
/// governor, whose level changes it returns for the server to apply. Substeps of one loop turn
/// are sent once: each but the last counts as a tick of its simulate stage alone.
class TickTiming {
 public:
  TickTiming(ServerMetrics& metrics, OverloadGovernor& governor);

  /// Before the rooms step.
  void startSimulating() { timer_.emplace(); }
  /// After they stepped: `workerCpu` is what threads other than this one spent on them (µs).
  std::optional<OverloadGovernor::Transition> simulated(double workerCpu);
  /// Before the frames of a turn that ran ticks are sent.
  void startSending() { timer_.emplace(); }
  /// After they were sent: the tick is whole.
  std::optional<OverloadGovernor::Transition> sent();

 private:
  /// Counts a whole tick in the metrics and lets the governor judge it.
  std::optional<OverloadGovernor::Transition> addTick(const StageTiming& timing);

  ServerMetrics& metrics_;
  OverloadGovernor& governor_;
  std::optional<StageTimer> timer_;
  std::optional<StageTiming> simulatedTick_;  ///< the last tick's simulate time, not yet sent
};

}  // namespace coyote
