#include "server/tick/overload_governor.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace coyote {

OverloadGovernor::OverloadGovernor(double budgetMs, int tickRate)
    : budgetMs_(budgetMs),
      calmWindowsToStepUp_(static_cast<std::size_t>(
          std::ceil(kCalmSeconds * tickRate / static_cast<double>(kWindowTicks)))) {}

std::optional<OverloadGovernor::Transition> OverloadGovernor::addTick(double milliseconds) {
  if (budgetMs_ <= 0.0) {
    return std::nullopt;
  }
  window_[filled_++] = milliseconds;
  if (filled_ < kWindowTicks) {
    return std::nullopt;
  }
  filled_ = 0;
  std::array<double, kWindowTicks> sorted = window_;
  const auto p95 = sorted.begin() + static_cast<std::ptrdiff_t>(kWindowTicks * 95 / 100);
  std::nth_element(sorted.begin(), p95, sorted.end());
  return judgeWindow(*p95);
}

std::optional<OverloadGovernor::Transition> OverloadGovernor::judgeWindow(double p95) {
  windowsOver_ = p95 > budgetMs_ ? std::min(windowsOver_ + 1, kWindowsToStepDown) : 0;
  calmWindows_ = p95 < kCalmShare * budgetMs_ ? calmWindows_ + 1 : 0;
  if (windowsOver_ >= kWindowsToStepDown && level_ < kMaxLevel) {
    windowsOver_ = 0;
    ++level_;
    return Transition{level_ - 1, level_,
                      fmt::format("tick p95 above the {:.2f} ms budget for {} windows of {} ticks "
                                  "(last {:.3f} ms)",
                                  budgetMs_, kWindowsToStepDown, kWindowTicks, p95)};
  }
  if (calmWindows_ >= calmWindowsToStepUp_ && level_ > 0) {
    calmWindows_ = 0;
    --level_;
    return Transition{level_ + 1, level_,
                      fmt::format("tick p95 under {:.0f} % of the {:.2f} ms budget for {:.0f} s "
                                  "(last {:.3f} ms)",
                                  kCalmShare * 100.0, budgetMs_, kCalmSeconds, p95)};
  }
  return std::nullopt;
}

}  // namespace coyote
