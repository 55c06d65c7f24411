#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace coyote {

/// Values by tick for the last `Capacity` ticks, in a fixed ring (no allocation after start).
template <class T, std::uint32_t Capacity = 256>
class TickRing {
 public:
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
