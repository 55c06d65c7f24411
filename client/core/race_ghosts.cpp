#include "client/core/race_ghosts.h"

#include "match/race_time.h"
#include "replay/ghost.h"

namespace coyote {

std::vector<net::GhostRequest> RaceGhosts::wanted(const net::RaceBoard& board) {
  std::vector<net::GhostRequest> requests;
  if (board.bestUs > 0 && board.bestUs != askedBestUs_) {
    askedBestUs_ = board.bestUs;
    requests.push_back({net::GhostOf::PersonalBest});
  }
  if (!board.top.empty() && (board.top.front().timeUs != askedRecordUs_ ||
                             board.top.front().player != askedRecordHolder_)) {
    askedRecordUs_ = board.top.front().timeUs;
    askedRecordHolder_ = board.top.front().player;
    requests.push_back({net::GhostOf::Record});
  }
  return requests;
}

void RaceGhosts::receive(const net::GhostData& data, spdlog::logger& log) {
  std::optional<LoadedGhost>& slot = data.which == net::GhostOf::Record ? record_ : best_;
  if (data.path.empty()) {
    slot.reset();
    return;
  }
  try {
    slot = LoadedGhost{data.player, data.timeUs, decodeGhost(data.path, "ghost").positions};
    log.debug("ghost of {}'s {} run: {} ticks", data.player, formatRaceTime(data.timeUs),
              slot->positions.size());
  } catch (const std::exception& error) {
    log.warn("a ghost from the server was refused: {}", error.what());
    slot.reset();
  }
}

}  // namespace coyote
