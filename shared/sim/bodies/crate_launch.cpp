#include "sim/bodies/crate_launch.h"

#include "sim/collision/water.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

constexpr float kFloatingRestSpeed = 1.0e-3f;  ///< tiles/s: slower in water is at rest

// One gravity (the characters' falling one) both ways; within a step it adds at most a tile.
float crateGravity(const StepParameters& parameters) {
  const float gravity = parameters.config.gravity * parameters.config.fallGravityMultiplier;
  const float limit = kMaxTilesPerSubstep / (parameters.dt * parameters.dt);
  return gravity < limit ? gravity : limit;
}

float approachZero(float value, float maxDelta) {
  if (value > 0.0f) {
    return value > maxDelta ? value - maxDelta : 0.0f;
  }
  return value < -maxDelta ? value + maxDelta : 0.0f;
}

}  // namespace

float clampBodySpeed(float value, const PhysicsConfig& config) {
  const float limit = config.maxBodySpeed;
  return value > limit ? limit : (value < -limit ? -limit : value);
}

void brakeOnGround(Crate& crate, const CrateDefinition& definition, const Level& level,
                   const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  if (crate.grounded) {
    const Material& ground = groundMaterial(crateBox(crate, definition), crate.support, level);
    const float friction = mixMaterials(materialOf(level, definition.material), ground).friction;
    crate.velocity.x =
        approachZero(crate.velocity.x, config.crateGroundDecel * friction * parameters.dt);
  }
}

CrateLaunch launchCrate(const Crate& crate, const CrateDefinition& definition, const Aabb& box,
                        const Level& level, const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  const float dt = parameters.dt;
  const float weight = crateGravity(parameters);
  const float submerged = submergedFraction(box, level);
  if (submerged == 0.0f) {
    return {crate.velocity, weight};
  }
  const float density = definition.mass / (definition.size.x * definition.size.y);
  const float net = buoyantGravity(weight, submerged, density, config);
  const float vy = afterWaterDrag(crate.velocity.y + net * dt, submerged, density, config, dt);
  const float vx = afterWaterDrag(crate.velocity.x, submerged, density, config, dt);
  // A floating crate comes to rest instead of creeping toward zero through subnormal numbers.
  const auto settled = [](float speed) { return absOf(speed) < kFloatingRestSpeed ? 0.0f : speed; };
  return {{clampBodySpeed(settled(vx), config), clampBodySpeed(settled(vy), config)}, 0.0f};
}

Vec2 launchAtOnce(const Crate& crate, const Level& level, const StepParameters& parameters) {
  const CrateDefinition* definition = crateDefinition(level, crate.id);
  if (definition == nullptr) {
    return crate.velocity;
  }
  const CrateLaunch launched =
      launchCrate(crate, *definition, crateBox(crate, *definition), level, parameters);
  const float vy = launched.velocity.y + launched.gravity * parameters.dt;
  return {launched.velocity.x, clampBodySpeed(vy, parameters.config)};
}

}  // namespace coyote
