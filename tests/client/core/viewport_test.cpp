#include "client/core/viewport.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "client/core/camera.h"

namespace coyote {
namespace {

struct ScaleCase {
  unsigned width, height;
  int scale, offsetX, offsetY;
};

TEST(Viewport, PicksTheLargestWholeScaleAndLetterboxes) {
  const ScaleCase cases[] = {
      {1280, 960, 4, 0, 0},      // the default window: 4×, no bars
      {1920, 1080, 4, 320, 60},  // wide screen: bars left and right, and a little top and bottom
      {1600, 1200, 5, 0, 0},    {1281, 961, 4, 0, 0},  // one pixel more does not reach 5×
      {1279, 960, 3, 159, 120},                        // one pixel less falls to 3×
      {640, 2000, 2, 0, 760},                          // tall: bars top and bottom
      {300, 200, 1, -10, -20},                         // smaller than 1×: still 1×, centred
  };
  for (const ScaleCase& c : cases) {
    const Viewport viewport = fitViewport(c.width, c.height);
    EXPECT_EQ(viewport.scale, c.scale) << c.width << "x" << c.height;
    EXPECT_EQ(viewport.offsetX, c.offsetX) << c.width << "x" << c.height;
    EXPECT_EQ(viewport.offsetY, c.offsetY) << c.width << "x" << c.height;
    EXPECT_EQ(viewport.width(), 320 * c.scale);
    EXPECT_EQ(viewport.height(), 240 * c.scale);
  }
}

// Zoom (docs/playing.md#the-window): each step, the same part of the window one whole scale
// smaller, the logical picture larger; never below 1×, never past twice zoom 1's tiles.
TEST(Viewport, EachZoomStepDrawsTheSameAreaOneWholeScaleSmaller) {
  struct ZoomCase {
    unsigned width, height;
    int zoom, scale, logicalWidth, logicalHeight;
  };
  const ZoomCase cases[] = {
      {1280, 960, 1, 4, 320, 240},  {1280, 960, 2, 3, 426, 320},  {1280, 960, 3, 2, 640, 480},
      {1280, 960, 9, 2, 640, 480},                                 // past the last step: the last
      {1600, 1200, 2, 4, 400, 300}, {1600, 1200, 3, 3, 533, 400},  // 3× is over half of 5×
      {640, 480, 2, 1, 640, 480},   {640, 480, 3, 1, 640, 480},   {320, 240, 3, 1, 320, 240},
      {1920, 1080, 2, 3, 426, 320},  // the fitted 4× area, letterboxed the same
  };
  for (const ZoomCase& c : cases) {
    const Viewport viewport = fitViewport(c.width, c.height, c.zoom);
    const std::string name = std::to_string(c.width) + "x" + std::to_string(c.height) + " zoom " +
                             std::to_string(c.zoom);
    EXPECT_EQ(viewport.scale, c.scale) << name;
    EXPECT_EQ(viewport.logicalWidth, c.logicalWidth) << name;
    EXPECT_EQ(viewport.logicalHeight, c.logicalHeight) << name;
    EXPECT_LE(viewport.width(), static_cast<int>(c.width)) << name;
    EXPECT_LE(viewport.height(), static_cast<int>(c.height)) << name;
    EXPECT_EQ(viewport.offsetX, (static_cast<int>(c.width) - viewport.width()) / 2) << name;
  }
}

TEST(Camera, FollowsTheFocusButStaysInsideTheLevel) {
  EXPECT_FLOAT_EQ(cameraTopLeft({24.0f, 12.0f}, 48, 24).x, 14.0f);  // centred on 24
  EXPECT_FLOAT_EQ(cameraTopLeft({24.0f, 12.0f}, 48, 24).y, 4.5f);
  EXPECT_FLOAT_EQ(cameraTopLeft({2.0f, 1.0f}, 48, 24).x, 0.0f);  // left and top edges
  EXPECT_FLOAT_EQ(cameraTopLeft({2.0f, 1.0f}, 48, 24).y, 0.0f);
  EXPECT_FLOAT_EQ(cameraTopLeft({47.0f, 23.0f}, 48, 24).x, 28.0f);  // right and bottom edges
  EXPECT_FLOAT_EQ(cameraTopLeft({47.0f, 23.0f}, 48, 24).y, 9.0f);
  EXPECT_FLOAT_EQ(cameraTopLeft({5.0f, 5.0f}, 20, 15).x, 0.0f);   // a level exactly one screen
  EXPECT_FLOAT_EQ(cameraTopLeft({5.0f, 5.0f}, 10, 15).x, -5.0f);  // a narrow level is centred
  // Whole logical pixels: 1/16 tile steps.
  const Vec2 camera = cameraTopLeft({20.03f, 12.0f}, 48, 24);
  EXPECT_FLOAT_EQ(camera.x * 16.0f, std::round(camera.x * 16.0f));
}

}  // namespace
}  // namespace coyote
