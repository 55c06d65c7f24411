#include "tools/sim/replay_players.h"

#include <array>
#include <optional>

namespace coyote {

std::vector<ReplayPlayerSummary> replayPlayers(const Replay& replay) {
  std::vector<ReplayPlayerSummary> players;
  // Indexed by slot, a byte: every slot has its place.
  static_assert(kMaxCharacters == 256);
  std::array<std::optional<std::size_t>, kMaxCharacters> present{};  // the slot's entry
  std::array<std::uint8_t, kMaxCharacters> lastButtons{};
  const auto join = [&](std::uint8_t slot, const std::string& name) {
    present[slot] = players.size();
    lastButtons[slot] = 0;
    players.push_back({name, slot});
  };
  for (const net::SlotName& entry : replay.header.start.roster) {
    join(entry.slot, entry.name);
  }
  for (const ReplayTick& tick : replay.ticks) {
    for (const RosterEvent& event : tick.events) {
      if (event.kind == RosterEvent::kJoin) {
        join(event.slot, event.name);
      } else if (event.kind == RosterEvent::kLeave) {
        present[event.slot].reset();
      }
    }
    for (const SlotInput& input : tick.inputs) {
      if (!present[input.slot]) {
        continue;  // an input of a slot nobody joined: the verifier judges the file, not this
      }
      ReplayPlayerSummary& player = players[*present[input.slot]];
      ++player.ticks;
      player.activeTicks += input.input == PlayerInput{} ? 0u : 1u;
      const bool jump = input.input.held(kButtonJump);
      player.jumps += jump && (lastButtons[input.slot] & kButtonJump) == 0 ? 1u : 0u;
      lastButtons[input.slot] = input.input.buttons;
    }
  }
  return players;
}

}  // namespace coyote
