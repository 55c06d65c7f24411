// The reconnect-token guard limits wrong guesses per address, forgets them on its own, and never
// turns away an address it has no room to remember.
#include "server/reconnect_guard.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(ReconnectGuard, FiveWrongGuessesAWindowThenRefusedUntilTheWindowPasses) {
  ReconnectGuard guard;
  for (int guess = 0; guess < ReconnectGuard::kMaxFailures; ++guess) {
    EXPECT_TRUE(guard.admitWrongGuess(7, 1.0 + guess * 0.1)) << guess;
  }
  EXPECT_FALSE(guard.admitWrongGuess(7, 2.0));
  EXPECT_FALSE(guard.admitWrongGuess(7, 10.9));
  EXPECT_TRUE(guard.admitWrongGuess(7, 11.0)) << "the window started at 1.0 and lasts 10 s";
  EXPECT_TRUE(guard.admitWrongGuess(8, 2.0)) << "another address has a limit of its own";
}

// 4,100 addresses guess once each, faster than their windows pass: the table is full of live
// entries, and a newcomer is still counted (the oldest entry gives way), never refused.
TEST(ReconnectGuard, AFullTableNeverRefusesAnAddressItDoesNotKnow) {
  ReconnectGuard guard;
  for (std::uint32_t address = 1; address <= 4100; ++address) {
    EXPECT_TRUE(guard.admitWrongGuess(address, 1.0 + address * 1e-4)) << address;
  }
  EXPECT_EQ(guard.remembered(), ReconnectGuard::kMaxAddresses);
  EXPECT_TRUE(guard.admitWrongGuess(999999, 1.5));
  EXPECT_EQ(guard.remembered(), ReconnectGuard::kMaxAddresses);
  // An address over its limit stays refused while the others come and go.
  for (int guess = 0; guess < ReconnectGuard::kMaxFailures; ++guess) {
    guard.admitWrongGuess(123456, 1.6);
  }
  EXPECT_FALSE(guard.admitWrongGuess(123456, 1.7));
}

TEST(ReconnectGuard, EntriesExpireOnTheirOwnWhenTheTableFills) {
  ReconnectGuard guard;
  for (std::uint32_t address = 1; address <= ReconnectGuard::kMaxAddresses; ++address) {
    guard.admitWrongGuess(address, 0.0);
  }
  EXPECT_TRUE(guard.admitWrongGuess(5000, 20.0));
  EXPECT_EQ(guard.remembered(), 1u) << "every entry older than its window was forgotten";
}

}  // namespace
}  // namespace coyote
