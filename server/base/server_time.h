#pragma once

#include <cstdint>

namespace coyote {

/// A moment as the server's loop reads it: both clocks, taken by the caller (server/main.cpp,
/// or a test that makes them up), so that no part of the server reads a clock.
struct ServerTime {
  double seconds = 0.0;          ///< the monotonic clock, s, any origin: every deadline and tick
  std::int64_t unixSeconds = 0;  ///< the wall clock, s since 1970: only what is written down
};

}  // namespace coyote
