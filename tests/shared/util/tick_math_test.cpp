#include "util/tick_math.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(TickMath, DistanceIsSignedAcrossTheTwoToThe32Wrap) {
  EXPECT_EQ(tickDistance(5, 3), 2);
  EXPECT_EQ(tickDistance(3, 5), -2);
  EXPECT_EQ(tickDistance(0u, 0xFFFFFFFFu), 1);
  EXPECT_EQ(tickDistance(0xFFFFFFFFu, 0u), -1);
  EXPECT_EQ(tickDistance(2u, 0xFFFFFFFEu), 4);
  EXPECT_TRUE(tickAfter(1u, 0xFFFFFFF0u));
  EXPECT_FALSE(tickAfter(0xFFFFFFF0u, 1u));
  EXPECT_FALSE(tickAfter(7u, 7u));
}

TEST(TickMath, LowBitsExpandToTheNearestTickAroundTwoToThe16) {
  // The reference just below 2^16, the tick just above: the low bits have wrapped.
  EXPECT_EQ(expandLowTickBits(lowTickBits(0x10002u), 0xFFFEu), 0x10002u);
  // And the other way: an older tick from before the boundary.
  EXPECT_EQ(expandLowTickBits(lowTickBits(0xFFFEu), 0x10002u), 0xFFFEu);
  EXPECT_EQ(expandLowTickBits(lowTickBits(0x10000u), 0x10000u), 0x10000u);
  // The farthest reachable in either direction: 2^15 - 1 ahead, 2^15 behind.
  EXPECT_EQ(expandLowTickBits(lowTickBits(0x10000u + 0x7FFFu), 0x10000u), 0x17FFFu);
  EXPECT_EQ(expandLowTickBits(lowTickBits(0x10000u - 0x8000u), 0x10000u), 0x8000u);
}

TEST(TickMath, LowBitsExpandAcrossTheTwoToThe32Wrap) {
  EXPECT_EQ(expandLowTickBits(lowTickBits(3u), 0xFFFFFFF0u), 3u);
  EXPECT_EQ(expandLowTickBits(lowTickBits(0xFFFFFFF0u), 3u), 0xFFFFFFF0u);
  EXPECT_EQ(expandLowTickBits(lowTickBits(0xFFFFFFFFu), 0xFFFFFFFFu), 0xFFFFFFFFu);
  EXPECT_EQ(tickDistance(expandLowTickBits(lowTickBits(10u), 0xFFFFFFFAu), 0xFFFFFFFAu), 16);
}

}  // namespace
}  // namespace coyote
