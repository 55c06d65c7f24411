#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/state/level.h"
#include "wire/level_data.h"
#include "wire/messages.h"

namespace coyote {

/// The identity of a leaderboard: a hash of the level as the simulation sees it and of the
/// physics. An edited level (or other tuning) is another course and starts a new board; a level
/// file only reformatted or re-saved by Tiled keeps its board.
std::uint64_t courseHash(const net::LevelData& level, const PhysicsConfig& physics);

/// `ticks` ticks in a row with one input: how a run's inputs are stored.
struct InputSpan {
  PlayerInput input;
  std::uint16_t ticks = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(input, ticks);
  }
};

/// One finished run, enough to replay it alone (docs/hosting.md#records): the world before the
/// step in which it started, with the runner as its only character, the runner's inputs from
/// that step on, and the time the server measured. A few KB.
struct RunRecord {
  static constexpr std::size_t kMaxSpans = 40000;         ///< more than 10 minutes at 60 Hz
  static constexpr std::size_t kMaxRunnerKeyLength = 32;  ///< a fingerprint's hex digits
  std::uint16_t recordingVersion = net::kRecordingVersion;
  std::uint64_t course = 0;
  std::string player;
  /// The fingerprint of its runner's key (docs/protocol.md#player-keys); "" in a record of
  /// version 12, made before keys.
  std::string runnerKey;
  PhysicsConfig physics;
  net::Snapshot start;
  std::uint8_t slot = 0;
  std::vector<InputSpan> inputs;
  std::int32_t ticks = 0;  ///< the run's time: `ticks` + `fraction` ticks
  float fraction = 0.0f;

  /// Adds one tick's input, extending the last span when it is the same.
  void appendInput(const PlayerInput& input);
  std::uint32_t inputTicks() const;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(recordingVersion, course);
    net::boundedString(archive, player, net::kMaxNameLength, "player");
    if (recordingVersion >= 13) {
      net::boundedString(archive, runnerKey, kMaxRunnerKeyLength, "runner key");
    }
    archive(physics, start, slot);
    net::boundedVector(archive, inputs, kMaxSpans, "input span");
    archive(ticks, fraction);
  }
};

/// The world as it was before a run's first step, with only the runner's character kept
/// (characters pass through each other unless physics.players_collide).
net::Snapshot soloSnapshot(net::Snapshot snapshot, int slot);

/// Bytes: a magic, the record and a checksum. `decodeRunRecord` throws ConfigError naming
/// `what` for anything else (not a run record, wrong checksum, another protocol version).
std::string encodeRunRecord(const RunRecord& record);
RunRecord decodeRunRecord(std::string_view bytes, const std::string& what);

/// What replaying a run gave.
struct RunReplay {
  bool finished = false;
  std::int32_t ticks = 0;
  float fraction = 0.0f;
  std::uint32_t stepsRun = 0;
  /// The same time to the bit as the record's.
  bool matches(const RunRecord& record) const {
    return finished && ticks == record.ticks && fraction == record.fraction;
  }
};

/// Steps `level` from the record's start with its inputs until the runner finishes (or the
/// inputs end). The caller checks that `courseHash` of the level is the record's.
RunReplay replayRun(const RunRecord& record, const Level& level);

}  // namespace coyote
