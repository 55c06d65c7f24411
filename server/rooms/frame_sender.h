#pragma once

#include <cstdint>
#include <vector>

#include "server/base/server_metrics.h"
#include "server/rooms/player_slots.h"
#include "server/rooms/tick_history.h"
#include "server/session/connection.h"
#include "server/session/outbox.h"
#include "wire/messages.h"

namespace coyote {

/// Turns the tick history into what each client receives: every tick after its acknowledgement
/// as compact frames (input changes and hashes), or the whole state when it fell out of the
/// history window or asked for a repair. A client that stops acknowledging gets no more frames
/// after `kAckStallSeconds`, only full states at doubling intervals (1, 2, 4, 8 s): what a peer
/// that acknowledges nothing receives stays bounded.
class FrameSender {
 public:
  static constexpr double kAckStallSeconds = 1.0;
  static constexpr double kMaxStalledInterval = 8.0;

  /// Reads the server's current state and slots (for names) and counts full states in metrics.
  FrameSender(const WorldState& state, const PlayerSlots& slots, ServerMetrics& metrics);

  /// Records a simulated tick; `state` is the state after it.
  void record(const std::vector<RosterEvent>& events, const TickInputs& inputs, std::uint64_t hash,
              const WorldState& state);
  const TickHistory& history() const { return history_; }

  /// The authoritative world at `tick` (the current one if out of history).
  net::Snapshot snapshotAt(std::uint32_t tick) const;

  /// Sends `connection` the frames it has not acknowledged, with its input ack and margin, in
  /// one ServerFrames on the unreliable channel.
  void sendFrames(Outbox& outbox, Connection& connection, std::uint32_t inputAck, double now);

  /// Sends the whole state at `tick`, reliably, at most once per cooldown per connection.
  void sendFullState(Outbox& outbox, Connection& connection, std::uint32_t tick, double now);

 private:
  void sendWhileStalled(Outbox& outbox, Connection& connection, double now);
  net::ServerFrames headerFor(Connection& connection, std::uint32_t inputAck);

  const WorldState& state_;
  const PlayerSlots& slots_;
  ServerMetrics& metrics_;
  TickHistory history_;
  TickInputs previousInputs_{};  ///< the newest recorded tick's, for the next frame's changes
  std::vector<std::uint8_t> framesBuffer_;  ///< a ServerFrames being written, kept for the next
};

}  // namespace coyote
