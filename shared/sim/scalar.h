#pragma once

namespace coyote {

/// |value| with plain comparisons (the step uses only + − × ÷ and sqrt, SPEC §3.8).
inline float absOf(float value) {
  return value < 0.0f ? -value : value;
}

/// The tile row or column holding `value`: floor(value) as an int, for a finite value inside
/// int's range (every coordinate of a level is). The same result as static_cast<int>(floor()),
/// in a third of the instructions: without SSE4.1, floor() is a dozen of them, and the tile
/// sweeps call it on every edge of every box.
inline int floorToInt(float value) {
  const int truncated = static_cast<int>(value);  // toward zero
  return value < static_cast<float>(truncated) ? truncated - 1 : truncated;
}

}  // namespace coyote
