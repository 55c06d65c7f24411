#include "client/core/render_smoothing.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

TEST(RenderSmoothing, InterpolatesBetweenTheTwoTicks) {
  const Vec2 previous{2.0f, 4.0f};
  const Vec2 current{3.0f, 2.0f};
  EXPECT_FLOAT_EQ(interpolate(previous, current, 0.0f).x, 2.0f);
  EXPECT_FLOAT_EQ(interpolate(previous, current, 0.0f).y, 4.0f);
  EXPECT_FLOAT_EQ(interpolate(previous, current, 0.5f).x, 2.5f);
  EXPECT_FLOAT_EQ(interpolate(previous, current, 0.5f).y, 3.0f);
  EXPECT_FLOAT_EQ(interpolate(previous, current, 1.0f).x, 3.0f);
  EXPECT_FLOAT_EQ(interpolate(previous, current, 1.0f).y, 2.0f);
}

TEST(RenderSmoothing, SmallCorrectionsEaseTowardTheCorrectedPosition) {
  CorrectionSmoother smoother;
  EXPECT_FALSE(smoother.add({3, {10.5f, 5.0f}, {10.0f, 5.0f}, false}));
  EXPECT_FLOAT_EQ(smoother.offset(3).x, 0.5f);  // drawn where it was, then …
  smoother.decay(CorrectionSmoother::kEaseSeconds / 2.0f);
  EXPECT_GT(smoother.offset(3).x, 0.05f);
  EXPECT_LT(smoother.offset(3).x, 0.5f);
  smoother.decay(CorrectionSmoother::kEaseSeconds / 2.0f);
  EXPECT_NEAR(smoother.offset(3).x, 0.5f * 0.05f, 0.002f);  // … 5 % left after the ease time
  EXPECT_FLOAT_EQ(smoother.offset(4).x, 0.0f);
}

TEST(RenderSmoothing, CorrectionsAccumulateWhileEasing) {
  CorrectionSmoother smoother;
  smoother.add({1, {1.0f, 0.0f}, {0.5f, 0.0f}, false});
  smoother.add({1, {1.0f, 0.0f}, {0.7f, 0.0f}, false});
  EXPECT_FLOAT_EQ(smoother.offset(1).x, 0.8f);
}

TEST(RenderSmoothing, LargeErrorsSnap) {
  CorrectionSmoother smoother;
  EXPECT_TRUE(smoother.add({2, {10.0f, 5.0f}, {12.0f, 5.0f}, false}));
  EXPECT_FLOAT_EQ(smoother.offset(2).x, 0.0f);
}

TEST(RenderSmoothing, ContactChangesSnapEvenWhenSmall) {
  CorrectionSmoother smoother;
  EXPECT_TRUE(smoother.add({2, {10.0f, 5.0f}, {10.0f, 5.1f}, true}));
  EXPECT_FLOAT_EQ(smoother.offset(2).y, 0.0f);
}

}  // namespace
}  // namespace coyote
