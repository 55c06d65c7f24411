#pragma once

#include <cstdint>

#include <SFML/Window/Event.hpp>

namespace coyote::test {

/// The event a window gives when `code` is pressed.
inline sf::Event key(sf::Keyboard::Key code) {
  sf::Event event{};
  event.type = sf::Event::KeyPressed;
  event.key.code = code;
  return event;
}

/// The event a window gives when `c` is typed.
inline sf::Event typed(char32_t c) {
  sf::Event event{};
  event.type = sf::Event::TextEntered;
  event.text.unicode = static_cast<std::uint32_t>(c);
  return event;
}

}  // namespace coyote::test
