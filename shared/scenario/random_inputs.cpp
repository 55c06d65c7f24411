#include "scenario/random_inputs.h"

#include "scenario/splitmix64.h"

namespace coyote {

RandomInputs::RandomInputs(std::uint64_t seed) : state_(seed) {}

std::uint64_t RandomInputs::nextRandom() {
  return splitmix64(state_);
}

RandomInputs::Intent RandomInputs::pickIntent() {
  static constexpr std::array<std::int8_t, 7> kMoves = {-127, -127, -60, 0, 60, 127, 127};
  static constexpr std::array<std::int8_t, 4> kVertical = {-127, 0, 0, 127};
  Intent intent;
  intent.input.moveX = kMoves[below(kMoves.size())];
  intent.input.moveY = kVertical[below(kVertical.size())];
  std::uint8_t buttons = 0;
  if (below(100) < 45) {
    buttons |= kButtonJump;
  }
  if (below(100) < 12) {
    buttons |= kButtonDash;
  }
  if (below(100) < 10) {
    buttons |= kButtonDown;
  }
  intent.input.buttons = buttons;
  intent.ticksLeft = static_cast<std::int32_t>(4 + below(27));
  return intent;
}

void RandomInputs::next(TickInputs& inputs, int players) {
  for (int slot = 0; slot < players && slot < kMaxCharacters; ++slot) {
    Intent& intent = intents_[static_cast<std::size_t>(slot)];
    if (intent.ticksLeft <= 0) {
      intent = pickIntent();
    }
    --intent.ticksLeft;
    inputs[static_cast<std::size_t>(slot)] = intent.input;
  }
}

}  // namespace coyote
