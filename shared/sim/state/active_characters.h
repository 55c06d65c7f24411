#pragma once

#include <array>
#include <cstdint>

#include "sim/state/world_state.h"

namespace coyote {

/// The active character slots in slot order, gathered once a step from the state's roster:
/// every phase then walks the players there are, not the 256 slots there could be.
struct ActiveCharacters {
  std::array<std::uint8_t, kMaxCharacters> slots;
  std::size_t count = 0;

  explicit ActiveCharacters(const WorldState& state) {
    state.roster.forEach(
        [this](std::size_t slot) { slots[count++] = static_cast<std::uint8_t>(slot); });
  }
  const std::uint8_t* begin() const { return slots.data(); }
  const std::uint8_t* end() const { return slots.data() + count; }
};

}  // namespace coyote
