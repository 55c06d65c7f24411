#pragma once

#include <cstdint>

#include "sim/state/field_list.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Capacities of the body slot arrays (the state never allocates).
inline constexpr int kMaxPlatforms = 32;
inline constexpr int kMaxCrates = 2048;
inline constexpr int kMaxJoints = 64;

/// A body's id, the same on every machine and in every storage order: platforms are
/// 0..kMaxPlatforms-1 (their index in the level), crates kCrateIdBase + their index in the level,
/// characters kCharacterIdBase + their slot. `kNoBody` means "nothing" (tiles, say).
using BodyId = std::int16_t;
inline constexpr BodyId kNoBody = -1;
inline constexpr BodyId kCrateIdBase = kMaxPlatforms;
inline constexpr BodyId kCharacterIdBase = kCrateIdBase + kMaxCrates;
inline constexpr BodyId kMaxBodyId = kCharacterIdBase + 255;

constexpr bool isPlatformId(BodyId id) {
  return id >= 0 && id < kCrateIdBase;
}
constexpr bool isCrateId(BodyId id) {
  return id >= kCrateIdBase && id < kCharacterIdBase;
}
constexpr bool isCharacterId(BodyId id) {
  return id >= kCharacterIdBase && id <= kMaxBodyId;
}

// type, name, default, unit, description
#define COYOTE_PLATFORM_FIELDS(FIELD)                                                       \
  FIELD(Vec2, position, {}, "tiles", "top-left of the box, a pure function of `phase`")     \
  FIELD(Vec2, velocity, {}, "tiles/s", "this step's displacement / dt (riders inherit it)") \
  FIELD(std::uint32_t, phase, 0, "ticks", "ticks into the path's cycle (0 = at its first point)")

/// A moving platform (docs/simulation.md#platforms): kinematic, it follows its level path exactly.
/// Its slot index is its index in `Level::platforms`, which holds its size, path and flags.
struct Platform {
  bool active = false;
  COYOTE_RECORD(COYOTE_PLATFORM_FIELDS)
};

// type, name, default, unit, description
#define COYOTE_CRATE_FIELDS(FIELD)                                                              \
  FIELD(Vec2, position, {}, "tiles", "top-left of the box")                                     \
  FIELD(Vec2, velocity, {}, "tiles/s", "")                                                      \
  FIELD(std::int16_t, id, 0, "", "kCrateIdBase + index in the level: order of resolution ties") \
  FIELD(std::int16_t, support, kNoBody, "", "the body it rests on, carried by it")              \
  FIELD(bool, grounded, false, "", "resting on a tile or a body this step")                     \
  FIELD(bool, away, false, "", "squeezed or fallen: gone until its level place is free")        \
  FIELD(bool, asleep, false, "", "not simulated (still an obstacle) until woken")               \
  FIELD(std::uint8_t, restTicks, 0, "ticks", "ticks at rest, up to physics.sleep_time's")       \
  FIELD(Vec2, lastValid, {}, "tiles", "position at the last guard that found it sound")

/// A pushable crate (docs/simulation.md#crates): gravity, tiles, platforms, characters and other
/// crates. Its size and mass are the level's (`Level::crates[id - kCrateIdBase]`). Its storage slot
/// carries no meaning: every rule orders crates by their content and `id`, so a shuffled array
/// gives the same world.
struct Crate {
  bool active = false;
  COYOTE_RECORD(COYOTE_CRATE_FIELDS)

  /// In the world: simulated, an obstacle, drawn. A crate that is `away` is none of these.
  bool present() const { return active && !away; }
};

// type, name, default, unit, description
#define COYOTE_JOINT_FIELDS(FIELD)                                                          \
  FIELD(bool, broken, false, "", "pulled harder than its break_force: gone for good")       \
  FIELD(float, force, 0.0f, "mass·tiles/s²", "what it carried last step (breaks, display)") \
  FIELD(bool, reversed, false, "", "a reversing rail motor on its way back to the lower limit")

/// A joint's state (docs/simulation.md#joints): its slot index is its index in `Level::joints`,
/// which holds what it links and how.
struct Joint {
  bool active = false;
  COYOTE_RECORD(COYOTE_JOINT_FIELDS)
};

}  // namespace coyote
