#include "sim/physics_config.h"

#include <cmath>

namespace coyote {

std::int32_t ticksFor(float seconds, std::int32_t tickRate) {
  return static_cast<std::int32_t>(std::lround(seconds * static_cast<float>(tickRate)));
}

}  // namespace coyote
