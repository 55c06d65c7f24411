#pragma once

#include <functional>

#include "client/app/settings/client_config.h"
#include "sim/state/player_input.h"

namespace coyote {

/// The devices as they are this frame. Functions rather than SFML calls so tests can play them.
struct DeviceState {
  std::function<bool(sf::Keyboard::Key)> keyDown = [](sf::Keyboard::Key) { return false; };
  bool gamepadConnected = false;
  float stickX = 0.0f;  ///< -1 (left) .. 1 (right)
  float stickY = 0.0f;  ///< -1 (up) .. 1 (down)
  std::function<bool(unsigned)> buttonDown = [](unsigned) { return false; };
};

/// The live devices: keyboard, and the first connected joystick (X/Y axes, SFML's -100..100).
DeviceState liveDevices();

/// Turns the devices into this tick's quantized input. The stick is quantized as it is; the
/// simulation applies the 0.15 dead zone and remap on every side (`axisAfterDeadZone`), so it is
/// applied exactly once. Keys are full deflection; a deflected stick wins over idle keys.
PlayerInput mapInput(const Bindings& bindings, const DeviceState& devices);

/// What the character will do with a stick deflection: quantized, then dead zone and remap.
float effectiveStick(float deflection);

}  // namespace coyote
