#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/messages.h"

namespace coyote {

/// What a replay starts from: the level, the physics and the authoritative state.
struct ReplayHeader {
  std::uint16_t protocolVersion = net::kProtocolVersion;
  net::LevelData level;
  PhysicsConfig physics;
  net::Snapshot start;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(protocolVersion, level, physics, start);
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
/// periodically so a crash loses at most a second.
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
  struct Archive;
  std::string file_;
  std::ofstream stream_;
  std::unique_ptr<Archive> archive_;
  std::uint32_t sinceFlush_ = 0;
};

/// A whole replay in memory.
struct Replay {
  ReplayHeader header;
  std::vector<ReplayTick> ticks;
};

/// Reads a replay; a file that is not one, or is corrupt, throws ConfigError naming it.
Replay readReplay(const std::string& file);

/// Writes a whole replay (tests, tools).
void writeReplay(const std::string& file, const Replay& replay);

/// Result of re-simulating a replay.
struct ReplayVerification {
  bool ok = true;
  std::uint32_t ticksVerified = 0;
  std::uint32_t firstBadTick = 0;
  std::uint64_t expectedHash = 0;
  std::uint64_t actualHash = 0;
};

/// Re-simulates every recorded tick from the header's state and compares each recorded hash.
ReplayVerification verifyReplay(const Replay& replay);

}  // namespace coyote
