#include "tools/netsim/link_conditioner.h"

#include <algorithm>

namespace coyote {

double LinkConditioner::deliveryTime(double nowMs) {
  const double jitter = profile_.jitterMs * (2.0 * chance() - 1.0);
  const double at = nowMs + std::max(0.0, profile_.latencyMs + jitter);
  if (chance() < profile_.reorder) {
    ++counters_.reordered;
    // Held back past the packets that follow it, outside the first-in first-out order.
    return at + 2.0 * profile_.jitterMs + 15.0;
  }
  lastInOrderMs_ = std::max(lastInOrderMs_, at);
  return lastInOrderMs_;
}

LinkConditioner::Decision LinkConditioner::decide(double nowMs, std::size_t bytes) {
  ++counters_.received;
  counters_.bytes += bytes;
  Decision decision;
  if (chance() < profile_.loss) {
    ++counters_.dropped;
    return decision;
  }
  decision.deliverAtMs[decision.copies++] = deliveryTime(nowMs);
  if (chance() < profile_.duplicate) {
    ++counters_.duplicated;
    decision.deliverAtMs[decision.copies++] = deliveryTime(nowMs);
  }
  return decision;
}

}  // namespace coyote
