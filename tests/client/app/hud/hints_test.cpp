// A newcomer's hints, once each (docs/playing.md#controls): the controls until H or 20 s, the
// swim hint the first time in water; the settings remember both.
#include <gtest/gtest.h>

#include "client/app/hud/hints.h"

namespace coyote {
namespace {

TEST(Hints, TheControlsShowUntilHOrTwentySecondsAndNeverAgain) {
  ClientConfig config;
  Hints hints(config);
  EXPECT_FALSE(hints.update(100.0, false));
  EXPECT_NE(hints.line(100.0).find("Space jump"), std::string::npos) << hints.line(100.0);
  EXPECT_NE(hints.line(100.0).find("H hides this"), std::string::npos);
  EXPECT_FALSE(hints.update(119.9, false));
  EXPECT_TRUE(hints.update(120.0, false)) << "20 s: used up";
  EXPECT_FALSE(config.hints.controls);
  EXPECT_EQ(hints.line(120.0), "");
  EXPECT_FALSE(hints.hide()) << "nothing left to hide";

  ClientConfig again;
  again.hints.controls = true;
  Hints pressed(again);
  pressed.update(0.0, false);
  EXPECT_TRUE(pressed.hide());
  EXPECT_FALSE(again.hints.controls);
  EXPECT_EQ(pressed.line(1.0), "");
}

TEST(Hints, TheSwimHintComesTheFirstTimeInWaterAlone) {
  ClientConfig config;
  config.hints.controls = false;
  config.bindings.up = {sf::Keyboard::I};
  Hints hints(config);
  EXPECT_FALSE(hints.update(0.0, false));
  EXPECT_EQ(hints.line(0.0), "");
  EXPECT_TRUE(hints.update(5.0, true));
  EXPECT_FALSE(config.hints.swim);
  EXPECT_EQ(hints.line(5.0), "in water: hold I to swim up, Space for a stroke");
  EXPECT_EQ(hints.line(10.9), hints.line(5.0));
  EXPECT_EQ(hints.line(11.0), "") << "6 s";
  EXPECT_FALSE(hints.update(20.0, true)) << "once";
  EXPECT_EQ(hints.line(20.0), "");
}

}  // namespace
}  // namespace coyote
