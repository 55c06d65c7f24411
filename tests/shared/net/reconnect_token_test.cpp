// Reconnect tokens: 128 random bits from the OS, each independent of the others.
#include "wire/reconnect_token.h"
#include "net/new_reconnect_token.h"

#include <bit>
#include <set>

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(ReconnectToken, TokensAre128RandomBitsAndIndependent) {
  std::set<std::array<std::uint8_t, 16>> seen;
  int bitsSet = 0;
  for (int i = 0; i < 1000; ++i) {
    const net::ReconnectToken token = net::newReconnectToken();
    EXPECT_FALSE(token.empty());
    seen.insert(token.bytes);
    for (std::uint8_t byte : token.bytes) {
      bitsSet += std::popcount(byte);
    }
  }
  EXPECT_EQ(seen.size(), 1000u);
  EXPECT_NEAR(bitsSet / 128000.0, 0.5, 0.01);  // 128,000 fair coin flips
  net::ReconnectToken a = net::newReconnectToken();
  net::ReconnectToken b = a;
  EXPECT_TRUE(a.matches(b));
  b.bytes[15] ^= 1;
  EXPECT_FALSE(a.matches(b));
}

}  // namespace
}  // namespace coyote
