// The typed line of the chat and the console: UTF-8 in, control characters never, whole
// characters out.
#include "client/app/ui/text_field.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(TextField, KeepsWhatIsTypedAsUtf8) {
  TextField field(10);
  for (const std::uint32_t c : {U'g', U'g', U' ', U'é', U'🦊'}) {
    EXPECT_TRUE(field.type(c));
  }
  EXPECT_EQ(field.text(), "gg é🦊");
  EXPECT_EQ(field.characters(), 5u);
  field.erase();
  EXPECT_EQ(field.text(), "gg é") << "the fox's four bytes go at once";
  field.erase();
  EXPECT_EQ(field.text(), "gg ");
}

TEST(TextField, RefusesControlCharactersInvalidCodePointsAndOverflow) {
  TextField field(3);
  for (const std::uint32_t c : {0x1bu, 0x0du, 0x08u, 0x7fu, 0x85u, 0x2028u, 0xd800u, 0x110000u}) {
    EXPECT_FALSE(field.type(c)) << c;
  }
  EXPECT_EQ(field.text(), "");
  EXPECT_TRUE(field.type('a') && field.type('b') && field.type('c'));
  EXPECT_FALSE(field.type('d'));
  EXPECT_EQ(field.text(), "abc");
}

TEST(TextField, SetCutsToWholeCharactersAndReplacesControls) {
  TextField field(2);
  field.set("é🦊x");
  EXPECT_EQ(field.text(), "é🦊");
  field.set("a\x1b");
  EXPECT_EQ(field.text(), "a?");
}

}  // namespace
}  // namespace coyote
