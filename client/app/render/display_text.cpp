#include "client/app/render/display_text.h"

#include <algorithm>
#include <utility>

namespace coyote {
namespace {

std::vector<char32_t>& fontCharacters() {
  static std::vector<char32_t> characters;
  return characters;
}

}  // namespace

void setFontCharacters(std::vector<char32_t> characters) {
  std::sort(characters.begin(), characters.end());
  fontCharacters() = std::move(characters);
}

bool fontDraws(char32_t character) {
  const std::vector<char32_t>& characters = fontCharacters();
  return characters.empty() || character == U' ' ||
         std::binary_search(characters.begin(), characters.end(), character);
}

sf::String displayText(std::string_view utf8) {
  sf::String text = sf::String::fromUtf8(utf8.begin(), utf8.end());
  for (std::size_t i = 0; i < text.getSize(); ++i) {
    if (!fontDraws(text[i]) && fontDraws(kReplacementCharacter)) {
      text[i] = kReplacementCharacter;
    }
  }
  return text;
}

}  // namespace coyote
