#pragma once

namespace coyote {

/// Paces the client's ticks so that its inputs reach the server `targetMargin` ticks before the
/// server needs them (SPEC §5). Small errors are absorbed by time dilation — ticks a few percent
/// longer or shorter — and only a large error (a lag spike, the first seconds) is corrected by
/// skipping whole ticks (running them at once or holding them back), at most once per second.
class TimeSync {
 public:
  static constexpr double kMaxDilation = 0.04;      ///< ±4 % tick length
  static constexpr double kDilationPerTick = 0.01;  ///< per tick of error beyond the dead band
  static constexpr int kSkipThreshold = 8;          ///< ticks of error corrected by skipping

  TimeSync(int tickRate, int targetMargin) : dt_(1.0 / tickRate), target_(targetMargin) {}

  /// The server's latest report of how many ticks early our inputs arrive.
  void onMarginReport(int margin, double now) {
    error_ = margin - target_;
    if ((error_ > kSkipThreshold || error_ < -kSkipThreshold) && now - lastSkip_ >= 1.0) {
      pendingSkip_ = -error_;
      lastSkip_ = now;
      error_ = 0;  // the skip fixes it; the next report will tell
    }
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
    const int beyondDeadBand = error_ > 1 ? error_ - 1 : (error_ < -1 ? error_ + 1 : 0);
    const double dilation = beyondDeadBand * kDilationPerTick;
    return dilation > kMaxDilation ? kMaxDilation
                                   : (dilation < -kMaxDilation ? -kMaxDilation : dilation);
  }

  int target() const { return target_; }

 private:
  double dt_;
  int target_;
  int error_ = 0;
  int pendingSkip_ = 0;
  double lastSkip_ = -1e9;
};

}  // namespace coyote
