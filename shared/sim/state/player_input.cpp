#include "sim/state/player_input.h"

#include <cmath>

namespace coyote {

std::int8_t quantizeAxis(float value) {
  if (!(value == value)) {  // NaN from a broken device counts as centred.
    return 0;
  }
  const float clamped = value < -1.0f ? -1.0f : (value > 1.0f ? 1.0f : value);
  return static_cast<std::int8_t>(std::lround(clamped * static_cast<float>(kAxisMax)));
}

}  // namespace coyote
