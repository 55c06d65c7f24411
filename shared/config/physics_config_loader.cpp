#include "config/physics_config_loader.h"

namespace coyote {

void readTickRate(TomlTableReader& sim, PhysicsConfig& config) {
  sim.read("tick_rate", config.tickRate, 10, 240);
}

void readPhysicsSection(TomlTableReader& physics, PhysicsConfig& c) {
  physics.read("player_width", c.playerWidth, 0.05f, 0.95f);
  physics.read("player_height", c.playerHeight, 0.05f, 0.95f);
  physics.read("mass", c.mass, 0.05f, 100.0f);
  physics.read("gravity", c.gravity, 0.1f, 500.0f);
  physics.read("fall_gravity_multiplier", c.fallGravityMultiplier, 0.1f, 10.0f);
  physics.read("fast_fall_multiplier", c.fastFallMultiplier, 1.0f, 10.0f);
  physics.read("apex_threshold", c.apexThreshold, 0.0f, 20.0f);
  physics.read("apex_gravity_multiplier", c.apexGravityMultiplier, 0.05f, 1.0f);
  physics.read("fall_drag_coefficient", c.fallDragCoefficient, 0.01f, 100.0f);
  physics.read("max_run_speed", c.maxRunSpeed, 0.1f, 60.0f);
  physics.read("ground_accel", c.groundAccel, 0.1f, 1000.0f);
  physics.read("ground_decel", c.groundDecel, 0.1f, 1000.0f);
  physics.read("air_accel", c.airAccel, 0.0f, 1000.0f);
  physics.read("jump_speed", c.jumpSpeed, 0.0f, 100.0f);
  physics.read("jump_cut_factor", c.jumpCutFactor, 0.0f, 1.0f);
  physics.read("coyote_time", c.coyoteTime, 0.0f, 1.0f);
  physics.read("jump_buffer_time", c.jumpBufferTime, 0.0f, 1.0f);
  physics.read("air_jumps", c.airJumps, 0, 10);
  physics.read("dash_speed", c.dashSpeed, 0.0f, 200.0f);
  physics.read("dash_duration", c.dashDuration, 0.0f, 1.0f);
  physics.read("wall_slide_speed", c.wallSlideSpeed, 0.0f, 100.0f);
  physics.read("wall_jump_speed_x", c.wallJumpSpeedX, 0.0f, 100.0f);
  physics.read("wall_jump_speed_y", c.wallJumpSpeedY, 0.0f, 100.0f);
  physics.read("wall_jump_lock_time", c.wallJumpLockTime, 0.0f, 1.0f);
  physics.read("ground_snap_distance", c.groundSnapDistance, 0.0f, 1.0f);
  physics.rejectUnknownKeys();
}

PhysicsConfig loadPhysicsConfig(const std::string& file) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  PhysicsConfig config;
  TomlTableReader sim = reader.section("sim");
  readTickRate(sim, config);
  sim.rejectUnknownKeys();
  TomlTableReader physics = reader.section("physics");
  readPhysicsSection(physics, config);
  reader.rejectUnknownKeys();
  return config;
}

}  // namespace coyote
