#include "replay/replay_file.h"

#include <array>
#include <cstring>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include "io/bounded_file.h"
#include "io/config_error.h"
#include "io/utf8_path.h"
#include "match/authoritative_tick.h"
#include "sim/character/race.h"
#include "sim/state_hash.h"
#include "version/build_version.h"
#include "wire/wire_archive.h"

namespace coyote {
namespace {

// "COYOTERP" was the first format, without checksums.
constexpr std::array<char, 8> kMagic = {'C', 'O', 'Y', 'O', 'T', 'E', 'R', '2'};
constexpr std::array<char, 8> kFirstMagic = {'C', 'O', 'Y', 'O', 'T', 'E', 'R', 'P'};
constexpr std::uint8_t kHeaderRecord = 'H';
constexpr std::uint8_t kTickRecord = 'T';
constexpr std::uint32_t kMaxRecordBytes = 64u << 20;  // a header with 2^20 tiles fits easily
constexpr std::uint32_t kFlushEveryTicks = 60;
constexpr std::size_t kFrameBytes = 1 + 4 + 4;  // kind, length, ~length
constexpr std::size_t kChecksumBytes = 8;

std::uint64_t checksum(std::uint8_t kind, std::uint32_t length, std::string_view payload) {
  XXH64_state_t state;
  XXH64_reset(&state, kind);
  XXH64_update(&state, &length, sizeof(length));
  XXH64_update(&state, payload.data(), payload.size());
  return XXH64_digest(&state);
}

template <class T>
void put(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

template <class T>
T take(std::string_view bytes, std::size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

/// Decodes one record's payload; throws WireError (or cereal's) if it is not exactly one T.
template <class T>
T decodePayload(std::string_view payload) {
  std::istringstream stream{std::string(payload)};
  T value;
  net::WireInputArchive archive(stream);
  archive(value);
  if (stream.peek() != std::char_traits<char>::eof()) {
    throw WireError("trailing bytes in the record");
  }
  return value;
}

/// What a replay's header says first: its recording version and, from 15, who wrote it. Read
/// even from a replay this build cannot read, to say which version can.
struct RecordingStamp {
  std::uint16_t recordingVersion = 0;
  std::string writtenBy;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(recordingVersion);
    if (recordingVersion >= net::kFirstNamedRecording) {
      net::boundedString(archive, writtenBy, net::kMaxVersionLength, "written_by");
    }
  }
};

RecordingStamp decodeStamp(std::string_view payload) {
  std::istringstream stream{std::string(payload)};
  RecordingStamp stamp;
  net::WireInputArchive archive(stream);
  archive(stamp);  // the rest of the header is not read
  return stamp;
}

/// Why `stamp`'s replay is not read here, naming the version that plays it when it says.
std::string unreadable(const RecordingStamp& stamp, const std::string& file) {
  const std::string by = stamp.writtenBy.empty() ? "" : " by coyote " + stamp.writtenBy;
  return fmt::format(
      "{}: recorded{} with recording version {}; this build ({}) reads {} to {}{}", file, by,
      stamp.recordingVersion, buildVersion(), net::kOldestReadableRecording, net::kRecordingVersion,
      stamp.writtenBy.empty() ? "" : fmt::format(": coyote {} plays it", stamp.writtenBy));
}

}  // namespace

ReplayWriter::ReplayWriter(const std::string& file, const ReplayHeader& header)
    : file_(file), stream_(utf8Path(file), std::ios::binary | std::ios::trunc) {
  if (!stream_) {
    throw std::runtime_error(fmt::format("{}: cannot create replay file", file));
  }
  stream_.write(kMagic.data(), kMagic.size());
  open_ = true;
  writeRecord(kHeaderRecord, header);
  stream_.flush();
}

ReplayWriter::~ReplayWriter() {
  close();
}

template <class Record>
void ReplayWriter::writeRecord(std::uint8_t kind, const Record& record) {
  std::ostringstream payloadStream;
  {
    net::WireOutputArchive archive(payloadStream);
    archive(record);
  }
  const std::string payload = payloadStream.str();
  const auto length = static_cast<std::uint32_t>(payload.size());
  std::string framed;
  framed.reserve(kFrameBytes + payload.size() + kChecksumBytes);
  put(framed, kind);
  put(framed, length);
  put(framed, ~length);
  framed += payload;
  put(framed, checksum(kind, length, payload));
  stream_.write(framed.data(), static_cast<std::streamsize>(framed.size()));
}

void ReplayWriter::append(const ReplayTick& tick) {
  if (!open_) {
    return;
  }
  writeRecord(kTickRecord, tick);
  if (++sinceFlush_ >= kFlushEveryTicks) {
    stream_.flush();
    sinceFlush_ = 0;
  }
}

void ReplayWriter::close() {
  if (open_) {
    open_ = false;
    stream_.flush();
    stream_.close();
  }
}

namespace {

/// Walks the records of a replay file held in memory.
class RecordReader {
 public:
  RecordReader(std::string bytes, std::string file)
      : bytes_(std::move(bytes)), file_(std::move(file)) {}

