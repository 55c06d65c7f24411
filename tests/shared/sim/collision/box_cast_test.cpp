#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "sim/collision/box_cast.h"
#include "sim/collision/sweep.h"

namespace coyote {
namespace {

Obstacle box(float x, float y, float w, float h, BodyId id = 1, bool oneWay = false) {
  return Obstacle::of({{x, y}, {w, h}}, id, oneWay);
}

const Aabb kUnit{{0.0f, 0.0f}, {1.0f, 1.0f}};

TEST(BoxCast, HitsAtTheMinkowskiEntryTimeWithTheFaceNormal) {
  // The target's left face is at 3; the mover's right edge starts at 1: 2 of 4 tiles, t = 0.5.
  const BoxHit hit = castBox(kUnit, {4.0f, 0.0f}, box(3.0f, -0.5f, 1.0f, 1.0f, 7));
  ASSERT_TRUE(hit.hit);
  EXPECT_FLOAT_EQ(hit.time, 0.5f);
  EXPECT_EQ(hit.normalX, -1);
  EXPECT_EQ(hit.normalY, 0);
  EXPECT_FLOAT_EQ(hit.face, 2.0f);
  EXPECT_EQ(hit.id, 7);
}

TEST(BoxCast, LandsOnATopFaceDiagonally) {
  const BoxHit hit = castBox(kUnit, {1.0f, 4.0f}, box(0.0f, 3.0f, 4.0f, 1.0f));
  ASSERT_TRUE(hit.hit);
  EXPECT_FLOAT_EQ(hit.time, 0.5f);
  EXPECT_EQ(hit.normalY, -1);
  EXPECT_FLOAT_EQ(hit.face, 2.0f);
}

TEST(BoxCast, NeverTunnelsThroughAThinTargetAtAnySpeed) {
  for (const float speed : {1.0f, 10.0f, 200.0f, 5000.0f}) {
    const BoxHit hit = castBox(kUnit, {speed, 0.0f}, box(1.5f, 0.0f, 0.01f, 1.0f));
    ASSERT_TRUE(hit.hit) << speed;
    EXPECT_FLOAT_EQ(hit.face, 0.5f) << speed;
  }
}

TEST(BoxCast, SlidingAlongAFloorOfBoxesNeverCatchesOnASeam) {
  // The mover rests exactly on two floor boxes that meet at x = 1 (the tiles' junction problem).
  const std::vector<Obstacle> floor = {box(0.0f, 1.0f, 1.0f, 1.0f, 1),
                                       box(1.0f, 1.0f, 1.0f, 1.0f, 2)};
  EXPECT_FALSE(castAgainst(kUnit, {3.0f, 0.0f}, floor, kNoBody, 1.0f).hit);
  // Moving down and sideways, it lands on the first (t = 0), not against the second's side.
  const BoxHit hit = castAgainst(kUnit, {0.5f, 0.05f}, floor, kNoBody, 1.0f);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.normalY, -1);
  EXPECT_EQ(hit.time, 0.0f);
}

TEST(BoxCast, ABoxInsideByMoreThanTheSkinIsNotAContact) {
  EXPECT_FALSE(castBox(kUnit, {1.0f, 0.0f}, box(0.5f, 0.0f, 1.0f, 1.0f)).hit);
  // Within the skin (float residue), it is a contact at time 0.
  const BoxHit hit = castBox(kUnit, {1.0f, 0.0f}, box(1.0f - 0.5f * kSkin, 0.0f, 1.0f, 1.0f));
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.time, 0.0f);
}

