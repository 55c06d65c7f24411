#pragma once

// Every message of the wire protocol (docs/protocol.md#messages): one struct, one serialize().

#include <algorithm>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "util/tick_math.h"
#include "wire/level_data.h"
#include "wire/player_identity.h"
#include "wire/reconnect_token.h"
#include "wire/room_name.h"
#include "wire/wire_types.h"

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
  ReconnectToken reconnectToken;  ///< empty: a new player
  bool spectator = false;
  std::uint32_t clientTimeMs = 0;  ///< echoed in Welcome to measure the handshake round trip
  std::string room = std::string(kDefaultRoom);  ///< the match to join (see room_name.h)
  std::string password = {};  ///< the server's password, if it has one (docs/hosting.md#moderation)
  /// Who the player is (docs/protocol.md#player-keys): its public key, and its signature of the
  /// connect cookie and of `server`, the address the client sent its datagrams to.
  PlayerPublicKey key = {};
  ServerEndpoint server = {};
  HelloSignature signature = {};

  template <class Archive>
  void serialize(Archive& archive) {
    archive(protocolVersion);
    boundedString(archive, name, kMaxNameLength, "name");
    archive(reconnectToken);
    wireBool(archive, spectator, "spectator");
    archive(clientTimeMs);
    boundedString(archive, room, kMaxWireRoomNameLength, "room");
    boundedString(archive, password, kMaxPasswordLength, "password");
    archive(key, server, signature);
  }
};

/// Server → client: accepted. Everything a client needs to simulate, no local files.
struct Welcome {
  static constexpr std::uint8_t kType = 2;
  std::uint16_t protocolVersion = kProtocolVersion;
  std::int16_t playerSlot = -1;   ///< -1 for a spectator
  ReconnectToken reconnectToken;  ///< a new one at every (re)join
  std::uint16_t sendRate = 0;     ///< frames per second the server sends
  std::uint32_t echoClientTimeMs = 0;
  LevelData level;
  PhysicsConfig physics;
  Snapshot snapshot;
  /// The room's level changes so far: a Welcome with a higher one than the client's, on a
  /// connection that plays, moves it to the room's new level (docs/protocol.md#level-changes).
  std::uint16_t levelEpoch = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(protocolVersion);
    rangedValue(archive, playerSlot, std::int16_t{-1}, std::int16_t{kMaxCharacters - 1},
                "player slot");
    archive(reconnectToken, sendRate, echoClientTimeMs, level, physics, snapshot, levelEpoch);
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

/// Up to 8 equal inputs in a row, packed with the 5 button bits into one byte beside the axes.
/// A batch rarely holds more than 8 inputs (the unacknowledged ones of one round trip), so a held
/// input is still one run.
struct InputRun {
  static constexpr std::size_t kMaxLength = 8;
  static constexpr int kLengthShift = 5;  ///< the buttons below, the length − 1 above
  std::uint8_t length = 1;                ///< 1 … 8
  PlayerInput input;

  template <class Archive>
  void serialize(Archive& archive) {
    auto packed =
        static_cast<std::uint8_t>(((length - 1) << kLengthShift) | (input.buttons & kAllButtons));
    archive(packed, input.moveX, input.moveY);
    input.buttons = packed & kAllButtons;
    length = static_cast<std::uint8_t>((packed >> kLengthShift) + 1);
  }

  static std::vector<InputRun> encode(const std::vector<PlayerInput>& inputs) {
    std::vector<InputRun> runs;
    for (const PlayerInput& input : inputs) {
      if (!runs.empty() && runs.back().input == input && runs.back().length < kMaxLength) {
        ++runs.back().length;
      } else {
        runs.push_back({1, input});
      }
    }
    return runs;
  }
  /// The inputs the runs stand for; refuses more than `max` of them.
  static std::vector<PlayerInput> decode(const std::vector<InputRun>& runs, std::size_t max) {
    std::vector<PlayerInput> inputs;
    for (const InputRun& run : runs) {
      if (inputs.size() + run.length > max) {
        throw WireError("input batch longer than " + std::to_string(max));
      }
      inputs.insert(inputs.end(), run.length, run.input);
    }
    return inputs;
  }
};

/// Client → server every tick, unreliable: this client's inputs from `firstTick` on, repeated
/// until the server acknowledges them. At 60 datagrams a second the UDP/IP and ENet headers
/// (38 bytes) dominate, so the body is packed: the first tick as its low 16 bits (the server
/// expands it next to its own tick), the ack as an offset, and the inputs run-length coded with
/// the run length and the 5 button bits sharing a byte: 9 bytes for a held input.
struct InputBatch {
  static constexpr std::uint8_t kType = 4;
  std::uint16_t firstTickLow = 0;    ///< low 16 bits of the first input's tick
  std::uint8_t confirmedBehind = 0;  ///< firstTick - the client's newest confirmed tick (ack)
  std::vector<PlayerInput> inputs;   ///< for firstTick, firstTick + 1, …

