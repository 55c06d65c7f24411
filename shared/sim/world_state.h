#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "sim/character.h"

namespace coyote {

/// Compile-time capacity: slots are player ids, so the state never allocates.
inline constexpr int kMaxCharacters = 256;

/// The whole simulation state (SPEC §3.8): one flat, trivially copyable value. Save = copy,
/// load = copy; rollback restores it by assignment.
struct WorldState {
  std::uint32_t tick = 0;
  std::array<Character, kMaxCharacters> characters{};
};

static_assert(std::is_trivially_copyable_v<WorldState>, "WorldState must be a flat value");

}  // namespace coyote
