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

TEST(TextCheck, APrintablePrefixKeepsWholeCharactersAndMarksTheRest) {
  EXPECT_EQ(printablePrefix("Coyote Cup", 48), "Coyote Cup");
  EXPECT_EQ(printablePrefix("a\nb\xffz", 48), "a?b?z");
  EXPECT_EQ(printablePrefix("x\xe2\x80\xa8y", 48), "x?y");  // a 3-byte control goes whole
  EXPECT_EQ(printablePrefix("ééé", 5), "éé");               // never half a character
  EXPECT_EQ(textProblem(printablePrefix("\x80\xc3", 8), "it"), "");
}

}  // namespace
}  // namespace coyote::net
