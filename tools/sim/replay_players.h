#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "replay/replay_file.h"

namespace coyote {

/// One player's time in a replay, as `coyote-sim verify` prints it: a host reviewing a report,
/// or a test, sees who played and that they pressed something, not only that the hashes hold.
struct ReplayPlayerSummary {
  std::string name;
  int slot = 0;
  std::uint32_t ticks = 0;        ///< ticks stepped with this player in the room
  std::uint32_t activeTicks = 0;  ///< of those, ticks with a direction or a button held
  std::uint32_t jumps = 0;        ///< presses of jump (ticks where it went down)
};

/// Every player of `replay` in the order they came (those of the start first, by slot); a slot
/// left and joined again is a second entry.
std::vector<ReplayPlayerSummary> replayPlayers(const Replay& replay);

}  // namespace coyote
