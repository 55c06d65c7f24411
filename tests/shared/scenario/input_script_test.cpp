#include "scenario/input_script.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/refusal.h"

namespace coyote {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string scriptRefusal(const std::string& text) {
  return test::refusalOf([&] { parseInputScript(text, "inputs.txt"); });
}

TEST(InputScript, ParsesTriplesPerPlayerPerLine) {
  const InputScript script = parseInputScript(
      "# move right, then jump and dash\n"
      "127 0 -; -127 0 jump\n"
      "\n"
      "64 -127 jump+dash+down+respawn+restart ; 0 0 -\n",
      "inputs.txt");
  ASSERT_EQ(script.players, 2);
  ASSERT_EQ(script.ticks.size(), 2u);
  EXPECT_EQ(script.ticks[0][0], (PlayerInput{127, 0, 0}));
  EXPECT_EQ(script.ticks[0][1], (PlayerInput{-127, 0, kButtonJump}));
  EXPECT_EQ(script.ticks[1][0], (PlayerInput{64, -127, kAllButtons}));
}

TEST(InputScript, RefusesAxisOutOfRange) {
  EXPECT_THAT(scriptRefusal("128 0 -\n"),
              AllOf(HasSubstr("inputs.txt:1"), HasSubstr("moveX must be in [-127, 127]")));
}

TEST(InputScript, RefusesUnknownButton) {
  EXPECT_THAT(scriptRefusal("0 0 jump\n0 0 fly\n"),
              AllOf(HasSubstr("inputs.txt:2"), HasSubstr("unknown button \"fly\"")));
}

TEST(InputScript, RefusesChangingPlayerCount) {
  EXPECT_THAT(scriptRefusal("0 0 -;0 0 -\n0 0 -\n"), HasSubstr("expected 2 players"));
}

TEST(InputScript, RefusesMissingField) {
  EXPECT_THAT(scriptRefusal("0 0\n"), HasSubstr("expected \"moveX moveY buttons\""));
}

}  // namespace
}  // namespace coyote
