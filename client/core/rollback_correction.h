#pragma once

#include "sim/vec2.h"

namespace coyote {

/// How a rollback moved one remote character at the present tick: where the old prediction had
/// it, where the re-simulation put it, and whether its ground or wall contact changed.
struct RollbackCorrection {
  int slot = 0;
  Vec2 before;
  Vec2 after;
  bool contactChanged = false;
};

}  // namespace coyote
