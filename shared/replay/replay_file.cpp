#include "replay/replay_file.h"

#include <array>
#include <cstring>

#include <fmt/format.h>
#include "net/wire_archive.h"

#include "config/config_error.h"
#include "match/authoritative_tick.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr std::array<char, 8> kMagic = {'C', 'O', 'Y', 'O', 'T', 'E', 'R', 'P'};
constexpr std::uint8_t kTickRecord = 'T';
constexpr std::uint32_t kFlushEveryTicks = 60;

}  // namespace

struct ReplayWriter::Archive {
  explicit Archive(std::ostream& stream) : archive(stream) {}
  net::WireOutputArchive archive;
};

ReplayWriter::ReplayWriter(const std::string& file, const ReplayHeader& header)
    : file_(file), stream_(file, std::ios::binary | std::ios::trunc) {
  if (!stream_) {
    throw std::runtime_error(fmt::format("{}: cannot create replay file", file));
  }
  stream_.write(kMagic.data(), kMagic.size());
  archive_ = std::make_unique<Archive>(stream_);
  archive_->archive(header);
  stream_.flush();
}

ReplayWriter::~ReplayWriter() {
  close();
}

void ReplayWriter::append(const ReplayTick& tick) {
  if (!archive_) {
    return;
  }
  archive_->archive(kTickRecord, tick);
  if (++sinceFlush_ >= kFlushEveryTicks) {
    stream_.flush();
    sinceFlush_ = 0;
  }
}

void ReplayWriter::close() {
  if (archive_) {
    archive_.reset();
    stream_.flush();
    stream_.close();
  }
}

Replay readReplay(const std::string& file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream) {
    throw ConfigError(fmt::format("{}: cannot open file", file));
  }
  std::array<char, 8> magic{};
  stream.read(magic.data(), magic.size());
  if (!stream || magic != kMagic) {
    throw ConfigError(fmt::format("{}: not a Coyote replay", file));
  }
  Replay replay;
  try {
    net::WireInputArchive archive(stream);
    archive(replay.header);
    if (replay.header.protocolVersion != net::kProtocolVersion) {
      throw ConfigError(fmt::format("{}: recorded with protocol version {}, this build reads {}",
                                    file, replay.header.protocolVersion, net::kProtocolVersion));
    }
    while (stream.peek() != std::char_traits<char>::eof()) {
      std::uint8_t kind = 0;
      archive(kind);
      if (kind != kTickRecord) {
        throw WireError("unknown record");
      }
      archive(replay.ticks.emplace_back());
    }
  } catch (const ConfigError&) {
    throw;
  } catch (const std::exception& error) {
    // A record cut short by a crash ends the replay; anything else is corruption.
    if (!replay.ticks.empty() && stream.eof()) {
      replay.ticks.pop_back();
      return replay;
    }
    throw ConfigError(fmt::format("{}: corrupt replay after {} ticks: {}", file,
                                  replay.ticks.size(), error.what()));
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
  for (const ReplayTick& tick : replay.ticks) {
    applyAuthoritativeTick(state, tick.events, expandInputs(tick.inputs), level, parameters);
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
