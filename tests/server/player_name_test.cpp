// Player names (docs/protocol.md#text-and-names): what a name may hold, and the one form names
// are compared in, so that a ban, a mute or a taken name cannot be dodged with a look-alike.
#include "server/names/player_name.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace coyote {
namespace {

using ::testing::HasSubstr;

TEST(PlayerName, LookAlikesCaseAccentsMarksAndSpacesShareTheKeyOfTheName) {
  const std::string wile = nameKey("wile");
  EXPECT_EQ(nameKey("WILE"), wile);
  EXPECT_EQ(nameKey("Wíle"), wile) << "an accent";
  EXPECT_EQ(nameKey("wi\u0301le"), wile) << "a combining mark";
  EXPECT_EQ(nameKey("w\u0456le"), wile) << "a Cyrillic i";
  EXPECT_EQ(nameKey("w i l e"), wile) << "spaces";
  EXPECT_EQ(nameKey("\uff57\uff49\uff4c\uff45"), wile) << "full-width letters";
  EXPECT_EQ(nameKey("wi1e"), wile) << "a one for an l";
  EXPECT_EQ(nameKey("r0ad"), nameKey("ROAD")) << "a zero for an o";
  EXPECT_NE(nameKey("wily"), wile);
  EXPECT_NE(nameKey("road"), nameKey("toad"));
  EXPECT_NE(nameKey("陸"), nameKey("海")) << "other scripts keep their names";
}

TEST(PlayerName, InvisibleSpacingBracketedAndTheServersNamesAreRefused) {
  EXPECT_EQ(nameProblem("wile e. coyote"), "");
  EXPECT_EQ(nameProblem("Ωmega 🦊"), "");
  EXPECT_EQ(nameProblem(""), "") << "the server picks player<slot>";
  EXPECT_THAT(nameProblem("wi\u200ble"), HasSubstr("invisible"));
  EXPECT_THAT(nameProblem("wile\u202e"), HasSubstr("direction-changing"));
  EXPECT_THAT(nameProblem("wi\u00a0le"), HasSubstr("a space other than the plain one"));
  EXPECT_THAT(nameProblem(" wile"), HasSubstr("starts or ends with a space"));
  EXPECT_THAT(nameProblem("wi  le"), HasSubstr("two in a row"));
  EXPECT_THAT(nameProblem("[server]"), HasSubstr("bracket"));
  EXPECT_THAT(nameProblem("*wile"), HasSubstr("asterisk"));
  EXPECT_THAT(nameProblem("Server"), HasSubstr("the server's"));
  EXPECT_THAT(nameProblem("\u0410DMIN"), HasSubstr("the server's")) << "a Cyrillic A";
  EXPECT_THAT(nameProblem("e\u0301\u0301\u0301"), HasSubstr("combining marks"));
  for (const char* blank : {"\u2800", "\u2800\u2800", "\ufe0f", "\u17b4", "\u17b5", "\u0301"}) {
    EXPECT_THAT(nameProblem(blank), HasSubstr("looks blank")) << blank;
  }
}

}  // namespace
}  // namespace coyote
