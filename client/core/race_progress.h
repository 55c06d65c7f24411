#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "sim/state/level.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// What the race HUD knows of the runs (docs/playing.md#races), read from the step events of the
/// simulations the client runs. The local player's splits and finish come from its prediction
/// (shown at once) and are set again, to the same values, when the tick is confirmed; a split a
/// correction took back is never shown, since the HUD reads only the splits the current state
/// has counted. Everyone's finished runs come from confirmed ticks only.
class RaceProgress {
 public:
  RaceProgress(const Level& level, std::int32_t tickRate);

  /// One simulation of a tick: its events and the state after it; `confirmed` for the server's.
  void simulated(std::span<const StepEvent> events, const WorldState& after, bool confirmed,
                 int localSlot);

  struct Split {
    std::int64_t timeUs = 0;
    std::uint32_t tick = 0;  ///< when it was crossed
  };
  struct Finish {
    std::int64_t timeUs = 0;
    std::uint32_t tick = 0;
  };
  struct Runner {
    std::int64_t lastUs = 0;  ///< 0: none yet
    std::int64_t bestUs = 0;
    int finishes = 0;
  };

  /// The local run's splits, by their place in the run (lap × checkpoints + order − 1).
  const std::vector<std::optional<Split>>& splits() const { return splits_; }
  /// How many splits `character`'s state has counted this run (the ones the HUD may show).
  std::size_t splitsCounted(const Character& character) const;
  /// The local player's last finish, as predicted then confirmed.
  const std::optional<Finish>& lastFinish() const { return lastFinish_; }
  /// The local player's finishes as the server timed them (confirmed ticks), in order.
  const std::vector<Finish>& confirmedFinishes() const { return confirmedFinishes_; }
  /// Confirmed finishes in the room since this client joined, by slot.
  const std::map<int, Runner>& runners() const { return runners_; }
  void forgetRunner(int slot) {
    runners_.erase(slot);
    countedFinish_.erase(slot);
  }
  /// Checkpoints with an order: splits per lap.
  std::size_t checkpointsPerLap() const { return checkpoints_; }

 private:
  void localEvent(const StepEvent& event, const Character& runner);
  void confirmedFinish(int slot, const StepEvent& event);

  std::int32_t tickRate_;
  std::size_t checkpoints_ = 0;
  std::vector<std::optional<Split>> splits_;
  std::optional<Finish> lastFinish_;
  std::optional<std::uint32_t> runStartTick_;  ///< the run the splits belong to
  std::vector<Finish> confirmedFinishes_;
  std::map<int, Runner> runners_;
  std::map<int, std::uint32_t> countedFinish_;  ///< the tick of each slot's last finish counted
};

}  // namespace coyote
