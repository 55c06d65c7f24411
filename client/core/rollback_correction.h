#pragma once

#include <vector>

#include "sim/state/world_state.h"

namespace coyote {

/// How a rollback moved one remote character at the present tick: where the old prediction had
/// it, where the re-simulation put it, and whether its ground or wall contact changed.
struct RollbackCorrection {
  int slot = 0;
  Vec2 before;
  Vec2 after;
  bool contactChanged = false;
};

/// The remote characters (every active slot but `localSlot`) that moved between two predictions
/// of the same tick: before and after a rollback.
std::vector<RollbackCorrection> correctionsBetween(const WorldState& before,
                                                   const WorldState& after, int localSlot);

}  // namespace coyote