  /// The next record's payload, or nothing at the end; `truncated` when the file ends inside
  /// a record. Throws ConfigError on a bad frame or checksum.
  std::optional<std::string_view> next(std::uint8_t expectedKind, bool& truncated) {
    if (offset_ == bytes_.size()) {
      return std::nullopt;
    }
    if (bytes_.size() - offset_ < kFrameBytes) {
      truncated = true;
      return std::nullopt;
    }
    const auto kind = take<std::uint8_t>(bytes_, offset_);
    const auto length = take<std::uint32_t>(bytes_, offset_ + 1);
    if (kind != expectedKind || take<std::uint32_t>(bytes_, offset_ + 5) != ~length ||
        length > kMaxRecordBytes) {
      fail("bad record frame");
    }
    if (bytes_.size() - offset_ < kFrameBytes + length + kChecksumBytes) {
      truncated = true;
      return std::nullopt;
    }
    const std::string_view payload(bytes_.data() + offset_ + kFrameBytes, length);
    if (take<std::uint64_t>(bytes_, offset_ + kFrameBytes + length) !=
        checksum(kind, length, payload)) {
      fail("checksum mismatch");
    }
    recordStart_ = offset_;
    offset_ += kFrameBytes + length + kChecksumBytes;
    ++records_;
    return payload;
  }

  [[noreturn]] void fail(std::string_view reason) const {
    throw ConfigError(
        fmt::format("{}: record {} at byte {}: {}", file_, records_, offset_, reason));
  }
  /// A record that passed its checksum but does not decode: named by where it started.
  [[noreturn]] void failDecoded(std::string_view reason) const {
    throw ConfigError(
        fmt::format("{}: record {} at byte {}: {}", file_, records_ - 1, recordStart_, reason));
  }

 private:
  std::string bytes_;
  std::string file_;
  std::size_t offset_ = kMagic.size();
  std::size_t recordStart_ = 0;
  std::size_t records_ = 0;
};

}  // namespace

Replay readReplay(const std::string& file) {
  return parseReplay(readBoundedFile(file, kMaxReplayFileBytes), file);
}

Replay parseReplay(std::string bytes, const std::string& file) {
  if (bytes.size() >= kFirstMagic.size() &&
      std::memcmp(bytes.data(), kFirstMagic.data(), kFirstMagic.size()) == 0) {
    throw ConfigError(fmt::format("{}: a replay of an older Coyote (no checksums)", file));
  }
  if (bytes.size() < kMagic.size() ||
      std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) {
    throw ConfigError(fmt::format("{}: not a Coyote replay", file));
  }
  RecordReader records(std::move(bytes), file);
  Replay replay;
  const auto header = records.next(kHeaderRecord, replay.truncated);
  if (!header) {
    throw ConfigError(fmt::format("{}: the replay ends before its header", file));
  }
  RecordingStamp stamp;
  try {
    stamp = decodeStamp(*header);
  } catch (const std::exception& error) {
    records.failDecoded(error.what());
  }
  if (!net::readableRecording(stamp.recordingVersion)) {
    throw ConfigError(unreadable(stamp, file));
  }
  try {
    replay.header = decodePayload<ReplayHeader>(*header);
  } catch (const std::exception& error) {
    records.failDecoded(error.what());
  }
  while (const auto payload = records.next(kTickRecord, replay.truncated)) {
    try {
      replay.ticks.push_back(decodePayload<ReplayTick>(*payload));
    } catch (const std::exception& error) {
      records.failDecoded(error.what());
    }
  }
  return replay;
}

void writeReplay(const std::string& file, const Replay& replay) {
  ReplayWriter writer(file, replay.header);
  for (const ReplayTick& tick : replay.ticks) {
    writer.append(tick);
  }
}

ReplayVerification verifyReplay(const Replay& replay) {
  const Level level = net::toLevel(replay.header.level);
  const StepParameters parameters(replay.header.physics);
  WorldState state = replay.header.start.state;
  ReplayVerification result;
  const auto events = std::make_unique<EventBatch>();
  for (const ReplayTick& tick : replay.ticks) {
    applyAuthoritativeTick(state, tick.events, expandInputs(tick.inputs), level, parameters,
                           events.get());
    for (const StepEvent& event : events->events()) {
      if (event.kind == EventKind::RunFinished && isCharacterId(event.body)) {
        result.finishes.push_back({state.tick, event.body - kCharacterIdBase,
                                   raceSeconds(event, replay.header.physics.tickRate)});
      }
    }
    const std::uint64_t hash = hashState(state);
    if (state.tick != tick.tick || hash != tick.hash) {
      result.ok = false;
      result.firstBadTick = tick.tick;
      result.expectedHash = tick.hash;
      result.actualHash = hash;
      return result;
    }
    ++result.ticksVerified;
  }
  return result;
}

}  // namespace coyote
