#pragma once

#include <array>
#include <cstdint>

namespace coyote {

/// Values by tick for the last `Capacity` ticks, in a fixed ring: memory never grows whatever
/// arrives, and an entry overwritten by a newer tick is simply gone. The server keeps each
/// player's inputs in one; the client its own inputs, its predictions and the authoritative
/// inputs.
template <class T, std::uint32_t Capacity = 256>
class TickRing {
 public:
  static constexpr std::uint32_t kCapacity = Capacity;

  void put(std::uint32_t tick, const T& value) {
    Entry& entry = entries_[tick % Capacity];
    entry.tick = tick;
    entry.value = value;
    entry.valid = true;
  }
  const T* find(std::uint32_t tick) const {
    const Entry& entry = entries_[tick % Capacity];
    return entry.valid && entry.tick == tick ? &entry.value : nullptr;
  }
  bool has(std::uint32_t tick) const { return find(tick) != nullptr; }
  void clear() { entries_ = {}; }

 private:
  struct Entry {
    std::uint32_t tick = 0;
    T value{};
    bool valid = false;
  };
  std::array<Entry, Capacity> entries_{};
};

}  // namespace coyote