  /// A batch for inputs starting at `firstTick`, acknowledging frames up to `confirmedTick`.
  static InputBatch make(std::uint32_t confirmedTick, std::uint32_t firstTick,
                         std::vector<PlayerInput> inputs) {
    const std::int32_t behind = tickDistance(firstTick, confirmedTick);
    return {lowTickBits(firstTick), static_cast<std::uint8_t>(std::clamp(behind, 0, 255)),
            std::move(inputs)};
  }
  /// The full first tick: the one with these low bits nearest to `reference` (the server tick).
  std::uint32_t firstTick(std::uint32_t reference) const {
    return expandLowTickBits(firstTickLow, reference);
  }
  std::uint32_t confirmedTick(std::uint32_t reference) const {
    return firstTick(reference) - confirmedBehind;
  }

  template <class Archive>
  void serialize(Archive& archive) {
    archive(firstTickLow, confirmedBehind);
    std::vector<InputRun> runs;
    if constexpr (Archive::is_saving::value) {
      if (inputs.size() > kMaxInputsPerBatch) {
        throw WireError("input batch longer than " + std::to_string(kMaxInputsPerBatch));
      }
      runs = InputRun::encode(inputs);
    }
    runs.resize(rangedCount<std::uint8_t>(archive, runs.size(), kMaxInputsPerBatch, "input run"));
    for (InputRun& run : runs) {
      archive(run);
    }
    if constexpr (Archive::is_loading::value) {
      inputs = InputRun::decode(runs, kMaxInputsPerBatch);
    }
  }
};

/// One authoritative tick: roster events, the inputs that changed since the previous tick, and
/// the state hash after stepping it. Only the hash's low 32 bits travel: a real desync persists
/// tick after tick, so a 1-in-4-billion collision cannot hide it, and it halves the bytes.
struct TickFrame {
  std::vector<RosterEvent> events;
  std::vector<SlotInput> changedInputs;
  std::uint32_t hash = 0;  ///< low 32 bits of hashState after this tick

  template <class Archive>
  void serialize(Archive& archive) {
    // One byte holds both counts in the common case (≤ 7 events, ≤ 30 changes).
    std::size_t eventCount = events.size();
    std::size_t changeCount = changedInputs.size();
    auto packed = static_cast<std::uint8_t>((eventCount < 7 ? eventCount : 7) << 5 |
                                            (changeCount < 31 ? changeCount : 31));
    archive(packed);
    eventCount = packed >> 5;
    changeCount = packed & 31u;
    if (eventCount == 7) {
      eventCount = rangedCount<std::uint16_t>(archive, events.size(), kMaxEventsPerFrame, "event");
    }
    if (changeCount == 31) {
      changeCount =
          rangedCount<std::uint16_t>(archive, changedInputs.size(), kMaxCharacters, "input change");
    }
    if constexpr (Archive::is_loading::value) {
      events.resize(eventCount);
      changedInputs.resize(changeCount);
    }
    for (RosterEvent& event : events) {
      archive(event);
    }
    for (SlotInput& change : changedInputs) {
      archive(change);
    }
    archive(hash);
  }
  friend bool operator==(const TickFrame&, const TickFrame&) = default;
};

/// Server → client at `net.send_rate`, unreliable: every tick after the client's ack, ending at
/// the server's newest tick (so the first frame is `serverTick - frames.size() + 1`).
struct ServerFrames {
  static constexpr std::uint8_t kType = 5;
  static constexpr std::uint8_t kMaxInputLoss = 200;  ///< in half percents: 100 %

  std::uint32_t serverTick = 0;    ///< newest simulated tick
  std::uint8_t sequence = 0;       ///< counts this client's ServerFrames (wraps): loss down
  std::uint8_t inputAckAhead = 0;  ///< this client's inputs all arrived up to serverTick + this
  std::int8_t inputMargin = 0;     ///< ticks this client's inputs arrive early (+) or late (-)
  std::uint8_t inputLoss = 0;      ///< half percents of this client's inputs the server lost
  std::vector<TickFrame> frames;

  std::uint32_t baseTick() const { return serverTick - static_cast<std::uint32_t>(frames.size()); }
  std::uint32_t inputAck() const { return serverTick + inputAckAhead; }

