#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace coyote {

/// A set of slot indices below `Slots`, one bit each, walked in slot order by counting trailing
/// zeros: a step visits the slots there are instead of every slot. A walk reads only the words up
/// to the highest one ever added to, so a level of 40 crates reads one word, not 32.
template <std::size_t Slots>
class SlotBits {
 public:
  static constexpr std::size_t kSlots = Slots;

  void add(std::size_t slot) {
    words_[slot / 64] |= bit(slot);
    used_ = slot / 64 + 1 > used_ ? slot / 64 + 1 : used_;
  }
  void remove(std::size_t slot) { words_[slot / 64] &= ~bit(slot); }
  bool contains(std::size_t slot) const { return (words_[slot / 64] & bit(slot)) != 0; }

  /// Every slot whose record says it is active.
  template <class Records>
  void rebuild(const Records& records) {
    words_ = {};
    used_ = 0;
    for (std::size_t slot = 0; slot < records.size() && slot < kSlots; ++slot) {
      if (records[slot].active) {
        add(slot);
      }
    }
  }

  /// Adds every slot of `other`.
  void addAll(const SlotBits& other) {
    for (std::size_t word = 0; word < other.used_; ++word) {
      words_[word] |= other.words_[word];
    }
    used_ = other.used_ > used_ ? other.used_ : used_;
  }

  /// Calls `visit(slot)` for each slot in the set, in slot order.
  template <class Visit>
  void forEach(Visit visit) const {
    for (std::size_t word = 0; word < used_; ++word) {
      for (std::uint64_t bits = words_[word]; bits != 0; bits &= bits - 1) {
        visit(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  }

  /// The same slots (however far each set's walk reaches).
  bool operator==(const SlotBits& other) const { return words_ == other.words_; }

 private:
  static_assert(Slots % 64 == 0, "whole words");
  static std::uint64_t bit(std::size_t slot) { return std::uint64_t{1} << (slot % 64); }

  std::array<std::uint64_t, Slots / 64> words_{};
  std::size_t used_ = 0;  ///< words a walk reads: past the highest one added to (remove keeps it)
};

}  // namespace coyote
