#include "limits/address_rate_limit.h"

#include <algorithm>

namespace coyote {

bool AddressRateLimit::admit(std::uint32_t address, double now) {
  auto found = counts_.find(address);
  if (found != counts_.end() && now - found->second.start >= windowSeconds_) {
    found->second = Window{0, now};  // its window has passed: a fresh one
  }
  if (found == counts_.end()) {
    makeRoom(now);
    found = counts_.emplace(address, Window{0, now}).first;
  }
  if (found->second.count >= maxEvents_) {
    return false;
  }
  ++found->second.count;
  return true;
}

bool AddressRateLimit::over(std::uint32_t address, double now) const {
  const auto found = counts_.find(address);
  return found != counts_.end() && now - found->second.start < windowSeconds_ &&
         found->second.count >= maxEvents_;
}

// Forgets the entries whose window has passed; if none has, the oldest window gives way.
void AddressRateLimit::makeRoom(double now) {
  if (counts_.size() < kMaxAddresses) {
    return;
  }
  std::erase_if(counts_,
                [&](const auto& entry) { return now - entry.second.start >= windowSeconds_; });
  if (counts_.size() >= kMaxAddresses) {
    const auto oldest = std::min_element(
        counts_.begin(), counts_.end(),
        [](const auto& a, const auto& b) { return a.second.start < b.second.start; });
    counts_.erase(oldest);
  }
}

}  // namespace coyote
