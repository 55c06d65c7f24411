#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "client/core/race_progress.h"
#include "wire/messages.h"

namespace coyote {

/// What the race HUD says (docs/playing.md#races), apart from how it is drawn.

/// "−0.456" ahead (negative: faster), "+0.123" behind, to the nearest ms.
std::string deltaText(std::int64_t deltaUs);

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
std::string ordinal(std::int64_t rank);

/// The split the HUD shows: the last one the local run counted, while it is fresh, compared with
/// the same split of the player's best and of the record when the board has them.
struct SplitShown {
  std::size_t place = 0;  ///< its place in the run (0: the first checkpoint)
  std::int64_t timeUs = 0;
  std::optional<std::int64_t> versusBestUs;    ///< this split − the best run's
  std::optional<std::int64_t> versusRecordUs;  ///< this split − the record's
};
inline constexpr double kSplitShownSeconds = 3.0;
std::optional<SplitShown> shownSplit(const RaceProgress& progress, const Character& local,
                                     const net::RaceBoard* board, double shownTick,
                                     std::int32_t tickRate);

/// The line after a finish: time, rank in the room, personal best and record.
struct ResultsShown {
  std::string text;
  bool personalBest = false;  ///< as good as or better than the best before it
  bool record = false;        ///< as good as or better than the record before it
};
inline constexpr double kResultsShownSeconds = 6.0;
std::optional<ResultsShown> shownResults(const RaceProgress& progress, int localSlot,
                                         const net::RaceBoard* board, double shownTick,
                                         std::int32_t tickRate);

/// One row of the Tab scoreboard's room table.
struct ScoreRow {
  std::string name;
  std::string progress;  ///< "checkpoint 2/5", "lap 2/3 · checkpoint 1/5", "—"
  std::string last;      ///< "0:41.250" or "—"
  std::string best;
  std::int64_t bestUs = 0;  ///< for the order (0: none, last)
};
/// The room's players, fastest best first, then those without a time by name.
std::vector<ScoreRow> scoreRows(const WorldState& state, const RaceProgress& progress,
                                const std::function<std::string(int)>& nameOf, std::int32_t laps);

}  // namespace coyote
