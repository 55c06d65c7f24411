#include "server/session/welcome_copies.h"

#include <algorithm>
#include <utility>

#include "server/base/proven_output.h"

namespace coyote {

void WelcomeCopies::keep(std::vector<std::uint8_t> encoded, double now) {
  encoded_ = std::move(encoded);
  lastSentAt_ = now;
  copiesSent_ = 0;
  copyBytes_ = 0;
}

std::span<const std::uint8_t> WelcomeCopies::answerRepeatedHello(double now,
                                                                 double roundTripSeconds,
                                                                 std::uint64_t bytesReceived) {
  if (copiesSent_ >= kMaxCopies) {
    release();  // the last copy's bytes were in use until this call
  }
  // A Hello sent before the last Welcome arrived says nothing about it: wait a round trip.
  const double interval = std::max(roundTripSeconds, kMinIntervalSeconds);
  if (encoded_.empty() || now - lastSentAt_ < interval) {
    return {};
  }
  if (!withinProvenOutput(copyBytes_, encoded_.size(), kFreeCopyBytes, bytesReceived)) {
    return {};
  }
  lastSentAt_ = now;
  ++copiesSent_;
  copyBytes_ += encoded_.size();
  return encoded_;
}

void WelcomeCopies::release() {
  encoded_.clear();
  encoded_.shrink_to_fit();
}

}  // namespace coyote
