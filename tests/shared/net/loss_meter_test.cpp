#include "net/loss_meter.h"

#include <random>

#include <gtest/gtest.h>

namespace coyote::net {
namespace {

TEST(LossMeter, CountsWhatNeverArrivedOnceAndForgivesLateArrivals) {
  LossMeter meter;
  EXPECT_EQ(meter.percent(), 0.0);
  for (std::uint32_t n = 100; n < 200; ++n) {
    if (n % 10 != 0) {
      meter.receive(n);
      meter.receive(n);  // a duplicate is not an arrival more
    }
  }
  EXPECT_NEAR(meter.percent(), 10.0, 1.0);  // 100..199 without 110, 120, … (9 of 99 after 100)
  meter.receive(150);                       // late, within the window: no longer lost
  EXPECT_LT(meter.percent(), 9.5);
}

TEST(LossMeter, MeasuresTheRateOfARandomLinkOverItsWindow) {
  std::mt19937 random(3);
  std::bernoulli_distribution lost(0.2);
  LossMeter meter;
  for (std::uint32_t n = 0; n < 5000; ++n) {
    if (!lost(random)) {
      meter.receive(n);
    }
  }
  EXPECT_NEAR(meter.percent(), 20.0, 6.0);  // 256 numbers: a few percent of sampling noise
}

TEST(LossMeter, EightBitNumbersWrapAround) {
  LossMeter meter;
  for (int n = 0; n < 1000; ++n) {
    if (n % 4 != 3) {
      meter.receiveLow8(static_cast<std::uint8_t>(n));
    }
  }
  EXPECT_NEAR(meter.percent(), 25.0, 0.5);
  meter.receiveLow8(static_cast<std::uint8_t>(999 - 100));  // 899, lost, arrives 100 late
  EXPECT_NEAR(meter.percent(), 25.0 - 100.0 / 256.0, 0.5);
}

}  // namespace
}  // namespace coyote::net
