// The info replies shared fairly (server/session/info_fair_share.h): a flood from one IP or from
// a thousand leaves a browser that asks now and then answered, within the server's budget.
#include "server/session/info_fair_share.h"

#include <gtest/gtest.h>

namespace coyote::test {
namespace {

constexpr std::uint32_t kBrowser = 0x0a000001;

TEST(InfoFairShare, OneSourceGetsFiveAtOnceThenFiveASecondWhateverItsPorts) {
  InfoFairShare share;
  int answered = 0;
  for (int i = 0; i < 20000; ++i) {  // 20,000 in a second, from one IP
    answered += share.admit(0x0a000063, i / 20000.0) ? 1 : 0;
  }
  EXPECT_GE(answered, 9);
  EXPECT_LE(answered, 10);
  EXPECT_TRUE(share.admit(kBrowser, 1.0)) << "another source is answered";
}

// The browser asks once a second for 10 s while 1,000 sources ask 20 times a second each.
TEST(InfoFairShare, ABrowserIsAnsweredWhileAThousandSourcesFloodWithinTheBudget) {
  InfoFairShare share;
  int browser = 0;
  int flood = 0;
  for (int tick = 0; tick < 200; ++tick) {  // 50 ms each
    const double now = tick * 0.05;
    for (std::uint32_t source = 0; source < 1000; ++source) {
      flood += share.admit(0x0b000000 + source, now) ? 1 : 0;
    }
    if (tick % 20 == 10) {
      browser += share.admit(kBrowser, now) ? 1 : 0;
    }
  }
  EXPECT_EQ(browser, 10);
  EXPECT_LE(flood, static_cast<int>(10 * (InfoFairShare::kQuietRate + InfoFairShare::kBusyRate) +
                                    InfoFairShare::kQuietRate + InfoFairShare::kBusyRate))
      << "the budget holds";
  EXPECT_GT(share.counters().byBudget, 0u);
}

}  // namespace
}  // namespace coyote::test
