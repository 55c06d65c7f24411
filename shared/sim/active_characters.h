#pragma once

#include <array>
#include <cstdint>

#include "sim/world_state.h"

namespace coyote {

/// The active character slots in slot order, gathered once a step: every phase then walks the
/// players there are, not the 256 slots there could be (a slot is a hundred bytes; three walks
/// over all of them cost more than stepping one character).
struct ActiveCharacters {
  std::array<std::uint8_t, kMaxCharacters> slots;
  std::size_t count = 0;

  explicit ActiveCharacters(const WorldState& state) {
    for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
      if (state.characters[slot].active) {
        slots[count++] = static_cast<std::uint8_t>(slot);
      }
    }
  }
  const std::uint8_t* begin() const { return slots.data(); }
  const std::uint8_t* end() const { return slots.data() + count; }
};

}  // namespace coyote
