#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "sim/state/body.h"
#include "sim/state/character.h"
#include "sim/state/character_roster.h"
#include "sim/state/field_list.h"
#include "sim/state/settled_crates.h"

namespace coyote {

/// Compile-time capacity: slots are player ids, so the state never allocates.
inline constexpr int kMaxCharacters = 256;

using CharacterSlots = std::array<Character, kMaxCharacters>;
using PlatformSlots = std::array<Platform, kMaxPlatforms>;
using CrateSlots = std::array<Crate, kMaxCrates>;
using JointSlots = std::array<Joint, kMaxJoints>;

// type, name, default, unit, description
#define COYOTE_WORLD_FIELDS(FIELD)                                                           \
  FIELD(std::uint32_t, tick, 0, "ticks", "ticks stepped since the start")                    \
  FIELD(CharacterSlots, characters, {}, "", "player characters by slot")                     \
  FIELD(PlatformSlots, platforms, {}, "", "moving platforms by level index")                 \
  FIELD(CrateSlots, crates, {}, "", "crates, in any order (each knows its id)")              \
  FIELD(JointSlots, joints, {}, "", "joints by level index")                                 \
  FIELD(std::uint16_t, radiusLimit, 0, "tiles", "governor: simulation radius cap (0: none)") \
  FIELD(std::uint16_t, activeBodiesLimit, 0, "", "governor: active-body budget cap (0: none)")

/// The whole simulation state (docs/simulation.md#determinism): one flat, trivially copyable value.
/// Save = copy, load = copy; rollback restores it by assignment.
struct WorldState {
  COYOTE_RECORD(COYOTE_WORLD_FIELDS)

  /// The active character slots, derived from `characters` (not a field: neither hashed nor
  /// sent). Only addCharacter and removeCharacter add or remove a character.
  CharacterRoster roster;

  /// The settled crates, kept from step to step (settled_crates.h): derived too, never trusted
  /// from elsewhere.
  SettledIndex settledCrates;

  /// After a decode (wire, replay) the roster is rebuilt from the slots that came, and the
  /// settled crates at the next step.
  void afterDecode() {
    roster.rebuild(characters);
    settledCrates.invalidate();
  }
};

static_assert(std::is_trivially_copyable_v<WorldState>, "WorldState must be a flat value");
static_assert(CharacterRoster::kSlots == kMaxCharacters, "one roster bit per character slot");

}  // namespace coyote
