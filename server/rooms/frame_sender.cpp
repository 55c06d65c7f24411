#include "server/rooms/frame_sender.h"

#include <algorithm>

#include <cmath>
#include <cstring>

#include "match/authoritative_tick.h"
#include "wire/codec.h"
#include "wire/frames_encoding.h"

namespace coyote {
namespace {

constexpr double kFullStateCooldownSeconds = 0.5;

std::vector<SlotInput> changedInputs(const TickInputs& before, const TickInputs& after) {
  std::vector<SlotInput> changes;
  for (std::size_t slot = 0; slot < after.size(); ++slot) {
    if (!(before[slot] == after[slot])) {
      changes.push_back({static_cast<std::uint8_t>(slot), after[slot]});
    }
  }
  return changes;
}

}  // namespace

FrameSender::FrameSender(const WorldState& state, const PlayerSlots& slots, ServerMetrics& metrics)
    : state_(state), slots_(slots), metrics_(metrics) {}

// The tick's frame is encoded here, once, for every client that will receive it.
void FrameSender::record(const std::vector<RosterEvent>& events, const TickInputs& inputs,
                         std::uint64_t hash, const WorldState& state) {
  std::vector<std::uint8_t> frame;
  if (history_.find(state.tick - 1) != nullptr) {  // previousInputs_ are that tick's
    frame = net::encodeTickFrame(
        {events, changedInputs(previousInputs_, inputs), static_cast<std::uint32_t>(hash)});
  }
  history_.record(events, inputs, hash, state, std::move(frame));
  previousInputs_ = inputs;
}

net::Snapshot FrameSender::snapshotAt(std::uint32_t tick) const {
  const TickHistory::Entry* entry = history_.find(tick);
  net::Snapshot snapshot;
  if (entry != nullptr) {
    entry->state.restore(snapshot.state);
  } else {
    snapshot.state = state_;
  }
  const WorldState& state = snapshot.state;
  snapshot.inputs = activeInputs(state, entry ? entry->inputs.expanded() : TickInputs{});
  for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
    if (state.characters[slot].active) {
      snapshot.roster.push_back(
          {static_cast<std::uint8_t>(slot), slots_[static_cast<int>(slot)].name});
    }
  }
  return snapshot;
}

void FrameSender::sendFullState(Outbox& outbox, Connection& connection, std::uint32_t tick,
                                double now) {
  if (now - connection.sync.lastFullState < kFullStateCooldownSeconds) {
    return;
  }
  connection.sync.lastFullState = now;
  net::FullState full;
  full.snapshot = snapshotAt(tick);
  const std::vector<std::uint8_t> encoded = net::encode(full);
  if (!connection.mayReceiveFullState(encoded.size())) {
    ++metrics_.fullStatesWithheld;  // until the peer has proven more (it keeps sending)
    return;
  }
  connection.fullStateBytes += encoded.size();
  connection.sync.ackTick = full.snapshot.state.tick;
  ++metrics_.fullStatesSent;
  outbox.send(connection, encoded, net::kReliableChannel);
}

void FrameSender::sendWhileStalled(Outbox& outbox, Connection& connection, double now) {
  const double interval = std::min(
      kMaxStalledInterval,
      kAckStallSeconds * static_cast<double>(1 << std::min(connection.sync.stalledFullStates, 4)));
  if (now - connection.sync.lastFullState >= interval) {
    ++connection.sync.stalledFullStates;
    sendFullState(outbox, connection, state_.tick, now);
  }
}

// This client's part of a ServerFrames: its sequence number, input ack, margin and input loss.
net::ServerFrames FrameSender::headerFor(Connection& connection, std::uint32_t inputAck) {
  if (connection.sync.marginSinceSend) {
    connection.sync.reportedMargin = *connection.sync.marginSinceSend;
    connection.sync.marginSinceSend.reset();
  }
  net::ServerFrames header;
  header.serverTick = state_.tick;
  header.sequence = connection.sync.frameSequence++;
  header.inputAckAhead =
      static_cast<std::uint8_t>(std::min<std::uint32_t>(inputAck - state_.tick, 255));
  header.inputMargin =
      static_cast<std::int8_t>(std::clamp<int>(connection.sync.reportedMargin, -127, 127));
  header.inputLoss = static_cast<std::uint8_t>(
      std::lround(std::min(connection.sync.inputLoss.percent(), 100.0) * 2.0));
  return header;
}

void FrameSender::sendFrames(Outbox& outbox, Connection& connection, std::uint32_t inputAck,
                             double now) {
  const std::uint32_t serverTick = state_.tick;
  if (connection.sync.ackTick >= serverTick) {
    return;
  }
  if (now - connection.sync.lastAckAdvance > kAckStallSeconds) {
    sendWhileStalled(outbox, connection, now);
    return;
  }
  const TickHistory::Entry* base = history_.find(connection.sync.ackTick);
  if (base == nullptr || serverTick - connection.sync.ackTick > net::kMaxFramesPerMessage) {
    // The client fell behind the history window: it gets the whole state instead.
    sendFullState(outbox, connection, serverTick, now);
    return;
  }
  // Only the header is this client's own; the frames are copied as encoded by record().
  std::size_t size = net::kServerFramesHeaderSize;
  for (std::uint32_t tick = connection.sync.ackTick + 1; tick <= serverTick; ++tick) {
    size += history_.find(tick)->frame.size();
  }
  framesBuffer_.resize(size);
  net::writeServerFramesHeader(framesBuffer_.data(), headerFor(connection, inputAck),
                               serverTick - connection.sync.ackTick);
  std::uint8_t* out = framesBuffer_.data() + net::kServerFramesHeaderSize;
  for (std::uint32_t tick = connection.sync.ackTick + 1; tick <= serverTick; ++tick) {
    const std::vector<std::uint8_t>& frame = history_.find(tick)->frame;
    std::memcpy(out, frame.data(), frame.size());
    out += frame.size();
  }
  // Unreliable even beyond one datagram: the frames of a client that lags behind can span several.
  outbox.send(connection, framesBuffer_, net::kUnreliableChannel);
}

}  // namespace coyote
