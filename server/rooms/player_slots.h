#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "net/new_reconnect_token.h"
#include "sim/state/world_state.h"
#include "wire/reconnect_token.h"

namespace coyote {

/// Who holds each player slot: a name, a reconnect token and whether the player is connected.
/// A player who disconnects keeps the slot for the reconnect window; its token brings it back.
class PlayerSlots {
 public:
  struct Slot {
    bool used = false;
    std::string name;
    std::string key;    ///< the name as names compare (nameKey)
    std::string owner;  ///< the fingerprint of its player's key: only that key may come back
    net::ReconnectToken token;
    bool connected = false;
    double disconnectedAt = 0.0;  ///< s, server time
    /// Its player left within seconds of joining: the reservation does not keep a room open.
    bool brief = false;
  };

  /// The slot that `token` belongs to, or -1: a reservation, or a slot whose old connection the
  /// server still thinks alive (the client saw it die first). Every token is compared in
  /// constant time, so the answer's timing does not depend on which slot (if any) matched.
  int reconnectSlot(const net::ReconnectToken& token) const;

  /// Gives a reconnecting player a new token: one seen on the wire before is never good again.
  void renewToken(int slot) { slots_[index(slot)].token = net::newReconnectToken(); }

  /// Frees a reservation, if any: of a brief stay first, else of the player disconnected longest
  /// ago; returns its slot and name. A reservation never keeps a newcomer out.
  std::optional<std::pair<int, std::string>> releaseOldestReservation();

  /// Frees a slot at once (a player kicked for misbehaving keeps no reservation).
  void release(int slot) { slots_[index(slot)] = Slot{}; }

  /// Takes a free slot for a new player (one whose character has left the world too, or
  /// `leaving`, whose leave event is queued), or returns -1 when `maxPlayers` slots are used.
  /// The slot is named `name` as the handshake checked it (nameProblem), "player<slot>" if empty.
  int claim(const std::string& name, int maxPlayers, const WorldState& state, int leaving = -1);

  /// The slot held (by a player or a reservation) under a name whose nameKey is `key`, or -1.
  int slotKeyed(std::string_view key) const;

  /// The slot is `fingerprint`'s from now on (its reconnect token brings back only that key).
  void own(int slot, std::string fingerprint) {
    slots_[index(slot)].owner = std::move(fingerprint);
  }

  void connect(int slot) {
    slots_[index(slot)].connected = true;
    slots_[index(slot)].brief = false;
  }
  /// The slot's player is gone and its slot reserved; `brief` if it stayed only seconds.
  void disconnect(int slot, double now, bool brief);

  /// Frees the slots whose player did not come back within `window` seconds; returns them
  /// with the names they had.
  std::vector<std::pair<int, std::string>> expire(double now, double window);

  const Slot& operator[](int slot) const { return slots_[index(slot)]; }
  /// Whether any slot is held, by a player or by a reservation of one who stayed more than
  /// seconds (join-and-leave handshakes hold no room open).
  bool anyHeld() const {
    return std::any_of(slots_.begin(), slots_.end(), [](const Slot& slot) {
      return slot.used && (slot.connected || !slot.brief);
    });
  }

 private:
  static std::size_t index(int slot) { return static_cast<std::size_t>(slot); }

  std::array<Slot, kMaxCharacters> slots_;
};

}  // namespace coyote
