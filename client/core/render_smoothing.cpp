#include "client/core/render_smoothing.h"

#include <cmath>

namespace coyote {

bool CorrectionSmoother::add(const RollbackCorrection& correction) {
  Vec2& offset = offsets_[static_cast<std::size_t>(correction.slot)];
  const Vec2 total{offset.x + correction.before.x - correction.after.x,
                   offset.y + correction.before.y - correction.after.y};
  const float distance = std::sqrt(dot(total, total));
  if (correction.contactChanged || distance > kSnapDistance) {
    offset = {};
    return true;
  }
  offset = total;
  return false;
}

void CorrectionSmoother::decay(float seconds) {
  // Exponential: ln(0.05) ≈ -3, so after kEaseSeconds 5 % of the offset is left.
  const float keep = std::exp(-3.0f * seconds / kEaseSeconds);
  for (Vec2& offset : offsets_) {
    offset = offset * keep;
  }
}

}  // namespace coyote
