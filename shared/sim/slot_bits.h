#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace coyote {

/// A set of slot indices below `Slots`, one bit each, walked in slot order by counting trailing
/// zeros: a step visits the slots there are instead of every slot (a walk over 2,048 crate slots
/// is 32 words).
template <std::size_t Slots>
class SlotBits {
 public:
  static constexpr std::size_t kSlots = Slots;

  void add(std::size_t slot) { words_[slot / 64] |= bit(slot); }
  void remove(std::size_t slot) { words_[slot / 64] &= ~bit(slot); }
  bool contains(std::size_t slot) const { return (words_[slot / 64] & bit(slot)) != 0; }

  /// Every slot whose record says it is active.
  template <class Records>
  void rebuild(const Records& records) {
    words_ = {};
    for (std::size_t slot = 0; slot < records.size() && slot < kSlots; ++slot) {
      if (records[slot].active) {
        add(slot);
      }
    }
  }

  /// Adds every slot of `other`.
  void addAll(const SlotBits& other) {
    for (std::size_t word = 0; word < words_.size(); ++word) {
      words_[word] |= other.words_[word];
    }
  }

  /// Calls `visit(slot)` for each slot in the set, in slot order. With `below`, only the words
  /// holding slots under it are read (a level of 40 crates reads one word, not 32).
  template <class Visit>
  void forEach(Visit visit, std::size_t below = Slots) const {
    const std::size_t words = below < Slots ? (below + 63) / 64 : words_.size();
    for (std::size_t word = 0; word < words; ++word) {
      for (std::uint64_t bits = words_[word]; bits != 0; bits &= bits - 1) {
        visit(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  }

  bool operator==(const SlotBits&) const = default;

 private:
  static_assert(Slots % 64 == 0, "whole words");
  static std::uint64_t bit(std::size_t slot) { return std::uint64_t{1} << (slot % 64); }

  std::array<std::uint64_t, Slots / 64> words_{};
};

}  // namespace coyote
