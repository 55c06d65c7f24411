#include "server/reconnect_guard.h"

#include <algorithm>

namespace coyote {

bool ReconnectGuard::admitWrongGuess(std::uint32_t address, double now) {
  auto found = failures_.find(address);
  if (found != failures_.end() && now - found->second.windowStart >= kWindowSeconds) {
    found->second = Failures{0, now};  // its window has passed: a fresh one
  }
  if (found == failures_.end()) {
    makeRoom(now);
    found = failures_.emplace(address, Failures{0, now}).first;
  }
  if (found->second.count >= kMaxFailures) {
    return false;
  }
  ++found->second.count;
  return true;
}

// Forgets the entries whose window has passed; if none has, the oldest window gives way. A
// guesser cycling through more addresses than the table holds only forgets its own oldest ones.
void ReconnectGuard::makeRoom(double now) {
  if (failures_.size() < kMaxAddresses) {
    return;
  }
  std::erase_if(failures_, [now](const auto& entry) {
    return now - entry.second.windowStart >= kWindowSeconds;
  });
  if (failures_.size() >= kMaxAddresses) {
    const auto oldest = std::min_element(
        failures_.begin(), failures_.end(),
        [](const auto& a, const auto& b) { return a.second.windowStart < b.second.windowStart; });
    failures_.erase(oldest);
  }
}

}  // namespace coyote
