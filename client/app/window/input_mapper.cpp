#include "client/app/window/input_mapper.h"

#include <SFML/Window/Joystick.hpp>

namespace coyote {
namespace {

bool anyDown(const std::vector<sf::Keyboard::Key>& keys, const DeviceState& devices) {
  for (sf::Keyboard::Key key : keys) {
    if (devices.keyDown(key)) {
      return true;
    }
  }
  return false;
}

float keyAxis(bool negative, bool positive) {
  return (positive ? 1.0f : 0.0f) - (negative ? 1.0f : 0.0f);
}

}  // namespace

DeviceState liveDevices() {
  DeviceState devices;
  devices.keyDown = [](sf::Keyboard::Key key) { return sf::Keyboard::isKeyPressed(key); };
  sf::Joystick::update();
  if (sf::Joystick::isConnected(0)) {
    devices.gamepadConnected = true;
    devices.stickX = sf::Joystick::getAxisPosition(0, sf::Joystick::X) / 100.0f;
    devices.stickY = sf::Joystick::getAxisPosition(0, sf::Joystick::Y) / 100.0f;
    devices.buttonDown = [](unsigned button) { return sf::Joystick::isButtonPressed(0, button); };
  }
  return devices;
}

PlayerInput mapInput(const Bindings& bindings, const DeviceState& devices) {
  float x = keyAxis(anyDown(bindings.left, devices), anyDown(bindings.right, devices));
  float y = keyAxis(anyDown(bindings.up, devices), anyDown(bindings.down, devices));
  bool jump = anyDown(bindings.jump, devices);
  bool dash = anyDown(bindings.dash, devices);
  bool restart = anyDown(bindings.restart, devices);
  if (bindings.gamepadEnabled && devices.gamepadConnected) {
    x = x != 0.0f ? x : devices.stickX;
    y = y != 0.0f ? y : devices.stickY;
    jump = jump || devices.buttonDown(static_cast<unsigned>(bindings.gamepadJump));
    dash = dash || devices.buttonDown(static_cast<unsigned>(bindings.gamepadDash));
    restart = restart || devices.buttonDown(static_cast<unsigned>(bindings.gamepadRestart));
  }
  PlayerInput input;
  input.moveX = quantizeAxis(x);
  input.moveY = quantizeAxis(y);
  const bool down = axisAfterDeadZone(input.moveY) >= 0.5f;
  const bool respawn = anyDown(bindings.respawn, devices);
  input.buttons = static_cast<std::uint8_t>(
      (jump ? kButtonJump : 0) | (dash ? kButtonDash : 0) | (down ? kButtonDown : 0) |
      (respawn ? kButtonRespawn : 0) | (restart ? kButtonRestart : 0));
  return input;
}

float effectiveStick(float deflection) {
  return axisAfterDeadZone(quantizeAxis(deflection));
}

}  // namespace coyote