  template <class Archive>
  void serialize(Archive& archive) {
    archive(serverTick, sequence, inputAckAhead, inputMargin);
    rangedValue(archive, inputLoss, std::uint8_t{0}, kMaxInputLoss, "input loss");
    const std::size_t count =
        rangedCount<std::uint8_t>(archive, frames.size(), kMaxFramesPerMessage, "frame");
    if (count > serverTick) {
      throw WireError("frame count " + std::to_string(count) + " exceeds the server tick");
    }
    if constexpr (Archive::is_loading::value) {
      frames.resize(count);
    }
    for (TickFrame& frame : frames) {
      archive(frame);
    }
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
  std::uint16_t frameLoss = 0;  ///< hundredths of a percent of frames the client never got

  template <class Archive>
  void serialize(Archive& archive) {
    archive(rollbacks, maxRollbackDepth, desyncs, lateInputs);
    rangedValue(archive, frameLoss, std::uint16_t{0}, std::uint16_t{10000}, "frame loss");
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

/// Server → client, reliable: the board of the room's race for this player (docs/playing.md#races),
/// sent when it joins a race room with records and again after each run written to the board.
struct RaceBoard {
  static constexpr std::uint8_t kType = 10;
  static constexpr std::size_t kMaxRows = 10;
  static constexpr std::size_t kMaxSplits = 64 * 100;  ///< checkpoints × laps
  struct Row {
    std::string player;
    std::int64_t timeUs = 0;

    template <class Archive>
    void serialize(Archive& archive) {
      boundedString(archive, player, kMaxNameLength, "player");
      rangedValue(archive, timeUs, std::int64_t{1}, kMaxRunMicros, "time");
    }
  };
  static constexpr std::int64_t kMaxRunMicros = std::int64_t{24} * 3600 * 1000000;
  std::vector<Row> top;                      ///< the level's best, fastest first
  std::vector<std::int64_t> recordSplitsUs;  ///< top[0]'s splits
  std::int64_t bestUs = 0;                   ///< this player's best (0: none)
  std::int64_t bestRank = 0;                 ///< its rank on the board (0: none)
  std::vector<std::int64_t> bestSplitsUs;    ///< its splits

  template <class Archive>
  void serialize(Archive& archive) {
    boundedVector(archive, top, kMaxRows, "board row");
    boundedSplits(archive, recordSplitsUs, "record split");
    rangedValue(archive, bestUs, std::int64_t{0}, kMaxRunMicros, "best time");
    rangedValue(archive, bestRank, std::int64_t{0}, std::int64_t{1} << 40, "best rank");
    boundedSplits(archive, bestSplitsUs, "best split");
  }

 private:
  template <class Archive>
  static void boundedSplits(Archive& archive, std::vector<std::int64_t>& splits, const char* what) {
    const std::size_t count = rangedCount<std::uint16_t>(archive, splits.size(), kMaxSplits, what);
    if constexpr (Archive::is_loading::value) {
      splits.resize(count);
    }
    for (std::int64_t& split : splits) {
      rangedValue(archive, split, std::int64_t{0}, kMaxRunMicros, what);
    }
  }
};

/// Which ghost a GhostRequest asks for.
enum class GhostOf : std::uint8_t { PersonalBest = 0, Record = 1 };

/// Client → server, reliable: asks for a ghost of the room's race (docs/playing.md#ghosts); at
/// most one a second is answered.
struct GhostRequest {
  static constexpr std::uint8_t kType = 11;
  GhostOf which = GhostOf::PersonalBest;

  template <class Archive>
  void serialize(Archive& archive) {
    auto value = static_cast<std::uint8_t>(which);
    rangedValue(archive, value, std::uint8_t{0}, std::uint8_t{1}, "ghost kind");
    which = static_cast<GhostOf>(value);
  }
};

/// Server → client, reliable: the ghost asked for (empty `path` and no time: there is none).
struct GhostData {
  static constexpr std::uint8_t kType = 12;
  GhostOf which = GhostOf::PersonalBest;
  std::string player;
  std::int64_t timeUs = 0;
  std::string path;  ///< replay/ghost.h bytes, at most kMaxGhostBytes

  template <class Archive>
  void serialize(Archive& archive) {
    auto value = static_cast<std::uint8_t>(which);
    rangedValue(archive, value, std::uint8_t{0}, std::uint8_t{1}, "ghost kind");
    which = static_cast<GhostOf>(value);
    boundedString(archive, player, kMaxNameLength, "player");
    rangedValue(archive, timeUs, std::int64_t{0}, RaceBoard::kMaxRunMicros, "time");
    boundedString(archive, path, kMaxGhostBytes, "ghost");
  }
};

/// Client → server, reliable: a line to say to the room (docs/playing.md#chat). The server checks
/// it (UTF-8, no control character, 1 to kMaxChatCharacters characters) and its sender's rate.
struct ChatSay {
  static constexpr std::uint8_t kType = 13;
  std::string text;

  template <class Archive>
  void serialize(Archive& archive) {
    boundedString(archive, text, kMaxChatBytes, "chat text");
  }
};

/// Who speaks in a ChatLine: a player, the server to the room (joins, leaves, runs, kicks), or
/// the server to this client alone (why its line was not sent).
enum class ChatKind : std::uint8_t { Player, Server, Notice };

/// Server → client, reliable: a line of the room's chat.
struct ChatLine {
  static constexpr std::uint8_t kType = 14;
  ChatKind kind = ChatKind::Player;
  std::string name;  ///< the speaker's, for a player's line
  std::string text;

  template <class Archive>
  void serialize(Archive& archive) {
    auto value = static_cast<std::uint8_t>(kind);
    rangedValue(archive, value, std::uint8_t{0}, std::uint8_t{2}, "chat kind");
    kind = static_cast<ChatKind>(value);
    boundedString(archive, name, kMaxNameLength, "chat name");
    boundedString(archive, text, kMaxChatBytes, "chat text");
  }
};

using Message =
    std::variant<Hello, Welcome, Refusal, InputBatch, ServerFrames, FullState, DesyncReport,
                 ClientReport, Goodbye, RaceBoard, GhostRequest, GhostData, ChatSay, ChatLine>;

}  // namespace coyote::net
