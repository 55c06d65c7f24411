#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace coyote {

/// How long the client takes to make a frame: from the top of the loop (events read) to the
/// picture handed to the window, without the wait for vsync or the frame cap. It is what a
/// player's machine spends on Coyote a frame, and what tells one platform from another on the
/// same machine (docs/testing.md#windows compares the Windows client under wine with Linux's).
class FrameTimer {
 public:
  /// A frame begins at `now` (seconds); one begun and never ended is forgotten.
  void begin(double now) { begunAt_ = now; }
  /// The frame begun last is handed over at `now`: its time is kept.
  void end(double now);

  std::size_t frames() const { return count_; }
  double meanMs() const;
  /// The `fraction` quantile (0.5: the median) of the last kKept frames, in ms.
  double quantileMs(double fraction) const;
  /// "812 frames, 3.10 ms mean, 2.80 ms median, 7.90 ms p99 to make one"; "no frame" if none.
  std::string summary() const;

  static constexpr std::size_t kKept = 8192;  ///< a couple of minutes at 60 frames a second

 private:
  double begunAt_ = -1.0;
  std::size_t count_ = 0;
  double totalMs_ = 0.0;
  std::vector<double> recentMs_;  ///< a ring of the last kKept frames, for the quantiles
};

}  // namespace coyote
