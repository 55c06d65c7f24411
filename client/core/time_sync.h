#pragma once

#include <algorithm>

namespace coyote {

/// Paces the client's ticks so that its inputs reach the server `target()` ticks before the
/// server needs them (docs/protocol.md#inputs-and-time). Small errors are absorbed by time dilation
/// — ticks a few percent longer or shorter, in proportion to the smoothed error, so the margin
/// settles on the target itself rather than at the edge of a dead band — and only a large error (a
/// lag spike, the first seconds) is corrected by skipping whole ticks, at most once per second.
///
/// The target adapts to the link, like Overwatch's adaptive input buffer: each time an input of
/// ours reached the server too late (it rolled us back) once the margin has first settled (the
/// join's first guess does not count), the target rises by a tick, up to
/// `kMaxExtraMargin` over the base; after `kCalmSeconds` without one, and if no margin report in
/// that time dipped below the target (the link has calmed: no jitter eats into the margin), it
/// comes back down a tick (hysteresis: up at once, down slowly).
class TimeSync {
 public:
  static constexpr double kMaxDilation = 0.04;      ///< ±4 % tick length
  static constexpr double kDilationPerTick = 0.01;  ///< per tick of smoothed error
  static constexpr double kSmoothing = 0.2;         ///< weight of each new margin report
  static constexpr int kSkipThreshold = 8;          ///< ticks of error corrected by skipping
  static constexpr int kMaxExtraMargin = 4;         ///< adaptive target ≤ base + 4 ticks
  static constexpr double kCalmSeconds = 20.0;      ///< without a late input before lowering
  static constexpr double kRaiseInterval = 0.25;    ///< one burst of late inputs: one tick

  TimeSync(int tickRate, int baseMargin)
      : dt_(1.0 / tickRate), base_(baseMargin), target_(baseMargin) {}

  /// The server's latest report of how many ticks early our inputs arrive (the fewest since its
  /// last report).
  void onMarginReport(int margin, double now) {
    const int error = margin - target_;
    settled_ = settled_ || (error >= -1 && error <= 1);
    lowestSinceChange_ = std::min(lowestSinceChange_, margin - target_);
    if ((error > kSkipThreshold || error < -kSkipThreshold) && now - lastSkip_ >= 1.0) {
      pendingSkip_ = -error;
      lastSkip_ = now;
      smoothedError_ = 0.0;  // the skip fixes it; the next report will tell
      return;
    }
    smoothedError_ += kSmoothing * (error - smoothedError_);
    lowerTargetIfCalm(now);
  }

  /// One of our inputs reached the server too late: the server used another, and we rolled
  /// back. More margin, at once.
  void onOwnInputLate(double now) {
    if (!settled_ || now - lastChange_ < kRaiseInterval) {
      return;  // joining (the first lead is a guess), or the same burst of lateness
    }
    if (target_ < base_ + kMaxExtraMargin) {
      ++target_;
      smoothedError_ -= 1.0;  // the margin we have is now a tick short of the target
    }
    changeAt(now);
  }

  /// Seconds one tick lasts right now.
  double tickDuration() const { return dt_ * (1.0 + dilation()); }

  /// Positive: ticks to run at once (inputs arrive late); negative: ticks to hold back.
  int takeTicksToSkip() {
    const int ticks = pendingSkip_;
    pendingSkip_ = 0;
    return ticks;
  }

  /// > 0 slows the client down (its inputs arrive too early), < 0 speeds it up.
  double dilation() const {
    return std::clamp(smoothedError_ * kDilationPerTick, -kMaxDilation, kMaxDilation);
  }

  int target() const { return target_; }
  double smoothedError() const { return smoothedError_; }

 private:
  void lowerTargetIfCalm(double now) {
    if (lastChange_ < 0.0) {
      changeAt(now);  // the first report starts the clock
    }
    if (target_ > base_ && now - lastChange_ >= kCalmSeconds && lowestSinceChange_ >= 0) {
      --target_;
      smoothedError_ += 1.0;
      changeAt(now);
    }
  }
  void changeAt(double now) {
    lastChange_ = now;
    lowestSinceChange_ = 0;
  }

  double dt_;
  int base_;
  int target_;
  double smoothedError_ = 0.0;
  int pendingSkip_ = 0;
  double lastSkip_ = -1e9;
  double lastChange_ = -1.0;
  int lowestSinceChange_ = 0;  ///< the lowest report minus target since the target last moved
  bool settled_ = false;       ///< a report has come within a tick of the target
};

}  // namespace coyote
