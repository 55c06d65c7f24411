#pragma once

#include "limits/token_bucket.h"

namespace coyote {

/// How fast one sender may chat (docs/playing.md#chat): 5 lines at once, then 1 a second. Lines
/// beyond it are dropped and counted as excess; `flooding` tells when the excess of the last
/// kFloodWindowSeconds reached kFloodExcess, for a kick.
class ChatRate {
 public:
  static constexpr double kFloodWindowSeconds = 10.0;
  static constexpr int kFloodExcess = 10;

  /// True if a line at `now` may go; false (and one more excess) if not.
  bool admit(double now) {
    if (lines_.admit(now)) {
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
  TokenBucket lines_{5.0, 1.0};
  double excessSince_ = -1e9;
  int excess_ = 0;
};

}  // namespace coyote
