#pragma once

#include <array>
#include <cstdint>

#include "sim/state/player_input.h"
#include "sim/world_step.h"

namespace coyote {

/// Seeded random player inputs, the same in coyote-sim, the tests and the benchmark. Each player
/// holds an intent (run left or right, jump held, dash, down) for a random 4–30 ticks, so the
/// characters really run, jump, dash and wall-jump rather than jitter in place.
class RandomInputs {
 public:
  explicit RandomInputs(std::uint64_t seed);

  /// Fills slots 0..players-1 of `inputs` for the next tick.
  void next(TickInputs& inputs, int players);

 private:
  struct Intent {
    PlayerInput input;
    std::int32_t ticksLeft = 0;
  };

  std::uint64_t nextRandom();
  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>(nextRandom() % bound);
  }
  Intent pickIntent();

  std::uint64_t state_;
  std::array<Intent, kMaxCharacters> intents_{};
};

}  // namespace coyote
