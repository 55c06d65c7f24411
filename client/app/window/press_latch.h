#pragma once

#include <cstdint>

#include <SFML/Window/Event.hpp>

#include "client/app/settings/client_config.h"
#include "sim/state/player_input.h"

namespace coyote {

/// Every press counts (docs/playing.md#controls): the devices are read once a frame, so a tap
/// shorter than a frame (a key pressed and released between two reads) would never be seen.
/// The window's events see it: each press of a bound key or gamepad button is kept here until a
/// tick takes it, and that tick has the button held (or the direction pushed) even if the key is
/// already up, so the jump buffer and the variable jump see the press exactly once, and the next
/// tick sees the release. Two presses within one tick are one press. (The console's kill and
/// restart have their own one-tick press in ClientWindow.)
class PressLatch {
 public:
  /// A window event: a press of a bound key or of the gamepad's jump, dash or restart button is
  /// kept.
  void event(const sf::Event& event, const Bindings& bindings);
  /// The next tick's input: `polled` (the devices as read) with every press kept since the last
  /// tick added; the presses are then forgotten.
  PlayerInput apply(PlayerInput polled);
  /// Forgets the presses (the menus, the console or the chat took the keys).
  void clear();

  bool empty() const { return buttons_ == 0 && moveX_ == 0 && moveY_ == 0; }

 private:
  std::uint8_t buttons_ = 0;
  int moveX_ = 0;  ///< -1 left, 1 right: the last direction pressed
  int moveY_ = 0;  ///< -1 up, 1 down
};

}  // namespace coyote
