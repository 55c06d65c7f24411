#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/world_state.h"

namespace coyote {

/// Who holds each player slot: a name, a reconnect token and whether the player is connected.
/// A player who disconnects keeps the slot for the reconnect window; its token brings it back.
class PlayerSlots {
 public:
  struct Slot {
    bool used = false;
    std::string name;
    std::uint64_t token = 0;
    bool connected = false;
    double disconnectedAt = 0.0;  ///< s, server time
  };

  explicit PlayerSlots(std::uint64_t tokenSeed) : tokenState_(tokenSeed) {}

  /// The disconnected slot that `token` reserves, or -1.
  int reconnectSlot(std::uint64_t token) const;

  /// Takes a free slot for a new player (one whose character has left the world too), or
  /// returns -1 when `maxPlayers` slots are used. The name is cleaned of control characters.
  int claim(const std::string& name, int maxPlayers, const WorldState& state);

  void connect(int slot) { slots_[index(slot)].connected = true; }
  void disconnect(int slot, double now);

  /// Frees the slots whose player did not come back within `window` seconds; returns them
  /// with the names they had.
  std::vector<std::pair<int, std::string>> expire(double now, double window);

  const Slot& operator[](int slot) const { return slots_[index(slot)]; }

 private:
  static std::size_t index(int slot) { return static_cast<std::size_t>(slot); }
  std::uint64_t newToken();

  std::array<Slot, kMaxCharacters> slots_;
  std::uint64_t tokenState_;
};

}  // namespace coyote
