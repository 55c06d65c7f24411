#include "sim/bodies/momentum_exchange.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(MomentumExchange, EqualMassesThatBounceFullyExchangeTheirSpeeds) {
  const PairSpeeds after = exchangeMomentum(2.0f, 6.0f, 2.0f, -1.5f, 1.0f);
  EXPECT_FLOAT_EQ(after.first, -1.5f);
  EXPECT_FLOAT_EQ(after.second, 6.0f);
}

TEST(MomentumExchange, BodiesThatDoNotBounceGoOnTogetherAtTheCommonSpeed) {
  // p = 1·8 + 3·0 = 8 over 4 mass: both at 2.
  const PairSpeeds after = exchangeMomentum(1.0f, 8.0f, 3.0f, 0.0f, 0.0f);
  EXPECT_FLOAT_EQ(after.first, 2.0f);
  EXPECT_FLOAT_EQ(after.second, 2.0f);
}

TEST(MomentumExchange, HalfRestitutionPartsThemAtHalfTheSpeedTheyMet) {
  const PairSpeeds after = exchangeMomentum(1.0f, 4.0f, 1.0f, 0.0f, 0.5f);
  EXPECT_FLOAT_EQ(after.first, 1.0f);
  EXPECT_FLOAT_EQ(after.second, 3.0f);
  EXPECT_FLOAT_EQ(after.second - after.first, 0.5f * (4.0f - 0.0f));
}

// 10,000 random pairs (masses 0.05–1,000, speeds ±200 tiles/s, e 0–1): momentum is kept to 1e-5
// of its scale, they part at e times the speed they met, and no energy is made.
TEST(MomentumExchange, TenThousandRandomPairsKeepMomentumAndMakeNoEnergy) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> mass(0.05f, 1000.0f);
  std::uniform_real_distribution<float> speed(-200.0f, 200.0f);
  std::uniform_real_distribution<float> restitution(0.0f, 1.0f);
  for (int pair = 0; pair < 10000; ++pair) {
    const double m1 = mass(random), m2 = mass(random);
    const double v1 = speed(random), v2 = speed(random);
    const float e = restitution(random);
    const PairSpeeds after = exchangeMomentum(static_cast<float>(m1), static_cast<float>(v1),
                                              static_cast<float>(m2), static_cast<float>(v2), e);
    const double before = m1 * v1 + m2 * v2;
    const double scale = m1 * std::abs(v1) + m2 * std::abs(v2);
    EXPECT_NEAR(m1 * after.first + m2 * after.second, before, 1e-5 * scale) << "pair " << pair;
    const double relativeTolerance = 1e-5 * (std::abs(v1) + std::abs(v2) + 1.0);
    EXPECT_NEAR(after.second - after.first, e * (v1 - v2), relativeTolerance) << "pair " << pair;
    const double energyBefore = m1 * v1 * v1 + m2 * v2 * v2;
    const double energyAfter = m1 * after.first * after.first + m2 * after.second * after.second;
    EXPECT_LE(energyAfter, energyBefore * (1.0 + 1e-5)) << "pair " << pair;
  }
}

}  // namespace
}  // namespace coyote
