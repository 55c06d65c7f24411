#pragma once

#include <cstdint>
#include <vector>

#include "match/roster_event.h"
#include "server/rooms/compact_world.h"
#include "sim/world_step.h"

namespace coyote {

/// The last `kCapacity` authoritative ticks: events, inputs, hash and resulting state. Frames are
/// built from it (a client that acknowledged tick T gets the frames after it, at most
/// net::kMaxFramesPerMessage of them), and a desync report is answered with the state of the
/// reported tick. States and inputs are kept compact (compact_world.h): a room's history follows
/// what its level and players hold, not the engine's capacities, and grows an entry at a time.
class TickHistory {
 public:
  static constexpr std::uint32_t kCapacity = 128;

  struct Entry {
    std::uint32_t tick = 0;
    std::vector<RosterEvent> events;
    CompactInputs inputs;
    std::uint64_t hash = 0;
    CompactWorld state;
    std::vector<std::uint8_t> frame;  ///< this tick as every client receives it (encoded once)
  };

  /// Records a tick; `state` is the state after it.
  void record(const std::vector<RosterEvent>& events, const TickInputs& inputs, std::uint64_t hash,
              const WorldState& state, std::vector<std::uint8_t> frame) {
    if (entries_.size() < kCapacity) {
      entries_.resize(kCapacity);  // on the first tick: an empty entry is a few vectors
    }
    Entry& entry = entries_[state.tick % kCapacity];
    entry.tick = state.tick;
    entry.events = events;
    entry.inputs.take(inputs);
    entry.hash = hash;
    entry.state.take(state);
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

  /// Heap bytes held by the entries (for the memory figures).
  std::size_t bytes() const {
    std::size_t total = entries_.capacity() * sizeof(Entry);
    for (const Entry& entry : entries_) {
      total += entry.events.capacity() * sizeof(RosterEvent) + entry.inputs.bytes() +
               entry.state.bytes() + entry.frame.capacity();
    }
    return total;
  }

 private:
  std::vector<Entry> entries_;
  std::uint32_t newest_ = 0;
  std::uint32_t count_ = 0;
};

}  // namespace coyote
