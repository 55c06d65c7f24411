#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "match/race_time.h"
#include "replay/ghost.h"
#include "replay/run_record.h"
#include "server/records/records_store.h"
#include "sim/state/step_events.h"
#include "sim/world_step.h"

namespace coyote {

/// Follows a room's runs from the step events (docs/hosting.md#records) and turns each finish
/// into a FinishedRun for the database, with a RunRecord that replays it: the world before the
/// run's first step (from the tick history) and the runner's inputs from then on. A run longer
/// than kMaxRunSeconds keeps its time but no record (it is still a time on the board).
class RunTracker {
 public:
  static constexpr int kMaxRunSeconds = 600;

  /// `level` has a race (level.race.present); `physics` is the room's.
  RunTracker(const Level& level, const PhysicsConfig& physics);

  std::uint64_t course() const { return course_; }
  /// The world before the step (asked only when a run starts), and who plays in a slot: its
  /// name and its key's fingerprint.
  using StateBefore = std::function<net::Snapshot()>;
  struct Runner {
    std::string name;
    std::string fingerprint;
  };
  using RunnerOf = std::function<Runner(int slot)>;
  /// Reads one step: `events` and `inputs` are the step's, `after` the state it left. Appends
  /// the runs that finished to `finished`, and forgets those restarted (no run in `after`).
  void observe(const EventBatch& events, const TickInputs& inputs, const WorldState& after,
               const StateBefore& before, const RunnerOf& runnerOf,
               std::vector<FinishedRun>& finished);
  /// The player left the world: its run is over.
  void forget(int slot) { runs_.erase(slot); }
  /// Runs followed now (at most one per player).
  std::size_t running() const { return runs_.size(); }

 private:
  struct Run {
    RunRecord record;
    GhostWriter ghost;  ///< where the box was at the end of each tick of the run
    std::vector<std::int64_t> splitsUs;
    bool tooLong = false;
  };
  void start(int slot, const net::Snapshot& before, const Runner& runner);
  FinishedRun finish(Run& run, const StepEvent& event);

  const Level& level_;
  PhysicsConfig physics_;
  std::uint64_t course_;
  std::unordered_map<int, Run> runs_;
};

}  // namespace coyote
