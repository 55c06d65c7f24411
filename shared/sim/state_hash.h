#pragma once

#include <cstdint>

#include "sim/state/world_state.h"

namespace coyote {

/// xxHash64 of a canonical little-endian encoding of the state: every field of every active
/// character in a fixed order, floats by their bit pattern, never padding bytes. Server and
/// client compare it every tick (docs/simulation.md#determinism).
std::uint64_t hashState(const WorldState& state);

}  // namespace coyote
