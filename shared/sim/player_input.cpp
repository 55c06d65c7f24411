#include "sim/player_input.h"

#include <cmath>

namespace coyote {

std::int8_t quantizeAxis(float value) {
  if (!(value == value)) {  // NaN from a broken device counts as centred.
    return 0;
  }
  const float clamped = value < -1.0f ? -1.0f : (value > 1.0f ? 1.0f : value);
  return static_cast<std::int8_t>(std::lround(clamped * static_cast<float>(kAxisMax)));
}

float axisAfterDeadZone(std::int8_t quantized) {
  // -128 is outside the wire range; treat it like -127 so the result stays within [-1, 1].
  const int clamped = quantized < -kAxisMax ? -kAxisMax : quantized;
  const float value = static_cast<float>(clamped) / static_cast<float>(kAxisMax);
  const float magnitude = value < 0.0f ? -value : value;
  if (magnitude < kDeadZone) {
    return 0.0f;
  }
  const float remapped = (magnitude - kDeadZone) / (1.0f - kDeadZone);
  return value < 0.0f ? -remapped : remapped;
}

}  // namespace coyote
