#include "server/tick/tick_timing.h"

#include <ctime>

namespace coyote {

double threadCpuMicros() {
  timespec cpu{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
  return static_cast<double>(cpu.tv_sec) * 1e6 + static_cast<double>(cpu.tv_nsec) / 1e3;
}

StageTiming StageTimer::lap() {
  const auto now = std::chrono::steady_clock::now();
  const double cpu = threadCpuMicros();
  const StageTiming timing{std::chrono::duration<double, std::micro>(now - last_).count(),
                           cpu - lastCpu_};
  last_ = now;
  lastCpu_ = cpu;
  return timing;
}

TickTiming::TickTiming(ServerMetrics& metrics, OverloadGovernor& governor)
    : metrics_(metrics), governor_(governor) {}

std::optional<OverloadGovernor::Transition> TickTiming::simulated(double workerCpu) {
  StageTiming simulate = timer_->lap();
  simulate.cpu += workerCpu;
  metrics_.simulateCpuMicros += simulate.cpu;
  metrics_.simulateBudgetOverruns += simulate.cpu > metrics_.tickBudgetMicros ? 1 : 0;
  metrics_.simulateStage.add(simulate.wall);
  std::optional<OverloadGovernor::Transition> change;
  if (simulatedTick_) {
    change = addTick(*simulatedTick_);  // an earlier substep of this turn, not sent
  }
  simulatedTick_ = simulate;
  return change;
}

std::optional<OverloadGovernor::Transition> TickTiming::sent() {
  const StageTiming sending = timer_->lap();
  metrics_.sendStage.add(sending.wall);
  metrics_.sendCpuMicros += sending.cpu;
  metrics_.sendBudgetOverruns += sending.cpu > metrics_.tickBudgetMicros ? 1 : 0;
  if (!simulatedTick_) {
    return std::nullopt;
  }
  const StageTiming tick{simulatedTick_->wall + sending.wall, simulatedTick_->cpu + sending.cpu};
  simulatedTick_.reset();
  return addTick(tick);
}

std::optional<OverloadGovernor::Transition> TickTiming::addTick(const StageTiming& timing) {
  metrics_.addTick(timing);
  return governor_.addTick(timing.wall / 1000.0);
}

}  // namespace coyote
