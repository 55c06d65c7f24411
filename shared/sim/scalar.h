#pragma once

namespace coyote {

/// |value| with plain comparisons (the step uses only + − × ÷ and sqrt, SPEC §3.8).
inline float absOf(float value) {
  return value < 0.0f ? -value : value;
}

}  // namespace coyote
