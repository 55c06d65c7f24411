#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/state/vec2.h"
#include "wire/protocol.h"

namespace coyote {

/// A run's path, to be drawn behind a player as a translucent ghost (docs/playing.md#ghosts):
/// where the runner's box was at the end of each tick of its run, from the tick it left the
/// start. Stored with its record and sent to clients that ask, compressed: positions in 1/256
/// tile, as the difference from the tick before (2 bytes each way; a respawn's jump is written
/// whole), then zlib. About 2 KB for a minute of run.
struct Ghost {
  static constexpr std::size_t kMaxTicks = 10 * 60 * 240;        ///< 10 minutes at the highest rate
  static constexpr std::size_t kMaxBytes = net::kMaxGhostBytes;  ///< compressed: wire and row
  std::vector<Vec2> positions;
};

/// Builds a ghost's compressed bytes tick by tick, so that a run in progress costs 4 bytes a tick
/// (not a whole position) until it finishes. Past kMaxTicks it stops recording (`full()`).
class GhostWriter {
 public:
  void add(Vec2 position);
  bool full() const { return ticks_ >= Ghost::kMaxTicks; }
  std::size_t ticks() const { return ticks_; }
  /// The compressed ghost; empty if zlib failed (the run is kept without a ghost).
  std::string finish() const;

 private:
  std::string raw_;
  std::int32_t lastX_ = 0;
  std::int32_t lastY_ = 0;
  std::size_t ticks_ = 0;
};

/// The positions of compressed ghost `bytes`. Anything else (too large, not zlib, cut short, more
/// than kMaxTicks) throws ConfigError naming `what`; it never inflates more than the bound.
Ghost decodeGhost(std::string_view bytes, const std::string& what);

}  // namespace coyote