TEST(BoxCast, TheEarliestHitIsTheSameInAnyStorageOrder) {
  // Two bodies hit at the same time: the smaller id wins, whichever comes first in the list.
  std::vector<Obstacle> obstacles = {box(2.0f, 0.0f, 1.0f, 1.0f, 9), box(2.0f, 0.5f, 1.0f, 1.0f, 4),
                                     box(5.0f, 0.0f, 1.0f, 1.0f, 1)};
  const BoxHit forward = castAgainst(kUnit, {3.0f, 0.0f}, obstacles, kNoBody, 1.0f);
  std::swap(obstacles[0], obstacles[1]);
  const BoxHit backward = castAgainst(kUnit, {3.0f, 0.0f}, obstacles, kNoBody, 1.0f);
  EXPECT_EQ(forward.id, 4);
  EXPECT_EQ(backward.id, 4);
}

TEST(BoxCast, AOneWayBoxBlocksOnlyFromAbove) {
  const std::vector<Obstacle> ledge = {box(0.0f, 2.0f, 2.0f, 0.5f, 3, true)};
  const Aabb above{{0.5f, 0.5f}, {1.0f, 1.0f}};  // bottom at 1.5, above the top at 2
  EXPECT_TRUE(castAgainst(above, {0.0f, 1.0f}, ledge, kNoBody, above.bottom()).hit);
  const Aabb below{{0.5f, 2.6f}, {1.0f, 1.0f}};
  EXPECT_FALSE(castAgainst(below, {0.0f, -2.0f}, ledge, kNoBody, below.bottom()).hit);
  // Started below its top (jumping through it): falls through on the way down too.
  const Aabb inside{{0.5f, 1.2f}, {1.0f, 1.0f}};
  EXPECT_FALSE(castAgainst(inside, {0.0f, 0.5f}, ledge, kNoBody, inside.bottom()).hit);
}

/// Values about a box's edges on one axis: each edge, each edge moved in by the skin (as
/// overlapsBeyondSkin computes it) and the floats either side of that, and some beyond.
std::vector<float> valuesAbout(float low, float high) {
  std::vector<float> values = {low - 0.5f, low, high, high + 0.5f, (low + high) * 0.5f};
  for (const float edge : {low + kSkin, high - kSkin}) {
    values.push_back(edge);
    values.push_back(std::nextafter(edge, -1.0e9f));
    values.push_back(std::nextafter(edge, 1.0e9f));
  }
  return values;
}

// The platform pass tests every body against every platform with InsideSkin: its answer must
// be overlapsBeyondSkin's for every box whose edges lie on, just inside and just outside the
// skin's lines, and for a NaN.
TEST(BoxCast, InsideSkinAnswersAsOverlapsBeyondSkin) {
  const Aabb fixed{{3.0f, 5.0f}, {2.0f, 0.5f}};
  const InsideSkin inside(fixed);
  const std::vector<float> xs = valuesAbout(fixed.left(), fixed.right());
  const std::vector<float> ys = valuesAbout(fixed.top(), fixed.bottom());
  int asked = 0;
  int overlapping = 0;
  for (const float left : xs) {
    for (const float right : xs) {
      for (const float top : ys) {
        for (const float bottom : ys) {
          if (left >= right || top >= bottom) {
            continue;
          }
          // Near the box the differences are exact, so the other box's far edges are these.
          const Aabb other{{left, top}, {right - left, bottom - top}};
          ASSERT_EQ(other.right(), right);
          ASSERT_EQ(other.bottom(), bottom);
          const bool expected = overlapsBeyondSkin(other, fixed);
          ASSERT_EQ(inside.overlaps(BoxEdges::of(other)), expected)
              << left << " " << top << " " << right << " " << bottom;
          ++asked;
          overlapping += expected ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(overlapping, 100);  // both answers were asked for
  EXPECT_GT(asked - overlapping, 100);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(inside.overlaps({nan, nan, nan, nan}));
}

TEST(BoxCast, TheMoverItselfIsIgnored) {
  const std::vector<Obstacle> self = {box(0.0f, 0.0f, 1.0f, 1.0f, 5),
                                      box(3.0f, 0.0f, 1.0f, 1.0f, 6)};
  EXPECT_EQ(castAgainst(kUnit, {4.0f, 0.0f}, self, 5, 1.0f).id, 6);
}

}  // namespace
}  // namespace coyote
