#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace coyote {

/// The overload governor (docs/hosting.md#overload-governor). It judges the p95 of the tick time
/// over windows of 100 ticks — never a single spike. Three windows in a row above the budget step
/// down one level; 30 s of windows all under 60 % of the budget step back up one level:
///   0 normal;
///   1 frames sent at half the rate;
///   2 and new joins refused ("server busy");
///   3 and the world's activity capped: `sim.simulation_radius` and `budgets.max_active_bodies`
///     reduced from an announced tick on, as an authoritative event (GameServer).
/// It reads durations, not a clock, so a test drives it tick by tick.
class OverloadGovernor {
 public:
  static constexpr std::size_t kWindowTicks = 100;
  static constexpr int kWindowsToStepDown = 3;
  static constexpr double kCalmShare = 0.6;     ///< of the budget, to step back up
  static constexpr double kCalmSeconds = 30.0;  ///< that long, to step back up
  static constexpr int kMaxLevel = 3;

  struct Transition {
    int from = 0;
    int to = 0;
    std::string cause;  ///< the windows' p95s and the budget, for the log
  };

  /// `budgetMs` ≤ 0 turns it off (the level stays 0).
  OverloadGovernor(double budgetMs, int tickRate);

  /// One tick took `milliseconds`; a transition when the level changed at the end of a window.
  std::optional<Transition> addTick(double milliseconds);

  int level() const { return level_; }
  bool halvesSendRate() const { return level_ >= 1; }
  bool refusesJoins() const { return level_ >= 2; }
  bool limitsActivity() const { return level_ >= 3; }

 private:
  std::optional<Transition> judgeWindow(double p95);

  double budgetMs_;
  std::size_t calmWindowsToStepUp_;
  std::array<double, kWindowTicks> window_{};
  std::size_t filled_ = 0;
  int windowsOver_ = 0;
  std::size_t calmWindows_ = 0;
  int level_ = 0;
};

}  // namespace coyote
