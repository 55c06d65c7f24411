#include "sim/step_parameters.h"

namespace coyote {

StepParameters::StepParameters(const PhysicsConfig& physics)
    : config(physics),
      dt(physics.dt()),
      coyoteTicks(ticksFor(physics.coyoteTime, physics.tickRate)),
      jumpBufferTicks(ticksFor(physics.jumpBufferTime, physics.tickRate)),
      wallJumpLockTicks(ticksFor(physics.wallJumpLockTime, physics.tickRate)),
      dashTicks(ticksFor(physics.dashDuration, physics.tickRate)) {}

}  // namespace coyote
