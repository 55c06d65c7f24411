#pragma once

#include <algorithm>

namespace coyote {

/// A token bucket: a burst of `burst` units, refilled at `perSecond`. What a server budgets by
/// the second uses one: a sender's chat lines, a room's chat bytes, the info replies.
class TokenBucket {
 public:
  TokenBucket(double burst, double perSecond)
      : burst_(burst), perSecond_(perSecond), tokens_(burst) {}

  /// Whether `cost` units could go at `now` (nothing is taken).
  bool available(double now, double cost = 1.0) const {
    return std::min(burst_, tokens_ + (now - refilledAt_) * perSecond_) >= cost;
  }

  /// True (and the units taken) if `cost` units may go at `now`.
  bool admit(double now, double cost = 1.0) {
    tokens_ = std::min(burst_, tokens_ + (now - refilledAt_) * perSecond_);
    refilledAt_ = now;
    if (tokens_ < cost) {
      return false;
    }
    tokens_ -= cost;
    return true;
  }

 private:
  double burst_;
  double perSecond_;
  double tokens_;
  double refilledAt_ = -1e9;
};

}  // namespace coyote
