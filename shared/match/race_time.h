#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace coyote {

/// A race time of `ticks` whole ticks and `fraction` of one, in µs (rounded): what the records
/// store and compare (docs/simulation.md#races).
inline std::int64_t raceMicros(std::int32_t ticks, float fraction, std::int32_t tickRate) {
  const double seconds =
      (static_cast<double>(ticks) + static_cast<double>(fraction)) / static_cast<double>(tickRate);
  return std::llround(seconds * 1e6);
}

/// "0:12.345", "1:02.003": minutes, seconds and milliseconds (to the nearest) as speedrunners
/// write a time; never negative. The HUD, the results and the leaderboard page all use it.
inline std::string formatRaceTime(std::int64_t micros) {
  const std::int64_t millis = micros < 0 ? 0 : (micros + 500) / 1000;
  return fmt::format("{}:{:02}.{:03}", millis / 60000, millis / 1000 % 60, millis % 1000);
}

inline std::string formatRaceSeconds(double seconds) {
  return formatRaceTime(static_cast<std::int64_t>(std::llround(seconds * 1e6)));
}

}  // namespace coyote
