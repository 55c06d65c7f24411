#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "sim/state/vec2.h"
#include "wire/messages.h"

namespace coyote {

/// A ghost ready to draw: whose run, its time, where its box was at the end of each tick.
struct LoadedGhost {
  std::string player;
  std::int64_t timeUs = 0;
  std::vector<Vec2> positions;
};

/// The ghosts of the room's race (docs/playing.md#ghosts): the player's best and the record.
/// Asks the server for each when a board names a run it does not hold yet (a new best, a new
/// record), and keeps what comes back; a ghost that does not decode is dropped and logged.
class RaceGhosts {
 public:
  /// The requests `board` calls for (none when the ghosts held are the board's).
  std::vector<net::GhostRequest> wanted(const net::RaceBoard& board);
  /// Takes a ghost from the server.
  void receive(const net::GhostData& data, spdlog::logger& log);

  const std::optional<LoadedGhost>& best() const { return best_; }
  const std::optional<LoadedGhost>& record() const { return record_; }

 private:
  std::optional<LoadedGhost> best_;
  std::optional<LoadedGhost> record_;
  std::int64_t askedBestUs_ = 0;  ///< the times last asked for, so a board repeated asks nothing
  std::int64_t askedRecordUs_ = 0;
  std::string askedRecordHolder_;
};

}  // namespace coyote
