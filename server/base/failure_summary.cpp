#include "server/base/failure_summary.h"

#include <fmt/format.h>

namespace coyote {

bool FailureSummary::note(std::uint32_t address, double now, bool unchecked) {
  const bool first = now - start_ >= kIntervalSeconds && count_ == 0;
  if (first) {
    start_ = now;
  }
  ++count_;
  unchecked_ += unchecked ? 1 : 0;
  if (addresses_.size() < kMaxAddresses) {
    addresses_.insert(address);
  }
  return first;
}

std::optional<std::string> FailureSummary::due(double now) {
  if (count_ == 0 || now - start_ < kIntervalSeconds) {
    return std::nullopt;
  }
  std::optional<std::string> line;
  if (count_ > 1) {
    line = fmt::format("{} {} from {}{} addresses in the last {:.0f} s{}", count_, what_,
                       addresses_.size() >= kMaxAddresses ? "at least " : "", addresses_.size(),
                       now - start_,
                       unchecked_ > 0 ? fmt::format(" ({} refused unchecked)", unchecked_) : "");
  }
  count_ = 0;
  unchecked_ = 0;
  addresses_.clear();
  start_ = now;
  return line;
}

}  // namespace coyote
