#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/rooms/player_slots.h"
#include "sim/world_step.h"
#include "util/tick_ring.h"
#include "wire/messages.h"

namespace coyote {

/// The inputs players sent, by slot and tick: validated on arrival, gathered into one tick's
/// inputs when the server steps. A missing input is the player's last one (which then becomes
/// authoritative); a disconnected player waiting for its token stands still.
class InputInbox {
 public:
  /// The ring outlasts `net.max_input_lead` (≤ 600), so every accepted input stays until used.
  using Ring = TickRing<PlayerInput, 1024>;

  /// What one batch did: refused with a reason, or stored.
  struct Receipt {
    std::string refusal;     ///< empty when accepted
    std::uint32_t late = 0;  ///< ticks simulated with another input than this late one, once each
    std::optional<std::int16_t> margin;  ///< ticks the newest input arrived early (+) or late (-)
  };

  /// Validates and stores `batch` (inputs from `firstTick` on) for `slot`.
  Receipt receive(int slot, std::uint32_t firstTick, const std::vector<PlayerInput>& inputs,
                  std::uint32_t serverTick, int maxInputLead);

  /// Forgets a slot's inputs (a new player, or one reconnecting); the first call for a slot
  /// makes its inbox.
  void clear(int slot) { inboxes_[index(slot)] = std::make_unique<Inbox>(); }
  /// The slot is free again: its inbox goes (a room's memory follows who is in it).
  void release(int slot) { inboxes_[index(slot)].reset(); }
  /// Bytes of the inboxes made.
  std::size_t bytes() const;

  /// The inputs of tick `tick` for every player in the world; counts the substituted ones.
  TickInputs gather(std::uint32_t tick, const WorldState& state, const PlayerSlots& slots,
                    std::uint64_t& substituted);

  /// The newest tick up to which `slot`'s inputs all arrived (at least `serverTick`).
  std::uint32_t inputAck(int slot, std::uint32_t serverTick) const;

 private:
  struct Inbox {
    Ring inputs;
    Ring substitutes;  ///< what stood in for inputs that had not arrived, by tick
    PlayerInput lastInput;
  };
  static std::size_t index(int slot) { return static_cast<std::size_t>(slot); }

  /// Made when a slot is first taken (16 KB each): a room of 8 players holds 8, not 256.
  std::array<std::unique_ptr<Inbox>, kMaxCharacters> inboxes_;
};

}  // namespace coyote
