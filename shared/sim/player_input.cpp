#include "sim/player_input.h"

#include <array>
#include <cmath>

namespace coyote {

std::int8_t quantizeAxis(float value) {
  if (!(value == value)) {  // NaN from a broken device counts as centred.
    return 0;
  }
  const float clamped = value < -1.0f ? -1.0f : (value > 1.0f ? 1.0f : value);
  return static_cast<std::int8_t>(std::lround(clamped * static_cast<float>(kAxisMax)));
}

namespace {

constexpr float deadZoneOf(int quantized) {
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

/// Every axis value's result, computed by the compiler (IEEE single precision, as at run time):
/// the step reads two entries instead of dividing four times a character.
constexpr std::array<float, 256> kDeadZoneTable = [] {
  std::array<float, 256> table{};
  for (int quantized = -128; quantized <= 127; ++quantized) {
    table[static_cast<std::size_t>(quantized + 128)] = deadZoneOf(quantized);
  }
  return table;
}();

}  // namespace

float axisAfterDeadZone(std::int8_t quantized) {
  return kDeadZoneTable[static_cast<std::size_t>(quantized + 128)];
}

}  // namespace coyote
