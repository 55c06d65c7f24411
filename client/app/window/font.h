#pragma once

#include <string>

#include <SFML/Graphics/Font.hpp>

namespace coyote {

/// Loads the overlay font: `$COYOTE_FONT`, else DejaVu Sans from Debian's fonts-dejavu-core
/// (Latin, Greek, Cyrillic and more; what it lacks is drawn as U+FFFD, render/display_text.h).
/// Throws std::runtime_error naming the places it looked and the package to install.
sf::Font loadTextFont();

}  // namespace coyote
