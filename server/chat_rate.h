#pragma once

#include <algorithm>

namespace coyote {

/// How fast chat may go (docs/playing.md#chat), as a token bucket: a burst of `burst` units, then
/// `perSecond`. A sender's units are lines (5, then 1 a second); a room's are bytes (1 KB a
/// second to each client). What goes beyond is dropped and counted as excess; `flooding` tells
/// when the excess of the last kFloodWindowSeconds reached kFloodExcess, for a kick.
class ChatRate {
 public:
  static constexpr double kFloodWindowSeconds = 10.0;
  static constexpr int kFloodExcess = 10;

  ChatRate(double burst, double perSecond) : burst_(burst), perSecond_(perSecond), tokens_(burst) {}

  /// True if `cost` units at `now` may go; false (and one more excess) if not.
  bool admit(double now, double cost = 1.0) {
    tokens_ = std::min(burst_, tokens_ + (now - refilledAt_) * perSecond_);
    refilledAt_ = now;
    if (tokens_ >= cost) {
      tokens_ -= cost;
      return true;
    }
    if (now - excessSince_ > kFloodWindowSeconds) {
      excessSince_ = now;
      excess_ = 0;
    }
    ++excess_;
    return false;
  }
  bool flooding() const { return excess_ >= kFloodExcess; }

 private:
  double burst_;
  double perSecond_;
  double tokens_;
  double refilledAt_ = -1e9;
  double excessSince_ = -1e9;
  int excess_ = 0;
};

}  // namespace coyote
