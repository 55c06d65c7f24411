#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace coyote {

/// Which of the 256 character slots are in use, one bit each: what a step walks instead of the
/// slots themselves (a slot is a hundred bytes; walking all of them cost a one-player step half
/// its time). It is derived from `Character::active` — `addCharacter` and `removeCharacter` keep
/// it, a decoded state rebuilds it — so it is neither hashed nor sent.
class CharacterRoster {
 public:
  static constexpr std::size_t kSlots = 256;

  void add(std::size_t slot) { words_[slot / 64] |= bit(slot); }
  void remove(std::size_t slot) { words_[slot / 64] &= ~bit(slot); }
  bool contains(std::size_t slot) const { return (words_[slot / 64] & bit(slot)) != 0; }

  /// Every slot whose record says it is active.
  template <class Slots>
  void rebuild(const Slots& slots) {
    words_ = {};
    for (std::size_t slot = 0; slot < slots.size() && slot < kSlots; ++slot) {
      if (slots[slot].active) {
        add(slot);
      }
    }
  }

  /// Calls `visit(slot)` for each slot in use, in slot order.
  template <class Visit>
  void forEach(Visit visit) const {
    for (std::size_t word = 0; word < words_.size(); ++word) {
      for (std::uint64_t bits = words_[word]; bits != 0; bits &= bits - 1) {
        visit(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  }

  bool operator==(const CharacterRoster&) const = default;

 private:
  static std::uint64_t bit(std::size_t slot) { return std::uint64_t{1} << (slot % 64); }

  std::array<std::uint64_t, kSlots / 64> words_{};
};

}  // namespace coyote
