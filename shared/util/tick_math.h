#pragma once

// Tick arithmetic in one place. Ticks are uint32 counters that wrap after 2^32 (2.3 years at
// 60 Hz); the wire carries some of them as their low 16 bits. Distances are taken modulo 2^32 and
// read as signed, so they stay right across the wrap as long as the two ticks are within 2^31.

#include <cstdint>

namespace coyote {

/// a - b as a signed number of ticks (negative: a is before b), across the 2^32 wrap.
constexpr std::int32_t tickDistance(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::int32_t>(a - b);
}

/// True if tick a comes after tick b.
constexpr bool tickAfter(std::uint32_t a, std::uint32_t b) {
  return tickDistance(a, b) > 0;
}

/// The low 16 bits that stand for `tick` on the wire.
constexpr std::uint16_t lowTickBits(std::uint32_t tick) {
  return static_cast<std::uint16_t>(tick & 0xFFFFu);
}

/// The full tick with low bits `low` that is nearest to `reference` (within ±2^15), across the
/// 2^16 and 2^32 boundaries alike.
constexpr std::uint32_t expandLowTickBits(std::uint16_t low, std::uint32_t reference) {
  const auto delta =
      static_cast<std::int16_t>(static_cast<std::uint16_t>(low - lowTickBits(reference)));
  return reference + static_cast<std::uint32_t>(static_cast<std::int32_t>(delta));
}

}  // namespace coyote
