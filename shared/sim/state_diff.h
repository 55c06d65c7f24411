#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sim/state/world_state.h"

namespace coyote {

/// Names of the fields that differ between two states, e.g. "tick" or
/// "characters[3].position.y", at most `limit` of them, in a fixed order. Used to say where a
/// desync happened; never called by the step.
std::vector<std::string> differingFields(const WorldState& a, const WorldState& b,
                                         std::size_t limit = 16);

}  // namespace coyote
