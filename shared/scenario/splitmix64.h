#pragma once

#include <cstdint>

namespace coyote {

/// splitmix64: advances `state` and returns the next value. Tiny, fast and identical on every
/// compiler, so seeded inputs (RandomInputs, WalkerBrain) are the same everywhere.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace coyote
