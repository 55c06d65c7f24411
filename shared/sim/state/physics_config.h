#pragma once

#include <cstdint>

#include "sim/state/field_list.h"

namespace coyote {

/// A tile is 16 px (docs/simulation.md#units-and-axes). Settings in px (corner correction) convert
/// with it.
inline constexpr int kPixelsPerTile = 16;

// Every tunable of the character physics (docs/simulation.md#settings), declared once: TOML section
// and key, type, name, default, valid range (inclusive), unit and effect. Distances are in tiles,
// times in seconds, speeds in tiles/s. `configs/physics.toml` mirrors it key for key.
#define COYOTE_PHYSICS_SETTINGS(SETTING)                                                           \
  SETTING(sim, tick_rate, std::int32_t, tickRate, 60, 10, 240, "Hz",                               \
          "the fixed step is 1 / tickRate seconds")                                                \
  /* body */                                                                                       \
  SETTING(physics, player_width, float, playerWidth, 0.4f, 0.05f, 0.95f, "tiles", "box width")     \
  SETTING(physics, player_height, float, playerHeight, 0.8f, 0.05f, 0.95f, "tiles", "box height")  \
  SETTING(physics, mass, float, mass, 1.0f, 0.05f, 100.0f, "mass units",                           \
          "a heavier body is slowed less by drag")                                                 \
  /* gravity and drag */                                                                           \
  SETTING(physics, gravity, float, gravity, 60.0f, 0.1f, 500.0f, "tiles/s²", "while rising")       \
  SETTING(physics, fall_gravity_multiplier, float, fallGravityMultiplier, 1.5f, 0.1f, 10.0f, "×",  \
          "gravity multiplier while falling (vy >= 0)")                                            \
  SETTING(physics, fast_fall_multiplier, float, fastFallMultiplier, 1.5f, 1.0f, 10.0f, "×",        \
          "extra multiplier while falling with down held")                                         \
  SETTING(physics, apex_threshold, float, apexThreshold, 2.0f, 0.0f, 20.0f, "tiles/s",             \
          "|vy| below this is the apex of a jump")                                                 \
  SETTING(physics, apex_gravity_multiplier, float, apexGravityMultiplier, 0.5f, 0.05f, 1.0f, "×",  \
          "gravity multiplier at the apex (< 1: a short float)")                                   \
  SETTING(physics, fall_drag_coefficient, float, fallDragCoefficient, 3.6f, 0.01f, 100.0f,         \
          "mass/s", "terminal speed = mass * gEff / this (25 tiles/s by default)")                 \
  /* horizontal movement */                                                                        \
  SETTING(physics, max_run_speed, float, maxRunSpeed, 9.0f, 0.1f, 60.0f, "tiles/s", "")            \
  SETTING(physics, ground_accel, float, groundAccel, 60.0f, 0.1f, 1000.0f, "tiles/s²",             \
          "speeding up on the ground")                                                             \
  SETTING(physics, ground_decel, float, groundDecel, 84.0f, 0.1f, 1000.0f, "tiles/s²",             \
          "braking on the ground (1.4 × accel)")                                                   \
  SETTING(physics, air_accel, float, airAccel, 30.0f, 0.0f, 1000.0f, "tiles/s²",                   \
          "in the air; also the rate at which speed above max decays")                             \
  /* jump */                                                                                       \
  SETTING(physics, jump_speed, float, jumpSpeed, 20.0f, 0.0f, 100.0f, "tiles/s",                   \
          "initial upward speed of a ground or air jump")                                          \
  SETTING(physics, jump_cut_factor, float, jumpCutFactor, 0.3f, 0.0f, 1.0f, "×",                   \
          "vy multiplier when jump is released while rising")                                      \
  SETTING(physics, coyote_time, float, coyoteTime, 0.10f, 0.0f, 1.0f, "s",                         \
          "a jump is still allowed this long after leaving the ground")                            \
  SETTING(physics, jump_buffer_time, float, jumpBufferTime, 0.12f, 0.0f, 1.0f, "s",                \
          "a press is remembered this long before landing")                                        \
  SETTING(physics, air_jumps, std::int32_t, airJumps, 1, 0, 10, "",                                \
          "extra jumps in the air, refilled on the ground")                                        \
  /* dash */                                                                                       \
  SETTING(physics, dash_speed, float, dashSpeed, 24.0f, 0.0f, 200.0f, "tiles/s",                   \
          "constant during the dash")                                                              \
  SETTING(physics, dash_duration, float, dashDuration, 0.15f, 0.0f, 1.0f, "s", "")                 \
  /* walls */                                                                                      \
  SETTING(physics, wall_slide_speed, float, wallSlideSpeed, 5.0f, 0.0f, 100.0f, "tiles/s",         \
          "fall speed cap against a wall")                                                         \
  SETTING(physics, wall_jump_speed_x, float, wallJumpSpeedX, 11.0f, 0.0f, 100.0f, "tiles/s",       \
          "away from the wall")                                                                    \
  SETTING(physics, wall_jump_speed_y, float, wallJumpSpeedY, 18.0f, 0.0f, 100.0f, "tiles/s",       \
          "upward")                                                                                \
  SETTING(physics, wall_jump_lock_time, float, wallJumpLockTime, 0.15f, 0.0f, 1.0f, "s",           \
          "horizontal input is ignored this long after a wall jump")                               \
  /* slopes */                                                                                     \
  SETTING(physics, ground_snap_distance, float, groundSnapDistance, 0.3f, 0.0f, 1.0f, "tiles",     \
          "a grounded box is pulled down this far on descents")                                    \
  SETTING(physics, max_walkable_angle, float, maxWalkableAngle, 55.0f, 1.0f, 89.0f, "°",           \
          "a steeper surface is not ground: a character arriving on it slides down")               \
  SETTING(physics, walkable_hysteresis, float, walkableHysteresis, 3.0f, 0.0f, 30.0f, "°",         \
          "a character already on the ground stays grounded this much beyond the limit")           \
  /* steps */                                                                                      \
  SETTING(physics, step_height, float, stepHeight, 0.25f, 0.0f, 0.5f, "tiles",                     \
          "a walking character rises onto a ledge at most this high (0 = off)")                    \
  /* platforms and crates */                                                                       \
  SETTING(physics, max_lift_boost, float, maxLiftBoost, 10.0f, 0.0f, 60.0f, "tiles/s",             \
          "cap per axis on the platform or crate velocity a character keeps leaving it")           \
  SETTING(physics, max_depenetration, float, maxDepenetration, 1.0f, 0.05f, 4.0f, "tiles",         \
          "a platform pushes a body out by at most this much a step; deeper is a squeeze")         \
  SETTING(physics, crate_ground_decel, float, crateGroundDecel, 6.0f, 0.0f, 1000.0f, "tiles/s²",   \
          "a grounded crate's braking: a push must beat it, so a heavy crate does not move")       \
  SETTING(physics, min_bounce_speed, float, minBounceSpeed, 2.0f, 0.0f, 100.0f, "tiles/s",         \
          "a hit slower than this never bounces, whatever the restitution (things come to rest)")  \
  SETTING(physics, players_collide, bool, playersCollide, false, false, true, "",                  \
          "characters block each other (default: they pass through)")                              \
  /* water */                                                                                      \
  SETTING(physics, water_density, float, waterDensity, 2.0f, 0.01f, 100.0f, "mass/tile²",          \
          "a body lighter per tile² floats (a 1×1 crate of mass 1 half under)")                    \
  SETTING(physics, water_drag, float, waterDrag, 6.0f, 0.0f, 100.0f, "1/s",                        \
          "drag of a body as dense as water, fully under; × wet fraction × ρ_water / ρ_body")      \
  SETTING(physics, swim_speed, float, swimSpeed, 6.0f, 0.1f, 60.0f, "tiles/s",                     \
          "a swimmer's speed cap per axis; a jump under water is a stroke at this speed")          \
  SETTING(physics, swim_accel, float, swimAccel, 60.0f, 0.1f, 1000.0f, "tiles/s²",                 \
          "steering in water (up against gravity keeps the head above the surface)")               \
  /* events */                                                                                     \
  SETTING(physics, max_events_per_tick, std::int32_t, maxEventsPerTick, 256, 1, 1024, "",          \
          "a step's event batch holds this many; more are counted as dropped")                     \
  SETTING(physics, contact_event_threshold, float, contactEventThreshold, 4.0f, 0.0f, 1000.0f,     \
          "tiles/s", "a crate hit faster than this along its normal is a crate_impact event")      \
  /* guards and activity */                                                                        \
  SETTING(physics, max_body_speed, float, maxBodySpeed, 200.0f, 1.0f, 1000.0f, "tiles/s",          \
          "a crate's speed cap per axis: faster is clamped (velocity_clamped); its move is swept") \
  SETTING(physics, max_character_speed, float, maxCharacterSpeed, 60.0f, 1.0f, 1000.0f, "tiles/s", \
          "a character's speed cap per axis (keep it above the fastest move)")                     \
  SETTING(physics, sleep_speed, float, sleepSpeed, 0.1f, 0.0f, 10.0f, "tiles/s",                   \
          "a crate slower than this on both axes for sleep_time sleeps (0 = never)")               \
  SETTING(physics, sleep_time, float, sleepTime, 0.5f, 0.05f, 1.0f, "s",                           \
          "how long a crate stays at rest before it sleeps")                                       \
  SETTING(sim, simulation_radius, float, simulationRadius, 0.0f, 0.0f, 1000.0f, "tiles",           \
          "crates farther than this from every character sleep until one comes back (0 = all)")    \
  SETTING(budgets, max_active_bodies, std::int32_t, maxActiveBodies, 128, 1, 2048, "",             \
          "at most this many crates awake; beyond it the farthest from a character sleep")         \
  /* corner correction */                                                                          \
  SETTING(physics, corner_correction, std::int32_t, cornerCorrection, 4, 0, 8, "px",               \
          "a rise clipping a ceiling corner or a dash clipping a ledge by at most this slides "    \
          "round it (0 = off)")

/// Every tunable of the character physics, with its default, range and unit (see the list
/// above). `loadPhysicsConfig` reads it from TOML and the wire decoder from a Welcome, both
/// checking the list's ranges.
struct PhysicsConfig {
  COYOTE_SETTINGS(COYOTE_PHYSICS_SETTINGS)

  float dt() const { return 1.0f / static_cast<float>(tickRate); }
};

/// Whole ticks in a duration, rounded to nearest (0.10 s at 60 Hz = 6 ticks, 0.12 s = 7).
std::int32_t ticksFor(float seconds, std::int32_t tickRate);

}  // namespace coyote
