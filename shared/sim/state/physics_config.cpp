#include "sim/state/physics_config.h"

#include <cstdint>

namespace coyote {

std::int32_t ticksFor(float seconds, std::int32_t tickRate) {
  // std::lround's rounding (halves away from zero) without its libm call, which the step pays
  // several times: |x| + 0.5 is exact in double for any float, and truncation is then floor.
  const float ticks = seconds * static_cast<float>(tickRate);
  const double magnitude = (ticks < 0.0f ? -static_cast<double>(ticks) : ticks) + 0.5;
  const auto rounded = static_cast<std::int64_t>(magnitude);
  return static_cast<std::int32_t>(ticks < 0.0f ? -rounded : rounded);
}

}  // namespace coyote
