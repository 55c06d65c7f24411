#pragma once

// Every message of the wire protocol (SPEC §5): one struct, one serialize().

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "net/level_data.h"
#include "net/wire_types.h"

namespace coyote::net {

/// The authoritative world at one tick: state, the inputs used at that tick (the base of the
/// next frames' input deltas) and the players' names. Sent on join, desync and lag.
struct Snapshot {
  WorldState state;
  std::vector<SlotInput> inputs;  ///< active slots only; the rest are neutral
  std::vector<SlotName> roster;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(state);
    boundedVector(archive, inputs, kMaxCharacters, "snapshot input");
    boundedVector(archive, roster, kMaxCharacters, "roster");
  }
};

/// Client → server, first message on the reliable channel.
struct Hello {
  static constexpr std::uint8_t kType = 1;
  std::uint16_t protocolVersion = kProtocolVersion;
  std::string name;
  std::uint64_t reconnectToken = 0;  ///< 0: a new player
  bool spectator = false;
  std::uint32_t clientTimeMs = 0;  ///< echoed in Welcome to measure the handshake round trip

  template <class Archive>
  void serialize(Archive& archive) {
    archive(protocolVersion);
    boundedString(archive, name, kMaxNameLength, "name");
    archive(reconnectToken, spectator, clientTimeMs);
  }
};

/// Server → client: accepted. Everything a client needs to simulate, no local files.
struct Welcome {
  static constexpr std::uint8_t kType = 2;
  std::uint16_t protocolVersion = kProtocolVersion;
  std::int16_t playerSlot = -1;  ///< -1 for a spectator
  std::uint64_t reconnectToken = 0;
  std::uint16_t sendRate = 0;  ///< frames per second the server sends
  std::uint32_t echoClientTimeMs = 0;
  LevelData level;
  PhysicsConfig physics;
  Snapshot snapshot;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(protocolVersion, playerSlot, reconnectToken, sendRate, echoClientTimeMs, level,
            physics, snapshot);
  }
};

/// Server → client: not accepted (wrong protocol version, server full, bad name…).
struct Refusal {
  static constexpr std::uint8_t kType = 3;
  std::uint16_t serverProtocolVersion = kProtocolVersion;
  std::string reason;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(serverProtocolVersion);
    boundedString(archive, reason, kMaxReasonLength, "reason");
  }
};

/// Client → server every tick, unreliable: this client's inputs from `firstTick` on, repeated
/// until the server acknowledges them, run-length coded (inputs are held for many ticks).
struct InputBatch {
  static constexpr std::uint8_t kType = 4;
  std::uint32_t confirmedTick = 0;  ///< the client's newest confirmed tick: acks frames
  std::uint32_t firstTick = 0;
  std::vector<PlayerInput> inputs;  ///< for firstTick, firstTick + 1, …

  template <class Archive>
  void save(Archive& archive) const {
    archive(confirmedTick, firstTick);
    std::vector<std::pair<std::uint8_t, PlayerInput>> runs;
    for (const PlayerInput& input : inputs) {
      if (!runs.empty() && runs.back().second == input && runs.back().first < 255) {
        ++runs.back().first;
      } else {
        runs.emplace_back(std::uint8_t{1}, input);
      }
    }
    archive(static_cast<std::uint8_t>(runs.size()));
    for (auto& [length, input] : runs) {
      archive(length, input);
    }
  }

  template <class Archive>
  void load(Archive& archive) {
    archive(confirmedTick, firstTick);
    std::uint8_t runCount = 0;
    archive(runCount);
    inputs.clear();
    for (std::uint8_t run = 0; run < runCount; ++run) {
      std::uint8_t length = 0;
      PlayerInput input;
      archive(length, input);
      if (length == 0 || inputs.size() + length > kMaxInputsPerBatch) {
        throw DecodeError("input batch longer than " + std::to_string(kMaxInputsPerBatch));
      }
      inputs.insert(inputs.end(), length, input);
    }
  }
};

/// A player joining or leaving at a tick; applied before that tick is stepped.
struct RosterEvent {
  enum Kind : std::uint8_t { kJoin = 1, kLeave = 2 };
  std::uint8_t kind = kJoin;
  std::uint8_t slot = 0;
  std::string name;  ///< joins only

  template <class Archive>
  void serialize(Archive& archive) {
    archive(kind, slot);
    if (kind != kJoin && kind != kLeave) {
      throw DecodeError("unknown roster event");
    }
    boundedString(archive, name, kMaxNameLength, "name");
  }
  friend bool operator==(const RosterEvent&, const RosterEvent&) = default;
};

/// One authoritative tick: roster events, the inputs that changed since the previous tick, and
/// the state hash after stepping it.
struct TickFrame {
  std::vector<RosterEvent> events;
  std::vector<SlotInput> changedInputs;
  std::uint64_t hash = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    boundedVector(archive, events, kMaxEventsPerFrame, "event");
    boundedVector(archive, changedInputs, kMaxCharacters, "input change");
    archive(hash);
  }
  friend bool operator==(const TickFrame&, const TickFrame&) = default;
};

/// Server → client at `net.send_rate`, unreliable: every tick after the client's ack.
struct ServerFrames {
  static constexpr std::uint8_t kType = 5;
  std::uint32_t serverTick = 0;  ///< newest simulated tick
  std::uint32_t inputAck = 0;    ///< newest tick up to which this client's inputs all arrived
  std::int16_t inputMargin = 0;  ///< ticks this client's inputs arrive early (+) or late (-)
  std::uint32_t baseTick = 0;    ///< frames are baseTick + 1, baseTick + 2, …
  std::vector<TickFrame> frames;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(serverTick, inputAck, inputMargin, baseTick);
    boundedVector(archive, frames, kMaxFramesPerMessage, "frame");
  }
};

/// Server → client, reliable: the whole authoritative state (join, desync repair, lag).
struct FullState {
  static constexpr std::uint8_t kType = 6;
  Snapshot snapshot;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(snapshot);
  }
};

/// Client → server, reliable: the confirmed state's hash differs from the server's at `tick`.
struct DesyncReport {
  static constexpr std::uint8_t kType = 7;
  std::uint32_t tick = 0;
  std::uint64_t clientHash = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(tick, clientHash);
  }
};

/// Client → server, reliable, every few seconds: what the client saw, for the server's metrics.
struct ClientReport {
  static constexpr std::uint8_t kType = 8;
  std::uint32_t rollbacks = 0;
  std::uint16_t maxRollbackDepth = 0;
  std::uint32_t desyncs = 0;
  std::uint32_t lateInputs = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(rollbacks, maxRollbackDepth, desyncs, lateInputs);
  }
};

/// Server → client, reliable: the server is going away (shutdown) or kicks this client.
struct Goodbye {
  static constexpr std::uint8_t kType = 9;
  std::string reason;

  template <class Archive>
  void serialize(Archive& archive) {
    boundedString(archive, reason, kMaxReasonLength, "reason");
  }
};

using Message = std::variant<Hello, Welcome, Refusal, InputBatch, ServerFrames, FullState,
                             DesyncReport, ClientReport, Goodbye>;

}  // namespace coyote::net
