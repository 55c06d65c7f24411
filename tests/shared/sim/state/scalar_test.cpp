#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <random>

#include "sim/state/scalar.h"

namespace coyote {
namespace {

std::uint32_t floatBits(float value) {
  return std::bit_cast<std::uint32_t>(value);
}

/// The definition the simulation's hashes were made with.
float referenceAbs(float value) {
  return value < 0.0f ? -value : value;
}

// absOf has no branch, but must give the bits the comparison gives: a -0 stays -0 and a NaN
// keeps its sign and payload (std::fabs would clear both signs and change the golden hashes).
TEST(Scalar, AbsOfGivesTheBitsOfTheComparisonForEveryKindOfFloat) {
  const float special[] = {0.0f,
                           -0.0f,
                           1.5f,
                           -1.5f,
                           std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(),
                           std::numeric_limits<float>::quiet_NaN(),
                           -std::numeric_limits<float>::quiet_NaN(),
                           std::numeric_limits<float>::denorm_min(),
                           -std::numeric_limits<float>::denorm_min(),
                           std::numeric_limits<float>::max(),
                           std::numeric_limits<float>::lowest()};
  for (const float value : special) {
    EXPECT_EQ(floatBits(absOf(value)), floatBits(referenceAbs(value)))
        << "bits " << floatBits(value);
  }
  EXPECT_EQ(floatBits(absOf(-0.0f)), 0x80000000u);
  EXPECT_EQ(absOf(-2.25f), 2.25f);
  std::mt19937 random(11);
  for (int i = 0; i < 1'000'000; ++i) {
    const float value = std::bit_cast<float>(static_cast<std::uint32_t>(random()));
    ASSERT_EQ(floatBits(absOf(value)), floatBits(referenceAbs(value)))
        << "bits " << floatBits(value);
  }
}

// magnitudeOf stands in for absOf where a value is only compared: against any threshold, with
// <, <=, > and >=, it must answer as absOf does, for every kind of float (a NaN compares false).
TEST(Scalar, MagnitudeOfComparesAsAbsOfDoes) {
  std::mt19937 random(13);
  const float thresholds[] = {0.0f, 0.5f, 9.0f, std::numeric_limits<float>::infinity()};
  const auto sameComparisons = [&](float value) {
    for (const float limit : thresholds) {
      const float kept = absOf(value);
      const float compared = magnitudeOf(value);
      if ((kept < limit) != (compared < limit) || (kept <= limit) != (compared <= limit) ||
          (kept > limit) != (compared > limit) || (kept >= limit) != (compared >= limit)) {
        return false;
      }
    }
    return true;
  };
  EXPECT_TRUE(sameComparisons(-0.0f));
  EXPECT_TRUE(sameComparisons(-std::numeric_limits<float>::quiet_NaN()));
  EXPECT_TRUE(sameComparisons(-std::numeric_limits<float>::infinity()));
  EXPECT_EQ(magnitudeOf(-2.25f), 2.25f);
  EXPECT_EQ(floatBits(magnitudeOf(-0.0f)), 0u);  // where the two differ: not a value to keep
  for (int i = 0; i < 1'000'000; ++i) {
    const float value = std::bit_cast<float>(static_cast<std::uint32_t>(random()));
    ASSERT_TRUE(sameComparisons(value)) << "bits " << floatBits(value);
    // A random float other than a NaN or -0: the same value.
    if (value == value && value != 0.0f) {
      ASSERT_EQ(floatBits(magnitudeOf(value)), floatBits(absOf(value)));
    }
  }
}

TEST(Scalar, FloorToIntRoundsTowardMinusInfinity) {
  EXPECT_EQ(floorToInt(2.0f), 2);
  EXPECT_EQ(floorToInt(2.999f), 2);
  EXPECT_EQ(floorToInt(-0.0f), 0);
  EXPECT_EQ(floorToInt(-0.001f), -1);
  EXPECT_EQ(floorToInt(-3.0f), -3);
  EXPECT_EQ(floorToInt(-3.5f), -4);
}

}  // namespace
}  // namespace coyote
