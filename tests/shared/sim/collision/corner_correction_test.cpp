#include <optional>

#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr float kCornerPixel = 1.0f / static_cast<float>(kPixelsPerTile);

// A floor at y = 6 and a two-tile block over it at columns 4-5, its underside at y = 3.
constexpr const char* kLowBlock =
    "##########\n"
    "#........#\n"
    "#...##...#\n"
    "#........#\n"
    "#........#\n"
    "#.S......#\n"
    "##########\n";

// Stands at `left`, jumps straight up and returns the highest top the box reached.
float highestTopAfterJump(float left, int pixels) {
  PhysicsConfig config;
  config.cornerCorrection = pixels;
  Scenario scenario(kLowBlock, config);
  EXPECT_TRUE(scenario.settle());
  scenario.player().position.x = left;
  float highest = scenario.box().top();
  scenario.step(input(0, 0, kButtonJump));
  for (int tick = 0; tick < 30; ++tick) {
    highest = std::min(highest, scenario.box().top());
    scenario.step(input(0, 0, kButtonJump));
  }
  return highest;
}

TEST(CornerCorrection, ARiseClippingACeilingCornerByNPixelsSlidesRoundIt) {
  const int n = PhysicsConfig{}.cornerCorrection;
  ASSERT_EQ(n, 4);
  const float width = PhysicsConfig{}.playerWidth;
  // Right edge N px into the block's left column: nudged left, it rises past the block.
  EXPECT_LT(highestTopAfterJump(4.0f - width + static_cast<float>(n) * kCornerPixel, n),
            3.0f - 0.5f);
  // Left edge N px into its right column: nudged right.
  EXPECT_LT(highestTopAfterJump(6.0f - static_cast<float>(n) * kCornerPixel, n), 3.0f - 0.5f);
}

TEST(CornerCorrection, ARiseClippingItByNPlusOnePixelsIsStopped) {
  const int n = PhysicsConfig{}.cornerCorrection;
  const float width = PhysicsConfig{}.playerWidth;
  EXPECT_FLOAT_EQ(highestTopAfterJump(4.0f - width + static_cast<float>(n + 1) * kCornerPixel, n),
                  3.0f);
  EXPECT_FLOAT_EQ(highestTopAfterJump(6.0f - static_cast<float>(n + 1) * kCornerPixel, n), 3.0f);
}

TEST(CornerCorrection, ZeroTurnsItOff) {
  const float width = PhysicsConfig{}.playerWidth;
  EXPECT_FLOAT_EQ(highestTopAfterJump(4.0f - width + kCornerPixel, 0), 3.0f);
}

// The same rise under a still platform (a body, not a tile) at the widest correction, 8 px, with
// or without a post to the left that leaves `gap` px of room: the nudge must see the post, so the
// bodies a character's step looks at reach that far sideways (bodiesInReach).
float highestTopUnderPlatform(std::optional<float> gap) {
  PhysicsConfig config;
  config.cornerCorrection = 8;
  Scenario scenario(
      "##########\n"
      "#........#\n"
      "#........#\n"
      "#........#\n"
      "#........#\n"
      "#.S......#\n"
      "##########\n",
      config);
  const float left = 4.0f - config.playerWidth + 8.0f * kCornerPixel;  // 8 px under the platform
  PlatformDefinition ceiling;
  ceiling.size = {2.0f, 0.5f};
  ceiling.path = {{4.0f, 4.0f}};
  scenario.add(ceiling);
  if (gap) {
    PlatformDefinition post;
    post.size = {0.5f, 2.0f};
    post.path = {{left - *gap * kCornerPixel - 0.5f, 3.0f}};
    scenario.add(post);
  }
  EXPECT_TRUE(scenario.settle());
  scenario.player().position.x = left;
  float highest = scenario.box().top();
  for (int tick = 0; tick < 30; ++tick) {
    scenario.step(input(0, 0, kButtonJump));
    highest = std::min(highest, scenario.box().top());
  }
  return highest;
}

TEST(CornerCorrection, ANudgeSeesABodyAsFarToTheSideAsTheWidestCorrection) {
  EXPECT_LT(highestTopUnderPlatform(std::nullopt), 4.0f);  // nudged 8 px, round the platform
  EXPECT_LT(highestTopUnderPlatform(8.5f), 4.0f);          // room for the nudge
  EXPECT_FLOAT_EQ(highestTopUnderPlatform(7.5f), 4.5f);    // the post stops it: under it still
}

// A ledge whose top is at y = 4 from column 6 on, over a pit.
constexpr const char* kCornerLedge =
    "##########\n"
    "#........#\n"
    "#........#\n"
    "#........#\n"
    "#.....####\n"
    "#.S...####\n"
    "#.........\n";

// Dashes right from the air with the feet `pixelsBelow` px under the ledge's top; returns the box
// after the dash.
Aabb afterDashAtLedge(int pixelsBelow, int pixels) {
  PhysicsConfig config;
  config.cornerCorrection = pixels;
  Scenario scenario(kCornerLedge, config);
  scenario.player().grounded = false;
  scenario.player().position = {
      3.0f, 4.0f + static_cast<float>(pixelsBelow) * kCornerPixel - config.playerHeight};
  scenario.step(input(kRight, 0, kButtonDash), 9);
  return scenario.box();
}

TEST(CornerCorrection, ADashClippingALedgeByNPixelsIsLiftedOntoIt) {
  const int n = PhysicsConfig{}.cornerCorrection;
  const Aabb box = afterDashAtLedge(n, n);
  EXPECT_GT(box.left(), 6.0f);
  EXPECT_LE(box.bottom(), 4.0f + 1.0e-3f);
}

TEST(CornerCorrection, ADashClippingItByNPlusOnePixelsStopsAtTheWall) {
  const int n = PhysicsConfig{}.cornerCorrection;
  EXPECT_FLOAT_EQ(afterDashAtLedge(n + 1, n).right(), 6.0f);
  EXPECT_FLOAT_EQ(afterDashAtLedge(1, 0).right(), 6.0f);
}

}  // namespace
}  // namespace coyote::test
