#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "match/slot_input.h"
#include "sim/state/world_state.h"
#include "sim/world_step.h"

namespace coyote {

/// The active slots of one slot array, each with its index: what the hash and the wire carry of
/// it (field_list.h), without the capacity the engine reserves. A room of 8 players on the
/// playground holds about 2 KB of them where the whole array holds 100 KB.
template <class Record, std::size_t Capacity>
class ActiveSlotCopy {
 public:
  void take(const std::array<Record, Capacity>& slots) {
    indices_.clear();
    records_.clear();
    for (std::size_t index = 0; index < Capacity; ++index) {
      if (slots[index].active) {
        indices_.push_back(static_cast<std::uint16_t>(index));
        records_.push_back(slots[index]);
      }
    }
    // After a crowd left, a history entry gives back what it held for it.
    if (records_.capacity() > 2 * records_.size() + kSlack) {
      records_.shrink_to_fit();
      indices_.shrink_to_fit();
    }
  }
  /// Writes the slots back; every other slot is left as a default (inactive) record.
  void restore(std::array<Record, Capacity>& slots) const {
    slots.fill(Record{});
    for (std::size_t i = 0; i < indices_.size(); ++i) {
      slots[indices_[i]] = records_[i];
    }
  }
  std::size_t bytes() const {
    return indices_.capacity() * sizeof(std::uint16_t) + records_.capacity() * sizeof(Record);
  }

 private:
  static constexpr std::size_t kSlack = 2;
  std::vector<std::uint16_t> indices_;
  std::vector<Record> records_;
};

/// A WorldState as the tick history keeps it: its fields, with only the active slots of each
/// array. Restoring it gives a state that hashes, encodes and steps as the original (the derived
/// roster and settled index are rebuilt, as after a decode). Taking one reuses its buffers, so
/// the history allocates nothing once its entries have seen the room's largest state.
class CompactWorld {
 public:
  void take(const WorldState& state);
  void restore(WorldState& state) const;
  std::uint32_t tick() const { return tick_; }
  /// Heap bytes held (for the memory test and the figures).
  std::size_t bytes() const;

 private:
  std::uint32_t tick_ = 0;
  std::uint16_t radiusLimit_ = 0;
  std::uint16_t activeBodiesLimit_ = 0;
  ActiveSlotCopy<Character, kMaxCharacters> characters_;
  ActiveSlotCopy<Platform, kMaxPlatforms> platforms_;
  ActiveSlotCopy<Crate, kMaxCrates> crates_;
  ActiveSlotCopy<Joint, kMaxJoints> joints_;
};

/// A tick's inputs without the neutral ones (most of 256 slots): slot and input pairs.
class CompactInputs {
 public:
  void take(const TickInputs& inputs);
  void restore(TickInputs& inputs) const;
  TickInputs expanded() const {
    TickInputs inputs{};
    restore(inputs);
    return inputs;
  }
  std::size_t bytes() const { return held_.capacity() * sizeof(SlotInput); }

 private:
  static constexpr std::size_t kSlack = 2;
  std::vector<SlotInput> held_;
};

}  // namespace coyote
