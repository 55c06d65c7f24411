#include "server/records/run_tracker.h"

#include <fmt/format.h>
#include <unistd.h>

namespace coyote {
namespace {

std::string hostName() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0) {
    return "";
  }
  return name;
}

int slotOf(BodyId body) {
  return body - kCharacterIdBase;
}

}  // namespace

RunTracker::RunTracker(const Level& level, const PhysicsConfig& physics)
    : level_(level), physics_(physics), course_(courseHash(net::toLevelData(level), physics)) {}

void RunTracker::observe(const EventBatch& events, const TickInputs& inputs,
                         const WorldState& after, const StateBefore& before,
                         const RunnerOf& runnerOf, std::vector<FinishedRun>& finished) {
  for (const StepEvent& event : events.events()) {
    if (event.kind == EventKind::RunStarted && isCharacterId(event.body)) {
      const int slot = slotOf(event.body);
      start(slot, before(), runnerOf(slot));
    }
  }
  const std::uint32_t maxTicks = static_cast<std::uint32_t>(kMaxRunSeconds * physics_.tickRate);
  for (auto& [slot, run] : runs_) {
    if (!run.tooLong && run.record.inputTicks() >= maxTicks) {
      run.tooLong = true;
      run.record.inputs.clear();
      run.record.inputs.shrink_to_fit();
    }
    if (!run.tooLong) {
      run.record.appendInput(inputs[static_cast<std::size_t>(slot)]);
    }
    run.ghost.add(after.characters[static_cast<std::size_t>(slot)].position);
  }
  for (const StepEvent& event : events.events()) {
    const auto run = isCharacterId(event.body) ? runs_.find(slotOf(event.body)) : runs_.end();
    if (run == runs_.end()) {
      continue;
    }
    if (event.kind == EventKind::CheckpointSplit) {
      run->second.splitsUs.push_back(raceMicros(event.count, event.value, physics_.tickRate));
    } else if (event.kind == EventKind::RunFinished) {
      finished.push_back(finish(run->second, event));
      runs_.erase(run);
    }
  }
  // A restart ends a run with nothing (docs/simulation.md#races): what was recorded of it goes.
  std::erase_if(runs_, [&after](const auto& entry) {
    return after.characters[static_cast<std::size_t>(entry.first)].runTicks < 0;
  });
}

void RunTracker::start(int slot, const net::Snapshot& before, const Runner& runner) {
  Run& run = runs_[slot];
  run = Run{};
  run.record.runnerKey = runner.fingerprint;
  run.record.course = course_;
  run.record.player = runner.name;
  run.record.physics = physics_;
  run.record.slot = static_cast<std::uint8_t>(slot);
  run.record.start = soloSnapshot(before, slot);
}

FinishedRun RunTracker::finish(Run& run, const StepEvent& event) {
  run.record.ticks = event.count;
  run.record.fraction = event.value;
  static const std::string host = hostName();
  FinishedRun finished;
  finished.course = fmt::format("{:016x}", course_);
  finished.level = level_.name;
  finished.race = level_.race.name;
  finished.player = run.record.player;
  finished.timeUs = raceMicros(event.count, event.value, physics_.tickRate);
  finished.splitsUs = std::move(run.splitsUs);
  finished.server = host;
  finished.record = run.tooLong ? std::string() : encodeRunRecord(run.record);
  finished.ghost = run.ghost.full() ? std::string() : run.ghost.finish();
  finished.fingerprint = run.record.runnerKey;
  return finished;
}

}  // namespace coyote
