#pragma once

#include <string_view>
#include <vector>

#include <SFML/System/String.hpp>

namespace coyote {

/// U+FFFD, REPLACEMENT CHARACTER (�): what stands for a character the text font cannot draw.
inline constexpr char32_t kReplacementCharacter = 0xFFFD;

/// The characters the text font has a glyph for, in increasing order: set once, when the window
/// loads its font (window/font.cpp). Until then every character counts as drawable.
void setFontCharacters(std::vector<char32_t> characters);

/// Whether the text font draws `character` (true while no font was set).
bool fontDraws(char32_t character);

/// `utf8` ready to draw: each character the text font has no glyph for (a name in Japanese, with
/// DejaVu Sans) becomes U+FFFD, one for one, so that a player sees something is there: never an
/// empty box's silence or a dropped letter. Invalid UTF-8 (which no checked text has) is left to
/// SFML's decoder.
sf::String displayText(std::string_view utf8);

}  // namespace coyote
