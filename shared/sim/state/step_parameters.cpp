#include "sim/state/step_parameters.h"

#include "sim/state/scalar.h"

namespace coyote {
namespace {

// sin of an angle in [0°, 90°] by its Taylor series to x¹⁵ (error below 1e-9 there): + − × ÷
// only, so the limit is the same float on every machine, which std::sin does not promise.
float sineOfDegrees(float degrees) {
  constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180.0;
  const double x = static_cast<double>(degrees < 90.0f ? degrees : 90.0f) * kRadiansPerDegree;
  double term = x;
  double sum = x;
  for (int power = 3; power <= 15; power += 2) {
    term *= -x * x / static_cast<double>((power - 1) * power);
    sum += term;
  }
  return static_cast<float>(sum);
}

}  // namespace

StepParameters::StepParameters(const PhysicsConfig& physics)
    : config(physics),
      dt(physics.dt()),
      coyoteTicks(ticksFor(physics.coyoteTime, physics.tickRate)),
      jumpBufferTicks(ticksFor(physics.jumpBufferTime, physics.tickRate)),
      wallJumpLockTicks(ticksFor(physics.wallJumpLockTime, physics.tickRate)),
      dashTicks(ticksFor(physics.dashDuration, physics.tickRate)),
      reachSideways(
          static_cast<float>(physics.cornerCorrection > 0 ? physics.cornerCorrection : 0) /
              static_cast<float>(kPixelsPerTile) +
          2.0f * kSkin),
      arriveSine(sineOfDegrees(physics.maxWalkableAngle)),
      staySine(sineOfDegrees(physics.maxWalkableAngle + physics.walkableHysteresis)) {}

}  // namespace coyote
