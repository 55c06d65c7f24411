#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>

namespace coyote {

/// Failed attempts (wrong admin tokens, wrong passwords, refused Hellos) logged as one line per
/// interval instead of one each: a flood of them from thousands of addresses writes a line every
/// kIntervalSeconds, not megabytes. The first failure of a quiet interval is told at once, with
/// its details, so that a single mistake is still plain in the log.
class FailureSummary {
 public:
  static constexpr double kIntervalSeconds = 10.0;
  static constexpr std::size_t kMaxAddresses = 4096;  ///< distinct addresses counted exactly

  /// `what`: the failures' name in the summary ("wrong admin tokens").
  explicit FailureSummary(std::string what) : what_(std::move(what)) {}

  /// Counts one failure from `address`; true if it is the first of its interval (log it whole).
  bool note(std::uint32_t address, double now, bool unchecked = false);
  /// The summary line of the interval that ended by `now`, once, if it had more failures than the
  /// one told at once.
  std::optional<std::string> due(double now);

 private:
  std::string what_;
  double start_ = -1e9;
  std::uint64_t count_ = 0;
  std::uint64_t unchecked_ = 0;
  std::unordered_set<std::uint32_t> addresses_;
};

}  // namespace coyote
