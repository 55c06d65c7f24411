#include "client/app/window/press_latch.h"

#include <algorithm>

namespace coyote {
void PressLatch::event(const sf::Event& event, const Bindings& bindings) {
  if (event.type == sf::Event::KeyPressed) {
    const sf::Keyboard::Key key = event.key.code;
    buttons_ |= static_cast<std::uint8_t>((isBound(bindings.jump, key) ? kButtonJump : 0) |
                                          (isBound(bindings.dash, key) ? kButtonDash : 0) |
                                          (isBound(bindings.respawn, key) ? kButtonRespawn : 0) |
                                          (isBound(bindings.restart, key) ? kButtonRestart : 0));
    moveX_ = isBound(bindings.left, key) ? -1 : isBound(bindings.right, key) ? 1 : moveX_;
    moveY_ = isBound(bindings.up, key) ? -1 : isBound(bindings.down, key) ? 1 : moveY_;
  } else if (event.type == sf::Event::JoystickButtonPressed && bindings.gamepadEnabled &&
             event.joystickButton.joystickId == 0) {
    const auto button = static_cast<std::int32_t>(event.joystickButton.button);
    buttons_ |= static_cast<std::uint8_t>((button == bindings.gamepadJump ? kButtonJump : 0) |
                                          (button == bindings.gamepadDash ? kButtonDash : 0) |
                                          (button == bindings.gamepadRestart ? kButtonRestart : 0));
  }
}

PlayerInput PressLatch::apply(PlayerInput polled) {
  polled.buttons |= buttons_;
  if (polled.moveX == 0 && moveX_ != 0) {
    polled.moveX = quantizeAxis(static_cast<float>(moveX_));
  }
  if (polled.moveY == 0 && moveY_ != 0) {
    polled.moveY = quantizeAxis(static_cast<float>(moveY_));
    polled.buttons |= moveY_ > 0 ? kButtonDown : 0;
  }
  clear();
  return polled;
}

void PressLatch::clear() {
  buttons_ = 0;
  moveX_ = 0;
  moveY_ = 0;
}

}  // namespace coyote
