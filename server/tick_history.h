#pragma once

#include <cstdint>
#include <vector>

#include "match/roster_event.h"
#include "sim/world_step.h"

namespace coyote {

/// The last `kCapacity` authoritative ticks: events, inputs, hash and resulting state. Frames are
/// built from it (input deltas need the tick before), and a desync report is answered with the
/// state of the reported tick.
class TickHistory {
 public:
  static constexpr std::uint32_t kCapacity = 128;

  struct Entry {
    std::uint32_t tick = 0;
    std::vector<RosterEvent> events;
    TickInputs inputs{};
    std::uint64_t hash = 0;
    WorldState state;
    std::vector<std::uint8_t> frame;  ///< this tick as every client receives it (encoded once)
  };

  TickHistory() : entries_(kCapacity) {}

  /// Records a tick; `state` is the state after it.
  void record(const std::vector<RosterEvent>& events, const TickInputs& inputs, std::uint64_t hash,
              const WorldState& state, std::vector<std::uint8_t> frame) {
    Entry& entry = entries_[state.tick % kCapacity];
    entry.tick = state.tick;
    entry.events = events;
    entry.inputs = inputs;
    entry.hash = hash;
    entry.state = state;
    entry.frame = std::move(frame);
    newest_ = state.tick;
    count_ = count_ < kCapacity ? count_ + 1 : kCapacity;
  }

  const Entry* find(std::uint32_t tick) const {
    if (count_ == 0 || tick > newest_ || newest_ - tick >= count_) {
      return nullptr;
    }
    const Entry& entry = entries_[tick % kCapacity];
    return entry.tick == tick ? &entry : nullptr;
  }

 private:
  std::vector<Entry> entries_;
  std::uint32_t newest_ = 0;
  std::uint32_t count_ = 0;
};

}  // namespace coyote
