#include "client/app/render/text_batch.h"

#include <cmath>

#include "client/app/render/display_text.h"
#include "client/app/render/shape_batch.h"

namespace coyote {

TextBatch::TextBatch(const sf::Font& font, unsigned size, float outline)
    : font_(font), size_(size), outline_(outline) {}

float TextBatch::width(const std::string& text) const {
  const sf::String letters = displayText(text);
  float x = 0.0f;
  sf::Uint32 previous = 0;
  for (const sf::Uint32 letter : letters) {
    x += font_.getKerning(previous, letter, size_) + font_.getGlyph(letter, size_, false).advance;
    previous = letter;
  }
  return x;
}

void TextBatch::addGlyphs(const sf::String& text, sf::Vector2f position, sf::Color colour,
                          float outline, sf::VertexArray& into) {
  float x = position.x;
  const float baseline = position.y + static_cast<float>(size_);
  sf::Uint32 previous = 0;
  for (const sf::Uint32 letter : text) {
    x += font_.getKerning(previous, letter, size_);
    previous = letter;
    const sf::Glyph& glyph = font_.getGlyph(letter, size_, false, outline);
    appendQuad(into,
               {x + glyph.bounds.left, baseline + glyph.bounds.top, glyph.bounds.width,
                glyph.bounds.height},
               sf::FloatRect(glyph.textureRect), colour);
    x += font_.getGlyph(letter, size_, false).advance;
  }
}

void TextBatch::add(const std::string& text, sf::Vector2f position, sf::Color fill,
                    sf::Color outline) {
  const sf::String letters = displayText(text);
  if (outline_ > 0.0f) {
    addGlyphs(letters, position, outline, outline_, outlines_);
  }
  addGlyphs(letters, position, fill, 0.0f, letters_);
}

void TextBatch::draw(sf::RenderTarget& target) {
  for (std::size_t i = 0; i < letters_.getVertexCount(); ++i) {
    outlines_.append(letters_[i]);
  }
  letters_.clear();
  if (outlines_.getVertexCount() > 0) {
    // Asked for after every glyph is in it: a new glyph can grow the font's texture.
    target.draw(outlines_, sf::RenderStates(&font_.getTexture(size_)));
  }
  outlines_.clear();
}

}  // namespace coyote
