#include "replay/ghost.h"

#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/format.h>
#include <zlib.h>

#include "io/config_error.h"

namespace coyote {
namespace {

constexpr float kUnitsPerTile = 256.0f;
constexpr std::int16_t kWholePosition = std::numeric_limits<std::int16_t>::min();
/// Every tick a jump: a marker and two whole positions.
constexpr std::size_t kMaxRawBytes = Ghost::kMaxTicks * (2 + 8);

std::int32_t units(float tiles) {
  const float scaled = std::round(tiles * kUnitsPerTile);
  return scaled > 2.0e9f    ? 2'000'000'000
         : scaled < -2.0e9f ? -2'000'000'000
                            : static_cast<std::int32_t>(scaled);
}

template <class T>
void putGhostField(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

}  // namespace

void GhostWriter::add(Vec2 position) {
  if (full()) {
    return;
  }
  const std::int32_t x = units(position.x);
  const std::int32_t y = units(position.y);
  const std::int64_t dx = static_cast<std::int64_t>(x) - lastX_;
  const std::int64_t dy = static_cast<std::int64_t>(y) - lastY_;
  const auto fits = [](std::int64_t d) { return d > kWholePosition && d <= INT16_MAX; };
  if (ticks_ > 0 && fits(dx) && fits(dy)) {
    putGhostField(raw_, static_cast<std::int16_t>(dx));
    putGhostField(raw_, static_cast<std::int16_t>(dy));
  } else {
    putGhostField(raw_, kWholePosition);
    putGhostField(raw_, x);
    putGhostField(raw_, y);
  }
  lastX_ = x;
  lastY_ = y;
  ++ticks_;
}

std::string GhostWriter::finish() const {
  uLongf size = compressBound(static_cast<uLong>(raw_.size()));
  std::string bytes(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(bytes.data()), &size,
                reinterpret_cast<const Bytef*>(raw_.data()), static_cast<uLong>(raw_.size()),
                Z_BEST_COMPRESSION) != Z_OK ||
      size > Ghost::kMaxBytes) {
    return {};
  }
  bytes.resize(size);
  return bytes;
}

Ghost decodeGhost(std::string_view bytes, const std::string& what) {
  if (bytes.empty() || bytes.size() > Ghost::kMaxBytes) {
    throw ConfigError(fmt::format("{}: a ghost of {} bytes", what, bytes.size()));
  }
  std::string raw(kMaxRawBytes, '\0');
  uLongf size = static_cast<uLongf>(raw.size());
  if (uncompress(reinterpret_cast<Bytef*>(raw.data()), &size,
                 reinterpret_cast<const Bytef*>(bytes.data()),
                 static_cast<uLong>(bytes.size())) != Z_OK) {
    throw ConfigError(
        fmt::format("{}: not a ghost (or longer than {} ticks)", what, Ghost::kMaxTicks));
  }
  Ghost ghost;
  std::size_t at = 0;
  std::int64_t x = 0;  // wide: hostile deltas cannot overflow it within kMaxTicks
  std::int64_t y = 0;
  const auto take = [&](auto& value) {
    if (size - at < sizeof(value)) {
      throw ConfigError(fmt::format("{}: cut short at byte {}", what, at));
    }
    std::memcpy(&value, raw.data() + at, sizeof(value));
    at += sizeof(value);
  };
  while (at < size) {
    std::int16_t dx = 0;
    take(dx);
    if (dx == kWholePosition) {
      std::int32_t wholeX = 0;
      std::int32_t wholeY = 0;
      take(wholeX);
      take(wholeY);
      x = wholeX;
      y = wholeY;
    } else {
      std::int16_t dy = 0;
      take(dy);
      x += dx;
      y += dy;
    }
    if (ghost.positions.size() == Ghost::kMaxTicks) {
      throw ConfigError(fmt::format("{}: longer than {} ticks", what, Ghost::kMaxTicks));
    }
    ghost.positions.push_back(
        {static_cast<float>(x) / kUnitsPerTile, static_cast<float>(y) / kUnitsPerTile});
  }
  return ghost;
}

}  // namespace coyote
