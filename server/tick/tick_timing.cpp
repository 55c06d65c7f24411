#include "server/tick/tick_timing.h"

#include <chrono>
#include <ctime>

namespace coyote {

double threadCpuMicros() {
  timespec cpu{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
  return static_cast<double>(cpu.tv_sec) * 1e6 + static_cast<double>(cpu.tv_nsec) / 1e3;
}

namespace {

class MachineStageClock final : public StageClock {
 public:
  StageTiming read() override {
    const auto wall = std::chrono::steady_clock::now().time_since_epoch();
    return {std::chrono::duration<double, std::micro>(wall).count(), threadCpuMicros()};
  }
};

}  // namespace

StageClock& machineStageClock() {
  static MachineStageClock clock;
  return clock;
}

StageTiming StageTimer::lap() {
  const StageTiming now = clock_.read();
  const StageTiming timing{now.wall - last_.wall, now.cpu - last_.cpu};
  last_ = now;
  return timing;
}

TickTiming::TickTiming(ServerMetrics& metrics, OverloadGovernor& governor, StageClock& clock)
    : metrics_(metrics), governor_(governor), clock_(clock) {}

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
