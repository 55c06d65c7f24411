#pragma once

#include <cstdint>

#include "sim/state/player_input.h"

namespace coyote {

/// One player's input at one tick, by slot: how snapshots, frames and replays list inputs.
struct SlotInput {
  std::uint8_t slot = 0;
  PlayerInput input;

  friend bool operator==(const SlotInput&, const SlotInput&) = default;
};

}  // namespace coyote
