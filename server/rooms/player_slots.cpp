#include "server/rooms/player_slots.h"

#include <fmt/format.h>

#include "net/new_reconnect_token.h"
#include "server/names/player_name.h"

namespace coyote {
namespace {

/// The name a slot is shown under: the Hello's, as the handshake checked it (nameProblem), whole
/// in Unicode; "player<slot>" for a Hello that named none.
std::string slotName(const std::string& name, int slot) {
  return name.empty() ? fmt::format("player{}", slot) : name;
}

// A brief stay's reservation gives way before a real player's, then the oldest first: players
// who join and leave from many addresses cannot push a real player's reservation out.
bool givesWayBefore(const PlayerSlots::Slot& slot, const PlayerSlots::Slot& other) {
  if (slot.brief != other.brief) {
    return slot.brief;
  }
  return slot.disconnectedAt < other.disconnectedAt;
}

}  // namespace

int PlayerSlots::reconnectSlot(const net::ReconnectToken& token) const {
  int found = -1;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    const Slot& player = slots_[slot];
    if (player.token.matches(token) && player.used && !token.empty()) {
      found = static_cast<int>(slot);
    }
  }
  return found;
}

std::optional<std::pair<int, std::string>> PlayerSlots::releaseOldestReservation() {
  int oldest = -1;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    const Slot& player = slots_[slot];
    if (player.used && !player.connected &&
        (oldest < 0 || givesWayBefore(player, slots_[index(oldest)]))) {
      oldest = static_cast<int>(slot);
    }
  }
  if (oldest < 0) {
    return std::nullopt;
  }
  std::pair<int, std::string> released{oldest, slots_[index(oldest)].name};
  release(oldest);
  return released;
}

int PlayerSlots::claim(const std::string& name, int maxPlayers, const WorldState& state,
                       int leaving) {
  int used = 0;
  int firstFree = -1;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (slots_[slot].used) {
      ++used;
    } else if (firstFree < 0 &&
               (!state.characters[slot].active || static_cast<int>(slot) == leaving)) {
      firstFree = static_cast<int>(slot);
    }
  }
  if (used >= maxPlayers || firstFree < 0) {
    return -1;
  }
  Slot& taken = slots_[index(firstFree)];
  taken = Slot{};
  taken.used = true;
  taken.name = slotName(name, firstFree);
  taken.key = nameKey(taken.name);
  taken.token = net::newReconnectToken();
  return firstFree;
}

int PlayerSlots::slotKeyed(std::string_view key) const {
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (slots_[slot].used && slots_[slot].key == key) {
      return static_cast<int>(slot);
    }
  }
  return -1;
}

void PlayerSlots::disconnect(int slot, double now, bool brief) {
  slots_[index(slot)].connected = false;
  slots_[index(slot)].disconnectedAt = now;
  slots_[index(slot)].brief = brief;
}

std::vector<std::pair<int, std::string>> PlayerSlots::expire(double now, double window) {
  std::vector<std::pair<int, std::string>> freed;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    Slot& player = slots_[slot];
    if (player.used && !player.connected && now - player.disconnectedAt >= window) {
      freed.emplace_back(static_cast<int>(slot), player.name);
      player = Slot{};
    }
  }
  return freed;
}

}  // namespace coyote
