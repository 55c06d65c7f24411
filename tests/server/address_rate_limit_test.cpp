// A limit of events per address (wrong reconnect tokens, rooms opened) forgets them on its own
// and never turns away an address it has no room to remember.
#include "limits/address_rate_limit.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(AddressRateLimit, FiveWrongGuessesAWindowThenRefusedUntilTheWindowPasses) {
  AddressRateLimit guard(5, 10.0);
  for (int guess = 0; guess < guard.maxEvents(); ++guess) {
    EXPECT_TRUE(guard.admit(7, 1.0 + guess * 0.1)) << guess;
  }
  EXPECT_FALSE(guard.admit(7, 2.0));
  EXPECT_FALSE(guard.admit(7, 10.9));
  EXPECT_TRUE(guard.admit(7, 11.0)) << "the window started at 1.0 and lasts 10 s";
  EXPECT_TRUE(guard.admit(8, 2.0)) << "another address has a limit of its own";
}

// 4,100 addresses guess once each, faster than their windows pass: the table is full of live
// entries, and a newcomer is still counted (the oldest entry gives way), never refused.
TEST(AddressRateLimit, AFullTableNeverRefusesAnAddressItDoesNotKnow) {
  AddressRateLimit guard(5, 10.0);
  for (std::uint32_t address = 1; address <= 4100; ++address) {
    EXPECT_TRUE(guard.admit(address, 1.0 + address * 1e-4)) << address;
  }
  EXPECT_EQ(guard.remembered(), AddressRateLimit::kMaxAddresses);
  EXPECT_TRUE(guard.admit(999999, 1.5));
  EXPECT_EQ(guard.remembered(), AddressRateLimit::kMaxAddresses);
  // An address over its limit stays refused while the others come and go.
  for (int guess = 0; guess < guard.maxEvents(); ++guess) {
    guard.admit(123456, 1.6);
  }
  EXPECT_FALSE(guard.admit(123456, 1.7));
}

TEST(AddressRateLimit, EntriesExpireOnTheirOwnWhenTheTableFills) {
  AddressRateLimit guard(5, 10.0);
  for (std::uint32_t address = 1; address <= AddressRateLimit::kMaxAddresses; ++address) {
    guard.admit(address, 0.0);
  }
  EXPECT_TRUE(guard.admit(5000, 20.0));
  EXPECT_EQ(guard.remembered(), 1u) << "every entry older than its window was forgotten";
}

}  // namespace
}  // namespace coyote
