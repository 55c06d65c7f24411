#pragma once

#include <array>
#include <cstdint>

#include "sim/player_input.h"

namespace coyote {

/// One player's inputs by tick, in a fixed ring: memory never grows whatever a client sends.
/// Inputs further ahead than the ring are refused by the caller (`net.max_input_lead`).
class InputBuffer {
 public:
  static constexpr std::uint32_t kCapacity = 1024;

  /// Stores the input for `tick`; false if one was already there (a redundant copy).
  bool store(std::uint32_t tick, PlayerInput input) {
    Slot& slot = slots_[tick % kCapacity];
    if (slot.valid && slot.tick == tick) {
      return false;
    }
    slot = {tick, input, true};
    return true;
  }

  bool has(std::uint32_t tick) const {
    const Slot& slot = slots_[tick % kCapacity];
    return slot.valid && slot.tick == tick;
  }

  /// The input for `tick`, if it arrived.
  const PlayerInput* find(std::uint32_t tick) const {
    const Slot& slot = slots_[tick % kCapacity];
    return slot.valid && slot.tick == tick ? &slot.input : nullptr;
  }

  void clear() { slots_ = {}; }

 private:
  struct Slot {
    std::uint32_t tick = 0;
    PlayerInput input;
    bool valid = false;
  };
  std::array<Slot, kCapacity> slots_{};
};

}  // namespace coyote
