// Every press counts: taps shorter than a frame, kept from the window's events until a tick takes
// them (docs/playing.md#controls).

#include <gtest/gtest.h>

#include "client/app/window/press_latch.h"

namespace coyote {
namespace {

sf::Event key(sf::Event::EventType type, sf::Keyboard::Key code) {
  sf::Event event{};
  event.type = type;
  event.key.code = code;
  return event;
}

sf::Event button(unsigned index) {
  sf::Event event{};
  event.type = sf::Event::JoystickButtonPressed;
  event.joystickButton.joystickId = 0;
  event.joystickButton.button = index;
  return event;
}

const Bindings bindings;  // Space and Z jump, X and LShift dash, arrows and WASD move

TEST(PressLatch, ATapPressedAndReleasedBetweenTwoTicksJumpsOnTheNextTickOnly) {
  PressLatch latch;
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Space), bindings);
  latch.event(key(sf::Event::KeyReleased, sf::Keyboard::Space), bindings);
  const PlayerInput first = latch.apply(PlayerInput{});  // the poll saw the key up
  EXPECT_TRUE(first.held(kButtonJump));
  EXPECT_FALSE(latch.apply(PlayerInput{}).held(kButtonJump)) << "the release, a tick later";
}

TEST(PressLatch, RepeatedTapsAreOneJumpEachAndTwoWithinATickAreOne) {
  PressLatch latch;
  int jumps = 0;
  bool held = false;
  for (int tap = 0; tap < 50; ++tap) {
    latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Z), bindings);
    latch.event(key(sf::Event::KeyReleased, sf::Keyboard::Z), bindings);
    for (int tick = 0; tick < 3; ++tick) {  // taps three ticks apart
      const bool now = latch.apply(PlayerInput{}).held(kButtonJump);
      jumps += now && !held ? 1 : 0;
      held = now;
    }
  }
  EXPECT_EQ(jumps, 50);
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Space), bindings);
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Space), bindings);
  EXPECT_TRUE(latch.apply(PlayerInput{}).held(kButtonJump));
  EXPECT_TRUE(latch.empty());
}

TEST(PressLatch, AHeldKeyIsWhatThePollSaysAndAddsNothing) {
  PressLatch latch;
  PlayerInput polled;
  polled.buttons = kButtonDash;
  polled.moveX = quantizeAxis(1.0f);
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::X), bindings);
  const PlayerInput first = latch.apply(polled);
  EXPECT_EQ(first.buttons, kButtonDash);
  EXPECT_EQ(first.moveX, polled.moveX);
  EXPECT_EQ(latch.apply(polled).buttons, kButtonDash) << "held: the poll keeps it";
  EXPECT_EQ(latch.apply(PlayerInput{}).buttons, 0) << "released";
}

TEST(PressLatch, DirectionsGamepadButtonsAndUnboundKeys) {
  PressLatch latch;
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::A), bindings);
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Down), bindings);
  const PlayerInput tapped = latch.apply(PlayerInput{});
  EXPECT_EQ(tapped.moveX, quantizeAxis(-1.0f));
  EXPECT_EQ(tapped.moveY, quantizeAxis(1.0f));
  EXPECT_TRUE(tapped.held(kButtonDown));
  PlayerInput right;
  right.moveX = quantizeAxis(1.0f);
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Left), bindings);
  EXPECT_EQ(latch.apply(right).moveX, right.moveX) << "what is held wins over a tap";
  latch.event(button(static_cast<unsigned>(bindings.gamepadDash)), bindings);
  EXPECT_TRUE(latch.apply(PlayerInput{}).held(kButtonDash));
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Q), bindings);
  latch.event(button(7), bindings);
  EXPECT_TRUE(latch.empty());
  latch.event(key(sf::Event::KeyPressed, sf::Keyboard::Space), bindings);
  latch.clear();  // the menus took the key
  EXPECT_FALSE(latch.apply(PlayerInput{}).held(kButtonJump));
}

}  // namespace
}  // namespace coyote
