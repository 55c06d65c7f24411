#include "sim/collision/water.h"

#include "sim/state/scalar.h"

namespace coyote {
namespace {

float overlapLength(float low, float high, float cell) {
  const float from = low > cell ? low : cell;
  const float to = high < cell + 1.0f ? high : cell + 1.0f;
  return to > from ? to - from : 0.0f;
}

}  // namespace

float wetFraction(const Aabb& box, const Level& level) {
  const int firstRow = floorToInt(box.top());
  const int lastRow = floorToInt(box.bottom());
  const int firstColumn = floorToInt(box.left());
  const int lastColumn = floorToInt(box.right());
  const float area = box.size.x * box.size.y;
  if (area <= 0.0f) {
    return 0.0f;
  }
  float wet = 0.0f;
  // Row by row, top to bottom, left to right: a fixed order, so the same sum on every machine.
  for (int row = firstRow; row <= lastRow; ++row) {
    const float height = overlapLength(box.top(), box.bottom(), static_cast<float>(row));
    for (int column = firstColumn; column <= lastColumn && height > 0.0f; ++column) {
      if (level.tileAt(column, row) == TileType::Water) {
        wet += height * overlapLength(box.left(), box.right(), static_cast<float>(column));
      }
    }
  }
  const float fraction = wet / area;
  return fraction < 1.0f ? fraction : 1.0f;
}

float buoyantGravity(float gravity, float fraction, float density, const PhysicsConfig& config) {
  return gravity * (1.0f - fraction * config.waterDensity / density);
}

float afterWaterDrag(float speed, float fraction, float density, const PhysicsConfig& config,
                     float dt) {
  const float rate = config.waterDrag * fraction * config.waterDensity / density;
  return speed / (1.0f + rate * dt);
}

}  // namespace coyote
