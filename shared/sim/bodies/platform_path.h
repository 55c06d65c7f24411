#pragma once

#include <cstdint>

#include "sim/state/level_bodies.h"

namespace coyote {

/// Ticks of one whole cycle of a platform's path at `tickRate` (at least 1).
std::uint32_t platformPeriodTicks(const PlatformDefinition& platform, int tickRate);

/// Where a platform is `phase` ticks into its cycle (0 ≤ phase < the period).
///
/// Drift-free by construction: the cycle is a list of legs (each segment, and each wait), each a
/// whole number of ticks (its length / speed, rounded, at least 1); a position is `from + (to -
/// from) * (k / ticks)` inside its leg, computed afresh from the phase every tick, never
/// accumulated. Every leg starts exactly at its first point, so after one period a platform is
/// back at its start to the bit, after 10 or 10,000 periods alike.
Vec2 platformPositionAt(const PlatformDefinition& platform, std::uint32_t phase, int tickRate);

}  // namespace coyote
