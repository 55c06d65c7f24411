// Names drawn as the server checked them (docs/protocol.md#text-and-names): the window's real
// font (DejaVu Sans) and the players' names batch drawn into an off-screen texture under Xvfb and
// read back. Latin with accents, Greek and Cyrillic are drawn letter for letter; a name in an
// alphabet the font lacks is drawn as one U+FFFD (�) a character, visibly, never as nothing.
#include "client/app/render/display_text.h"

#include <gtest/gtest.h>

#include "client/app/render/text_batch.h"
#include "client/app/window/font.h"

namespace coyote {
namespace {

/// `text` drawn white on black by the names' batch, 16 px, in a 256 × 32 texture.
sf::Image drawn(const sf::Font& font, const std::string& text) {
  sf::RenderTexture texture;
  EXPECT_TRUE(texture.create(256, 32));
  texture.clear(sf::Color::Black);
  TextBatch batch(font, 16, 0.0f);
  batch.add(text, {4.0f, 4.0f}, sf::Color::White, sf::Color::Transparent);
  batch.draw(texture);
  texture.display();
  return texture.getTexture().copyToImage();
}

/// Pixels with ink.
int ink(const sf::Image& image) {
  int lit = 0;
  for (unsigned y = 0; y < image.getSize().y; ++y) {
    for (unsigned x = 0; x < image.getSize().x; ++x) {
      lit += image.getPixel(x, y).r > 64 ? 1 : 0;
    }
  }
  return lit;
}

bool same(const sf::Image& a, const sf::Image& b) {
  for (unsigned y = 0; y < a.getSize().y; ++y) {
    for (unsigned x = 0; x < a.getSize().x; ++x) {
      if (a.getPixel(x, y) != b.getPixel(x, y)) {
        return false;
      }
    }
  }
  return true;
}

TEST(DisplayText, EveryNameIsDrawnAndWhatTheFontLacksIsAReplacementCharacter) {
  const sf::Font font = loadTextFont();
  EXPECT_TRUE(fontDraws(U'é') && fontDraws(U'λ') && fontDraws(U'Д'));
  EXPECT_FALSE(fontDraws(U'山'));
  const std::string replacement = "\xef\xbf\xbd";  // U+FFFD in UTF-8
  for (const std::string name : {"José", "Müller", "Ελένη", "Дмитрий"}) {
    const sf::String shown = displayText(name);
    EXPECT_EQ(shown, sf::String::fromUtf8(name.begin(), name.end()))
        << name << ": letter for letter";
    const sf::Image image = drawn(font, name);
    EXPECT_GT(ink(image), 20 * static_cast<int>(shown.getSize())) << name;
    std::string replaced;
    for (std::size_t i = 0; i < shown.getSize(); ++i) {
      replaced += replacement;
    }
    EXPECT_FALSE(same(image, drawn(font, replaced))) << name << " is not drawn as �";
  }
  const std::string japanese = "山田太郎";
  EXPECT_EQ(displayText(japanese),
            sf::String(std::basic_string<sf::Uint32>(4, kReplacementCharacter)));
  const sf::Image shown = drawn(font, japanese);
  EXPECT_GT(ink(shown), 4 * 20) << "something is there";
  EXPECT_TRUE(same(shown, drawn(font, replacement + replacement + replacement + replacement)));
}

}  // namespace
}  // namespace coyote
