#include "server/player_slots.h"

#include <fmt/format.h>

namespace coyote {
namespace {

std::string cleanName(const std::string& name, int slot) {
  std::string clean;
  for (char character : name) {
    if (character >= 32 && character < 127) {
      clean += character;
    }
  }
  return clean.empty() ? fmt::format("player{}", slot) : clean;
}

}  // namespace

int PlayerSlots::reconnectSlot(std::uint64_t token) const {
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (token != 0 && slots_[slot].used && slots_[slot].token == token && !slots_[slot].connected) {
      return static_cast<int>(slot);
    }
  }
  return -1;
}

int PlayerSlots::claim(const std::string& name, int maxPlayers, const WorldState& state) {
  int used = 0;
  int firstFree = -1;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (slots_[slot].used) {
      ++used;
    } else if (firstFree < 0 && !state.characters[slot].active) {
      firstFree = static_cast<int>(slot);
    }
  }
  if (used >= maxPlayers || firstFree < 0) {
    return -1;
  }
  Slot& taken = slots_[index(firstFree)];
  taken = Slot{};
  taken.used = true;
  taken.name = cleanName(name, firstFree);
  taken.token = newToken();
  return firstFree;
}

void PlayerSlots::disconnect(int slot, double now) {
  slots_[index(slot)].connected = false;
  slots_[index(slot)].disconnectedAt = now;
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

std::uint64_t PlayerSlots::newToken() {
  // splitmix64 over a clock-seeded state: unguessable enough for a reconnect token, never 0.
  std::uint64_t z = (tokenState_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z == 0 ? 1 : z;
}

}  // namespace coyote
