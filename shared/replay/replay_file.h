#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "wire/messages.h"

namespace coyote {

/// What a replay starts from: the level, the physics and the authoritative state.
struct ReplayHeader {
  std::uint16_t recordingVersion = net::kRecordingVersion;
  /// The version of the program that wrote it ("0.1.0+git.812.168a5e1"); "" before recording
  /// version 15 (net::kFirstNamedRecording), whose replays do not say.
  std::string writtenBy;
  net::LevelData level;
  PhysicsConfig physics;
  net::Snapshot start;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(recordingVersion);
    if (recordingVersion >= net::kFirstNamedRecording) {
      net::boundedString(archive, writtenBy, net::kMaxVersionLength, "written_by");
    }
    archive(level, physics, start);
  }
};

/// One authoritative tick: the events and inputs the server used, and the resulting hash.
struct ReplayTick {
  std::uint32_t tick = 0;  ///< the state's tick after stepping
  std::vector<RosterEvent> events;
  std::vector<SlotInput> inputs;  ///< every active slot
  std::uint64_t hash = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(tick);
    net::boundedVector(archive, events, net::kMaxEventsPerFrame, "event");
    net::boundedVector(archive, inputs, kMaxCharacters, "input");
    archive(hash);
  }
};

/// Writes a replay as the server runs: the header, then one record per tick, flushed
/// periodically so a crash loses at most a second. Every record is framed as kind, length (and
/// its complement) and payload, followed by an xxHash64 of all three, so that any changed byte
/// is detected and a file cut short is told apart from a corrupt one.
class ReplayWriter {
 public:
  /// Throws std::runtime_error if the file cannot be created.
  ReplayWriter(const std::string& file, const ReplayHeader& header);
  ~ReplayWriter();
  ReplayWriter(const ReplayWriter&) = delete;
  ReplayWriter& operator=(const ReplayWriter&) = delete;

  void append(const ReplayTick& tick);
  void close();
  const std::string& file() const { return file_; }

 private:
  template <class Record>
  void writeRecord(std::uint8_t kind, const Record& record);

  std::string file_;
  std::ofstream stream_;
  bool open_ = false;
  std::uint32_t sinceFlush_ = 0;
};

/// A whole replay in memory.
struct Replay {
  ReplayHeader header;
  std::vector<ReplayTick> ticks;
  bool truncated = false;  ///< the file ended inside a record: `ticks` holds the complete ones
};

/// Reads a replay. A file that is not one, or any record whose checksum, framing or content is
/// wrong, throws ConfigError naming the file, the record and its byte offset; a file that ends
/// inside a record keeps the complete records and says it was truncated.
Replay readReplay(const std::string& file);

/// The same from a replay's bytes; `file` names it in errors.
Replay parseReplay(std::string bytes, const std::string& file);

/// Writes a whole replay (tests, tools).
void writeReplay(const std::string& file, const Replay& replay);

/// A run finished in a replay, as the re-simulation timed it.
struct ReplayFinish {
  std::uint32_t tick = 0;
  int slot = 0;
  double seconds = 0.0;
};

/// Result of re-simulating a replay.
struct ReplayVerification {
  std::vector<ReplayFinish> finishes;  ///< every race run finished, in order
  bool ok = true;
  std::uint32_t ticksVerified = 0;
  std::uint32_t firstBadTick = 0;
  std::uint64_t expectedHash = 0;
  std::uint64_t actualHash = 0;
};

/// Re-simulates every recorded tick from the header's state and compares each recorded hash.
ReplayVerification verifyReplay(const Replay& replay);

}  // namespace coyote
