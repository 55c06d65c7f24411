#include "client/core/race_progress.h"

#include "match/race_time.h"

namespace coyote {

RaceProgress::RaceProgress(const Level& level, std::int32_t tickRate) : tickRate_(tickRate) {
  for (const CheckpointDefinition& checkpoint : level.checkpoints) {
    checkpoints_ += checkpoint.order > 0 ? 1 : 0;
  }
}

void RaceProgress::simulated(std::span<const StepEvent> events, const WorldState& after,
                             bool confirmed, int localSlot) {
  for (const StepEvent& event : events) {
    if (!isCharacterId(event.body)) {
      continue;
    }
    const int slot = event.body - kCharacterIdBase;
    if (slot == localSlot) {
      localEvent(event, after.characters[static_cast<std::size_t>(slot)]);
    }
    if (confirmed && event.kind == EventKind::RunFinished) {
      confirmedFinish(slot, event);
      if (slot == localSlot) {
        confirmedFinishes_.push_back({raceMicros(event.count, event.value, tickRate_), event.tick});
      }
    }
  }
}

void RaceProgress::localEvent(const StepEvent& event, const Character& runner) {
  const std::int64_t micros = raceMicros(event.count, event.value, tickRate_);
  if (event.kind == EventKind::RunStarted) {
    if (runStartTick_ != event.tick) {  // a new run, not the same start simulated again
      splits_.clear();
      runStartTick_ = event.tick;
    }
  } else if (event.kind == EventKind::CheckpointSplit && event.index > 0) {
    const std::size_t place = static_cast<std::size_t>(runner.raceLap) * checkpoints_ +
                              static_cast<std::size_t>(event.index - 1);
    if (place < 64 * 100) {
      if (splits_.size() <= place) {
        splits_.resize(place + 1);
      }
      splits_[place] = Split{micros, event.tick};
    }
  } else if (event.kind == EventKind::RunFinished) {
    lastFinish_ = Finish{micros, event.tick};
  }
}

void RaceProgress::confirmedFinish(int slot, const StepEvent& event) {
  const auto counted = countedFinish_.find(slot);
  if (counted != countedFinish_.end() && counted->second == event.tick) {
    return;  // the same tick confirmed twice never happens; a guard costs nothing
  }
  countedFinish_[slot] = event.tick;
  Runner& runner = runners_[slot];
  runner.lastUs = raceMicros(event.count, event.value, tickRate_);
  runner.bestUs = runner.bestUs == 0 ? runner.lastUs : std::min(runner.bestUs, runner.lastUs);
  ++runner.finishes;
}

std::size_t RaceProgress::splitsCounted(const Character& character) const {
  if (character.runTicks < 0) {
    return 0;
  }
  return static_cast<std::size_t>(character.raceLap) * checkpoints_ + character.raceCheckpoint;
}

}  // namespace coyote
