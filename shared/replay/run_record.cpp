#include "replay/run_record.h"

#include <array>
#include <cstring>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include "io/config_error.h"
#include "sim/world_step.h"
#include "wire/wire_archive.h"

namespace coyote {
namespace {

constexpr std::array<char, 8> kRunMagic = {'C', 'O', 'Y', 'O', 'T', 'E', 'R', 'N'};
constexpr std::size_t kLengthBytes = 4;
constexpr std::size_t kRunChecksumBytes = 8;
constexpr std::size_t kMaxRunRecordBytes = 4u << 20;

template <class... Values>
std::string wireBytes(const Values&... values) {
  std::ostringstream stream;
  {
    net::WireOutputArchive archive(stream);
    archive(values...);
  }
  return stream.str();
}

}  // namespace

std::uint64_t courseHash(const net::LevelData& level, const PhysicsConfig& physics) {
  const std::string bytes = wireBytes(level, physics);
  return XXH64(bytes.data(), bytes.size(), 0);
}

void RunRecord::appendInput(const PlayerInput& input) {
  if (!inputs.empty() && inputs.back().input == input && inputs.back().ticks < UINT16_MAX) {
    ++inputs.back().ticks;
    return;
  }
  inputs.push_back({input, 1});
}

std::uint32_t RunRecord::inputTicks() const {
  std::uint32_t total = 0;
  for (const InputSpan& span : inputs) {
    total += span.ticks;
  }
  return total;
}

net::Snapshot soloSnapshot(net::Snapshot snapshot, int slot) {
  for (int other = 0; other < kMaxCharacters; ++other) {
    if (other != slot && snapshot.state.characters[static_cast<std::size_t>(other)].active) {
      removeCharacter(snapshot.state, other);
    }
  }
  std::erase_if(snapshot.inputs, [slot](const SlotInput& input) { return input.slot != slot; });
  std::erase_if(snapshot.roster, [slot](const net::SlotName& name) { return name.slot != slot; });
  return snapshot;
}

std::string encodeRunRecord(const RunRecord& record) {
  const std::string payload = wireBytes(record);
  const auto length = static_cast<std::uint32_t>(payload.size());
  const std::uint64_t checksum = XXH64(payload.data(), payload.size(), length);
  std::string bytes(kRunMagic.data(), kRunMagic.size());
  bytes.append(reinterpret_cast<const char*>(&length), kLengthBytes);
  bytes += payload;
  bytes.append(reinterpret_cast<const char*>(&checksum), kRunChecksumBytes);
  return bytes;
}

RunRecord decodeRunRecord(std::string_view bytes, const std::string& what) {
  const auto fail = [&what](std::string_view reason) {
    return ConfigError(fmt::format("{}: {}", what, reason));
  };
  if (bytes.size() < kRunMagic.size() + kLengthBytes + kRunChecksumBytes ||
      std::memcmp(bytes.data(), kRunMagic.data(), kRunMagic.size()) != 0) {
    throw fail("not a Coyote run record");
  }
  std::uint32_t length = 0;
  std::memcpy(&length, bytes.data() + kRunMagic.size(), kLengthBytes);
  if (length > kMaxRunRecordBytes ||
      bytes.size() != kRunMagic.size() + kLengthBytes + length + kRunChecksumBytes) {
    throw fail(fmt::format("{} bytes, its length field says {}", bytes.size(), length));
  }
  const std::string_view payload = bytes.substr(kRunMagic.size() + kLengthBytes, length);
  std::uint64_t checksum = 0;
  std::memcpy(&checksum, bytes.data() + kRunMagic.size() + kLengthBytes + length,
              kRunChecksumBytes);
  if (checksum != XXH64(payload.data(), payload.size(), length)) {
    throw fail("checksum mismatch");
  }
  RunRecord record;
  try {
    std::istringstream stream{std::string(payload)};
    net::WireInputArchive archive(stream);
    archive(record);
    if (stream.peek() != std::char_traits<char>::eof()) {
      throw WireError("trailing bytes");
    }
  } catch (const std::exception& error) {
    throw fail(error.what());
  }
  if (!net::readableRecording(record.recordingVersion)) {
    throw fail(fmt::format("recorded with recording version {}, this build reads {} to {}",
                           record.recordingVersion, net::kOldestReadableRecording,
                           net::kRecordingVersion));
  }
  if (!record.start.state.characters[record.slot].active) {
    throw fail(fmt::format("slot {}: no runner in the start state", record.slot));
  }
  return record;
}

RunReplay replayRun(const RunRecord& record, const Level& level) {
  const StepParameters parameters(record.physics);
  WorldState state = record.start.state;
  TickInputs inputs{};
  const auto events = std::make_unique<EventBatch>();
  const BodyId runner = static_cast<BodyId>(kCharacterIdBase + record.slot);
  RunReplay result;
  for (const InputSpan& span : record.inputs) {
    inputs[record.slot] = span.input;
    for (std::uint16_t tick = 0; tick < span.ticks; ++tick) {
      stepWorld(state, inputs, level, parameters, nullptr, events.get());
      ++result.stepsRun;
      for (const StepEvent& event : events->events()) {
        if (event.body == runner && event.kind == EventKind::RunFinished) {
          result.finished = true;
          result.ticks = event.count;
          result.fraction = event.value;
          return result;
        }
      }
    }
  }
  return result;
}

}  // namespace coyote
