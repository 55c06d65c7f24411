// The text every peer shows and logs: names, chat lines, what a server browser lists.
#include "wire/text_check.h"

#include <gtest/gtest.h>

namespace coyote::net {
namespace {

TEST(TextCheck, AChatLineIsOneToAHundredAndTwentyCharactersOfText) {
  EXPECT_EQ(chatLineProblem("gg 🦊"), "");
  std::string accents;
  for (int i = 0; i < 120; ++i) {
    accents += "é";
  }
  EXPECT_EQ(chatLineProblem(accents), "");  // 240 bytes, 120 characters
  EXPECT_EQ(chatLineProblem(accents + "e"), "the line is longer than 120 characters");
  EXPECT_EQ(chatLineProblem(""), "the line is empty");
  EXPECT_EQ(chatLineProblem("a\x1b[2J"), "the line holds a control character");
  EXPECT_EQ(chatLineProblem("\xc3\x28"), "the line is not valid UTF-8");
  EXPECT_EQ(chatLineProblem("\xe2\x80\xa8"), "the line holds a control character");  // U+2028
}

// Text that would turn the line around, hide in it or pile up over it (the attacks of
// docs/protocol.md#text-and-names) is refused, naming what it holds; accents and emoji are not.
TEST(TextCheck, InvisibleDirectionChangingAndStackedCharactersAreRefused) {
  EXPECT_EQ(textProblem("wile\u202e", "the name"),
            "the name holds an invisible or direction-changing character (U+202E)");
  EXPECT_EQ(textProblem("wi\u200ble", "it"),
            "it holds an invisible or direction-changing character (U+200B)");
  EXPECT_EQ(textProblem("\ufeffwile", "it"),
            "it holds an invisible or direction-changing character (U+FEFF)");
  EXPECT_EQ(textProblem("a\u2066b\u2069", "it"),
            "it holds an invisible or direction-changing character (U+2066)");
  EXPECT_EQ(textProblem("tag\U000E0041", "it"),
            "it holds an invisible or direction-changing character (U+E0041)");
  EXPECT_EQ(textProblem("e\u0301\u0302", "it"), "") << "two marks on one letter";
  EXPECT_EQ(textProblem("e\u0301\u0302\u0303", "it"),
            "it stacks more than 2 combining marks on one character");
  std::string zalgo = "w";
  for (int i = 0; i < 119; ++i) {
    zalgo += "\u0336";
  }
  EXPECT_NE(chatLineProblem(zalgo), "");
  EXPECT_EQ(textProblem("e\u0301e\u0301e\u0301 ñ 🦊 Ωmega café", "it"), "");
}

// Names that pass every other rule yet show nothing: the Braille blank, wide spaces, variation
// selectors, the Khmer inherent vowels, a mark with nothing under it.
TEST(TextCheck, ANameThatLooksBlankIsRefused) {
  for (const char* blank :
       {"", " ", "\u2800", "\u3000", "\ufe0f", "\u17b4\u17b5", "\u0301", "\u2800\ufe0f\u3000"}) {
    EXPECT_TRUE(looksBlank(blank)) << blank;
  }
  for (const char* shown : {"a", "\u2800x", "\u00e9", "\u5c71", "-", "\u2801"}) {
    EXPECT_FALSE(looksBlank(shown)) << shown;
    EXPECT_EQ(nameTextProblem(shown, "the name"), "") << shown;
  }
  EXPECT_EQ(nameTextProblem("\u2800", "info.name"), "info.name looks blank");
  EXPECT_EQ(nameTextProblem("a  b", "info.name"),
            "info.name starts or ends with a space, or has two in a row");
}

TEST(TextCheck, APrintablePrefixKeepsWholeCharactersAndMarksTheRest) {
  EXPECT_EQ(printablePrefix("Coyote Cup", 48), "Coyote Cup");
  EXPECT_EQ(printablePrefix("a\nb\xffz", 48), "a?b?z");
  EXPECT_EQ(printablePrefix("x\xe2\x80\xa8y", 48), "x?y");  // a 3-byte control goes whole
  EXPECT_EQ(printablePrefix("ééé", 5), "éé");               // never half a character
  EXPECT_EQ(textProblem(printablePrefix("\x80\xc3", 8), "it"), "");
}

}  // namespace
}  // namespace coyote::net
