#pragma once

#include <chrono>

namespace coyote {

/// Seconds on the monotonic clock, from an arbitrary origin. Only programs' main loops and
/// profiling read it: the simulation, the server and the client core are handed time.
inline double monotonicSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace coyote
