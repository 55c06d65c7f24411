#pragma once

// Counting a screenshot's pixels of one colour in a rectangle: what window tests check the
// client drew.

#include <SFML/Graphics/Image.hpp>

namespace coyote::test {

inline bool sameColour(sf::Color a, sf::Color b) {
  return a.r == b.r && a.g == b.g && a.b == b.b;
}

/// Pixels of exactly `colour` in the rectangle [left, right) × [top, bottom).
inline int pixelsOf(const sf::Image& image, sf::Color colour, unsigned left, unsigned right,
                    unsigned top, unsigned bottom) {
  int count = 0;
  for (unsigned y = top; y < bottom && y < image.getSize().y; ++y) {
    for (unsigned x = left; x < right && x < image.getSize().x; ++x) {
      count += sameColour(image.getPixel(x, y), colour) ? 1 : 0;
    }
  }
  return count;
}

}  // namespace coyote::test
