#pragma once

#include <cstdint>

#include "sim/state/body.h"
#include "sim/state/field_list.h"
#include "sim/state/physics_config.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Saturation value of the "ticks since" counters, so they never overflow.
inline constexpr std::int32_t kTicksNever = 1 << 20;

// type, name, default, unit, description
#define COYOTE_CHARACTER_FIELDS(FIELD)                                                           \
  FIELD(Vec2, position, {}, "tiles", "top-left of the box")                                      \
  FIELD(Vec2, velocity, {}, "tiles/s", "")                                                       \
  FIELD(Vec2, spawn, {}, "tiles", "bottom-centre where the character (re)appears")               \
  FIELD(std::int8_t, facing, 1, "", "sign of the last non-zero move input")                      \
  FIELD(std::int8_t, wallDirection, 0, "", "-1 wall on the left, +1 on the right, 0 none")       \
  FIELD(std::uint8_t, previousButtons, 0, "", "last tick's held buttons, to derive edges")       \
  FIELD(bool, grounded, false, "", "standing on something this step")                            \
  FIELD(bool, onSlope, false, "", "grounded on a followable surface this step")                  \
  FIELD(bool, dashAvailable, true, "", "refilled on the ground")                                 \
  FIELD(std::int32_t, ticksSinceGrounded, kTicksNever, "ticks", "coyote timer")                  \
  FIELD(std::int32_t, ticksSinceJumpPressed, kTicksNever, "ticks", "jump buffer")                \
  FIELD(std::int32_t, wallJumpLockTicks, 0, "ticks", "horizontal input ignored while > 0")       \
  FIELD(std::int32_t, dashTicksLeft, 0, "ticks", "dash in progress while > 0")                   \
  FIELD(Vec2, dashDirection, {}, "", "unit vector of the dash in progress")                      \
  FIELD(std::int32_t, airJumpsLeft, 0, "", "refilled on the ground")                             \
  FIELD(std::int32_t, jumpsRemaining, -1, "", "level budget, -1 unlimited")                      \
  FIELD(std::int32_t, dashesRemaining, -1, "", "level budget, -1 unlimited")                     \
  FIELD(std::int8_t, lastNormalX, 0, "", "last sweep's blocking normal, x (walls, debug)")       \
  FIELD(std::int8_t, lastNormalY, 0, "", "last sweep's blocking normal, y (ground, debug)")      \
  FIELD(std::int16_t, support, kNoBody, "", "the body it stands on (carried by it), or none")    \
  FIELD(std::int8_t, checkpoint, -1, "", "the last checkpoint it touched (its respawn), or -1")  \
  FIELD(std::int32_t, runTicks, -1, "ticks", "whole ticks since its race run started, -1: none") \
  FIELD(float, runStartFraction, 0.0f, "ticks", "where in its first tick the run started")       \
  FIELD(std::uint8_t, raceCheckpoint, 0, "", "the race checkpoints this lap has counted")        \
  FIELD(std::uint8_t, raceLap, 0, "", "the laps this run has finished")

/// One character's complete simulation state. Plain data: copied, compared and hashed as a value.
/// It lives in a slot array (`WorldState::characters`): `active` says whether the slot holds a
/// player, and travels as the slot's presence (its index in the hash and on the wire), not as a
/// field.
struct Character {
  bool active = false;
  COYOTE_RECORD(COYOTE_CHARACTER_FIELDS)

  bool dashing() const { return dashTicksLeft > 0; }
};

/// The character's collision box: its position and the configured player size.
inline Aabb characterBox(const Character& character, const PhysicsConfig& config) {
  return Aabb{character.position, Vec2{config.playerWidth, config.playerHeight}};
}

}  // namespace coyote
