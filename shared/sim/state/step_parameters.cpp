#include "sim/state/step_parameters.h"

#include "sim/state/scalar.h"

namespace coyote {

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
          2.0f * kSkin) {}

}  // namespace coyote
