#pragma once

#include <bit>
#include <cstdint>

#include "sim/level.h"
#include "sim/slot_bits.h"
#include "sim/world_state.h"

namespace coyote {

/// A set of crate slots.
using CrateBits = SlotBits<kMaxCrates>;

/// How far outside the grid (tiles, each side) a body may be before the guard calls it lost.
inline constexpr float kLevelMargin = 32.0f;

/// Finite and within kLevelMargin of the grid (written so that a NaN fails every comparison and
/// so the test).
inline bool isSoundPosition(Vec2 position, const Level& level) {
  return position.x >= -kLevelMargin &&
         position.x <= static_cast<float>(level.width()) + kLevelMargin &&
         position.y >= -kLevelMargin &&
         position.y <= static_cast<float>(level.height()) + kLevelMargin;
}

/// Below this row a body has fallen out of the level (it starts again: world_step.cpp).
inline float killLine(const Level& level) {
  return static_cast<float>(level.height()) + 2.0f;
}

/// Whether a crate is settled: asleep at rest on the tiles (nothing under it can move), still,
/// sound and already recorded as such. No pass of a step changes a settled crate until something
/// runs into it, so the step visits it only to guard it and to ask whether something moves near
/// it (issue 9: 2,000 crates step at the cost of the awake ones). Bits are compared, not values:
/// a -0 velocity is not settled, for the guard would make it +0.
inline bool isSettled(const Crate& crate, std::uint8_t restingTicks, const Level& level) {
  const auto bits = [](float value) { return std::bit_cast<std::uint32_t>(value); };
  return crate.present() && crate.asleep && crate.restTicks >= restingTicks &&
         crate.support == kNoBody && (bits(crate.velocity.x) | bits(crate.velocity.y)) == 0 &&
         bits(crate.position.x) == bits(crate.lastValid.x) &&
         bits(crate.position.y) == bits(crate.lastValid.y) && crate.position.y <= killLine(level) &&
         isSoundPosition(crate.position, level);
}

}  // namespace coyote
