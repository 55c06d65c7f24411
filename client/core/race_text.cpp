#include "client/core/race_text.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "match/race_time.h"

namespace coyote {

std::string deltaText(std::int64_t deltaUs) {
  const std::int64_t millis = (std::abs(deltaUs) + 500) / 1000;
  return fmt::format("{}{}.{:03}", deltaUs < 0 && millis > 0 ? "\u2212" : "+", millis / 1000,
                     millis % 1000);
}

std::string ordinal(std::int64_t rank) {
  const std::int64_t tens = rank % 100;
  const char* suffix = "th";
  if (tens < 11 || tens > 13) {
    suffix = rank % 10 == 1 ? "st" : rank % 10 == 2 ? "nd" : rank % 10 == 3 ? "rd" : "th";
  }
  return fmt::format("{}{}", rank, suffix);
}

std::optional<SplitShown> shownSplit(const RaceProgress& progress, const Character& local,
                                     const net::RaceBoard* board, double shownTick,
                                     std::int32_t tickRate) {
  const std::size_t counted = progress.splitsCounted(local);
  if (counted == 0 || counted > progress.splits().size() || !progress.splits()[counted - 1]) {
    return std::nullopt;
  }
  const std::size_t place = counted - 1;
  const RaceProgress::Split& split = *progress.splits()[place];
  if (shownTick - static_cast<double>(split.tick) > kSplitShownSeconds * tickRate) {
    return std::nullopt;
  }
  SplitShown shown{place, split.timeUs, std::nullopt, std::nullopt};
  if (board != nullptr && place < board->bestSplitsUs.size()) {
    shown.versusBestUs = split.timeUs - board->bestSplitsUs[place];
  }
  if (board != nullptr && place < board->recordSplitsUs.size()) {
    shown.versusRecordUs = split.timeUs - board->recordSplitsUs[place];
  }
  return shown;
}

std::optional<ResultsShown> shownResults(const RaceProgress& progress, int localSlot,
                                         const net::RaceBoard* board, double shownTick,
                                         std::int32_t tickRate) {
  const auto& finish = progress.lastFinish();
  if (!finish || shownTick - static_cast<double>(finish->tick) > kResultsShownSeconds * tickRate) {
    return std::nullopt;
  }
  std::int64_t rank = 1;
  for (const auto& [slot, runner] : progress.runners()) {
    rank += slot != localSlot && runner.bestUs > 0 && runner.bestUs < finish->timeUs ? 1 : 0;
  }
  ResultsShown shown;
  shown.text =
      fmt::format("Finished {} · {} in the room", formatRaceTime(finish->timeUs), ordinal(rank));
  if (board != nullptr) {
    shown.personalBest = board->bestUs == 0 || finish->timeUs <= board->bestUs;
    const std::int64_t best = shown.personalBest ? finish->timeUs : board->bestUs;
    shown.text += fmt::format(" · best {}", formatRaceTime(best));
    if (!board->top.empty()) {
      shown.record = finish->timeUs <= board->top.front().timeUs;
      shown.text += shown.record ? " · a new record!"
                                 : fmt::format(" · record {} by {}",
                                               formatRaceTime(board->top.front().timeUs),
                                               board->top.front().player);
    } else {
      shown.record = true;
      shown.text += " · the first record!";
    }
  }
  return shown;
}

std::vector<ScoreRow> scoreRows(const WorldState& state, const RaceProgress& progress,
                                const std::function<std::string(int)>& nameOf, std::int32_t laps) {
  std::vector<ScoreRow> rows;
  const std::size_t checkpoints = progress.checkpointsPerLap();
  state.roster.forEach([&](std::size_t slot) {
    const Character& character = state.characters[slot];
    ScoreRow row{nameOf(static_cast<int>(slot)), "\u2014", "\u2014", "\u2014", 0};
    if (character.runTicks >= 0) {
      row.progress = laps > 1 ? fmt::format("lap {}/{} · ", character.raceLap + 1, laps) : "";
      row.progress += checkpoints > 0
                          ? fmt::format("checkpoint {}/{}", character.raceCheckpoint, checkpoints)
                          : "running";
    }
    const auto runner = progress.runners().find(static_cast<int>(slot));
    if (runner != progress.runners().end()) {
      row.last = formatRaceTime(runner->second.lastUs);
      row.best = formatRaceTime(runner->second.bestUs);
      row.bestUs = runner->second.bestUs;
    }
    rows.push_back(std::move(row));
  });
  std::stable_sort(rows.begin(), rows.end(), [](const ScoreRow& a, const ScoreRow& b) {
    if ((a.bestUs == 0) != (b.bestUs == 0)) {
      return b.bestUs == 0;
    }
    return a.bestUs != b.bestUs ? a.bestUs < b.bestUs : a.name < b.name;
  });
  return rows;
}

}  // namespace coyote
