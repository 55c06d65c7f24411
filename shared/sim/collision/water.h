#pragma once

#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/vec2.h"

namespace coyote {

/// More of a character's box than this under water and it swims instead of running and jumping.
inline constexpr float kSwimmingFraction = 0.5f;

/// submergedFraction of a box that the level's windows say may be wet: it adds up its cells.
float wetFraction(const Aabb& box, const Level& level);

/// The part of a box's area inside water tiles, 0 (dry) to 1 (under water). The common answer
/// inline: every character step asks, and the window at the box's top-left cell almost always
/// holds no water.
inline float submergedFraction(const Aabb& box, const Level& level) {
  if ((level.typesAround(box) & maskOf(TileType::Water)) == 0) {
    return 0.0f;
  }
  return wetFraction(box, level);
}

/// The downward acceleration left of `gravity` once water holds up `fraction` of a body of
/// `density` (mass per tile²): Archimedes, g · (1 − fraction · ρ_water / ρ_body). Negative: the
/// water pushes it up (a light body floats at fraction = ρ_body / ρ_water).
float buoyantGravity(float gravity, float fraction, float density, const PhysicsConfig& config);

/// `speed` after one step of water drag, integrated implicitly so no drag ever reverses a motion.
/// The drag force grows with the wet area and the speed, so the deceleration is
/// `physics.water_drag` · fraction · ρ_water / ρ_body: a light body is slowed more (a cork does
/// not leap out of the water it fell into).
float afterWaterDrag(float speed, float fraction, float density, const PhysicsConfig& config,
                     float dt);

}  // namespace coyote
