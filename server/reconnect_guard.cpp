#include "server/reconnect_guard.h"

namespace coyote {

bool ReconnectGuard::allows(std::uint32_t address, double now) {
  const auto found = failures_.find(address);
  if (found == failures_.end()) {
    return failures_.size() < kMaxAddresses;
  }
  if (now - found->second.windowStart >= kWindowSeconds) {
    failures_.erase(found);
    return true;
  }
  return found->second.count < kMaxFailures;
}

void ReconnectGuard::recordFailure(std::uint32_t address, double now) {
  if (failures_.size() >= kMaxAddresses) {
    forgetOld(now);
  }
  if (failures_.size() >= kMaxAddresses && !failures_.contains(address)) {
    return;  // full of recent guessers: `allows` refuses the unknown ones anyway
  }
  Failures& entry = failures_[address];
  if (entry.count == 0 || now - entry.windowStart >= kWindowSeconds) {
    entry = Failures{0, now};
  }
  ++entry.count;
}

void ReconnectGuard::forgetOld(double now) {
  std::erase_if(failures_, [now](const auto& entry) {
    return now - entry.second.windowStart >= kWindowSeconds;
  });
}

}  // namespace coyote
