#include "client/app/window/frame_timer.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace coyote {

void FrameTimer::end(double now) {
  if (begunAt_ < 0.0) {
    return;
  }
  const double ms = (now - begunAt_) * 1000.0;
  begunAt_ = -1.0;
  if (recentMs_.size() < kKept) {
    recentMs_.push_back(ms);
  } else {
    recentMs_[count_ % kKept] = ms;
  }
  ++count_;
  totalMs_ += ms;
}

double FrameTimer::meanMs() const {
  return count_ == 0 ? 0.0 : totalMs_ / static_cast<double>(count_);
}

double FrameTimer::quantileMs(double fraction) const {
  if (recentMs_.empty()) {
    return 0.0;
  }
  std::vector<double> sorted = recentMs_;
  const auto rank = static_cast<std::size_t>(
      std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(sorted.size())));
  const auto nth = sorted.begin() + static_cast<std::ptrdiff_t>(rank == 0 ? 0 : rank - 1);
  std::nth_element(sorted.begin(), nth, sorted.end());
  return *nth;
}

std::string FrameTimer::summary() const {
  if (count_ == 0) {
    return "no frame";
  }
  return fmt::format("{} frames, {:.2f} ms mean, {:.2f} ms median, {:.2f} ms p99 to make one",
                     count_, meanMs(), quantileMs(0.5), quantileMs(0.99));
}

}  // namespace coyote
