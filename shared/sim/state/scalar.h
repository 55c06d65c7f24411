#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace coyote {

/// Tolerance on the axis perpendicular to a sweep: a box whose edge lies within kSkin of a cell
/// boundary does not overlap that cell. It is what tells "walking on a floor" (contact, no block)
/// from "running into it" (block), and it absorbs the last-bit rounding of `(col - w) + w`.
inline constexpr float kSkin = 1.0e-3f;

/// |value| with plain comparisons (docs/simulation.md#determinism: + − × ÷ and sqrt, and floor,
/// which IEEE 754 makes exact on every machine as it does sqrt): `value < 0 ? -value : value`, so
/// -0 and a NaN come back as they are. Negating a negative value only clears its sign bit, and that
/// is what this does, with no branch: g++ made one of the conditional, and the sign of a velocity
/// is as random as a player's input.
inline float absOf(float value) {
  const std::uint32_t negative = static_cast<std::uint32_t>(value < 0.0f) << 31;
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(value) & ~negative);
}

/// |value| for a comparison: the sign bit cleared, one instruction. It differs from absOf only
/// for -0 (+0 here) and a NaN with its sign set (the NaN without it), and those compare the same
/// either way: use absOf for a value that is kept, this for one that is only compared.
inline float magnitudeOf(float value) {
  return std::bit_cast<float>(std::bit_cast<std::uint32_t>(value) & 0x7fffffffu);
}

/// The tile row or column holding `value`: floor(value) as an int, for a finite value inside
/// int's range (every coordinate of a level is). The tile sweeps call it on every edge of every
/// box, a few dozen times a character step. With SSE4.1 (x86-64-v2, the x86 builds' target) or on
/// aarch64, floor is one instruction; without, it is a dozen, and an integer truncation with a
/// correction does it in five. Both give the same result for every such value.
inline int floorToInt(float value) {
#if defined(__SSE4_1__) || defined(__aarch64__)
  return static_cast<int>(std::floor(value));
#else
  const int truncated = static_cast<int>(value);  // toward zero
  return value < static_cast<float>(truncated) ? truncated - 1 : truncated;
#endif
}

}  // namespace coyote
