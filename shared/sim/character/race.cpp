#include "sim/character/race.h"

#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// A respawn moves a character farther than any step's motion (60 tiles/s is a tile a tick).
constexpr float kTeleport = 2.0f;

struct Span {
  float enter;
  float exit;
};

// On one axis: the box [low, low + size] moving by `delta` overlaps [regionLow, regionHigh] for
// t in (enter, exit).
Span axisSpan(float low, float size, float delta, float regionLow, float regionHigh) {
  if (delta == 0.0f) {
    const bool overlaps = low < regionHigh && low + size > regionLow;
    return overlaps ? Span{-1.0f, 2.0f} : Span{2.0f, -1.0f};
  }
  const float a = (regionLow - size - low) / delta;
  const float b = (regionHigh - low) / delta;
  return a < b ? Span{a, b} : Span{b, a};
}

const CheckpointDefinition* checkpointOfOrder(const Level& level, int order) {
  for (const CheckpointDefinition& checkpoint : level.checkpoints) {
    if (checkpoint.order == order) {
      return &checkpoint;
    }
  }
  return nullptr;
}

int raceCheckpointCount(const Level& level) {
  int count = 0;
  for (const CheckpointDefinition& checkpoint : level.checkpoints) {
    count += checkpoint.order != 0 ? 1 : 0;
  }
  return count;
}

/// One character's step of the race: `from` its box when the step began, moved by `delta`.
struct RaceStep {
  Character& character;
  BodyId id;
  Aabb from;
  Vec2 delta;
  EventBatch* events;
};

void emitRaceEvent(const RaceStep& step, EventKind kind, int index, float crossedAt) {
  if (step.events != nullptr) {
    step.events->emitRace(step.id, kind, static_cast<std::int16_t>(index), step.character.runTicks,
                          crossedAt - step.character.runStartFraction);
  }
}

// Leaving the start starts the run, or starts it again while no checkpoint has counted.
bool leaveStart(const RaceStep& step, const Level& level) {
  Character& character = step.character;
  const bool mayStart =
      character.runTicks < 0 || (character.raceCheckpoint == 0 && character.raceLap == 0);
  const std::optional<Crossing> start = crossingOf(step.from, step.delta, level.race.start);
  if (!mayStart || !start || start->insideAtEnd) {
    return false;
  }
  character.runTicks = 0;
  character.runStartFraction = start->exit;
  character.raceCheckpoint = 0;
  character.raceLap = 0;
  if (step.events != nullptr) {
    step.events->emitRace(step.id, EventKind::RunStarted, 0, 0, start->exit);
  }
  return true;
}

// The next checkpoint, or the finish after the last one, entered at or after `after` in the
// tick: true if it was (and counted).
bool reachNext(const RaceStep& step, const Level& level, int checkpoints, float& after) {
  Character& character = step.character;
  if (character.raceCheckpoint < checkpoints) {
    const int order = character.raceCheckpoint + 1;
    const CheckpointDefinition* next = checkpointOfOrder(level, order);
    const std::optional<Crossing> crossed =
        next == nullptr ? std::nullopt
                        : crossingOf(step.from, step.delta, Aabb{next->position, next->size});
    if (!crossed || crossed->exit < after) {
      return false;
    }
    after = crossed->enter > after ? crossed->enter : after;
    ++character.raceCheckpoint;
    emitRaceEvent(step, EventKind::CheckpointSplit, order, after);
    return true;
  }
  const std::optional<Crossing> finish = crossingOf(step.from, step.delta, level.race.finish);
  if (!finish || finish->exit < after) {
    return false;
  }
  after = finish->enter > after ? finish->enter : after;
  ++character.raceLap;
  character.raceCheckpoint = 0;
  // Every lap counts the same way, the last one too (a one-lap race's only lap): its
  // lap_finished, then, after the last, the run's run_finished at the same time.
  emitRaceEvent(step, EventKind::LapFinished, character.raceLap, after);
  if (character.raceLap < level.race.laps) {
    return false;  // a new lap's checkpoints are met on later ticks
  }
  emitRaceEvent(step, EventKind::RunFinished, character.raceLap, after);
  character.runTicks = -1;
  character.raceLap = 0;
  return false;
}

// A fast runner may meet a checkpoint and the next (or the finish) in one tick: each counts, in
// turn, where in the tick it was entered.
void reachCheckpointsAndFinish(const RaceStep& step, const Level& level, int checkpoints) {
  float after = 0.0f;
  int counted = 0;
  while (counted <= checkpoints && reachNext(step, level, checkpoints, after)) {
    ++counted;
  }
}

}  // namespace

std::optional<Crossing> crossingOf(const Aabb& from, Vec2 delta, const Aabb& region) {
  const Span x = axisSpan(from.left(), from.size.x, delta.x, region.left(), region.right());
  const Span y = axisSpan(from.top(), from.size.y, delta.y, region.top(), region.bottom());
  const float enter = x.enter > y.enter ? x.enter : y.enter;
  const float exit = x.exit < y.exit ? x.exit : y.exit;
  if (!(enter < exit && enter < 1.0f && exit > 0.0f)) {
    return std::nullopt;  // apart all tick long, or only touching
  }
  return Crossing{enter > 0.0f ? enter : 0.0f, exit < 1.0f ? exit : 1.0f, exit > 1.0f};
}

void recordRaceStarts(const WorldState& state, const ActiveCharacters& active, RaceStarts& starts) {
  for (const std::uint8_t slot : active) {
    starts[slot] = {state.characters[slot].position.x, state.characters[slot].position.y};
  }
}

void stepRaces(WorldState& state, const ActiveCharacters& active, const Level& level,
               const PhysicsConfig& config, const RaceStarts& starts, EventBatch* events) {
  const int checkpoints = raceCheckpointCount(level);
  for (const std::uint8_t slot : active) {
    Character& character = state.characters[slot];
    if (character.runTicks >= 0) {
      ++character.runTicks;
    }
    const Vec2 start{starts[slot].x, starts[slot].y};
    const Vec2 delta = character.position - start;
    if (magnitudeOf(delta.x) > kTeleport || magnitudeOf(delta.y) > kTeleport) {
      continue;  // a respawn: the run goes on, but the jump crossed nothing
    }
    const Aabb from{start, {config.playerWidth, config.playerHeight}};
    const RaceStep step{character, static_cast<BodyId>(kCharacterIdBase + slot), from, delta,
                        events};
    if (leaveStart(step, level) || character.runTicks < 0) {
      continue;
    }
    reachCheckpointsAndFinish(step, level, checkpoints);
  }
}

double raceSeconds(const StepEvent& event, std::int32_t tickRate) {
  return (static_cast<double>(event.count) + static_cast<double>(event.value)) /
         static_cast<double>(tickRate);
}

}  // namespace coyote
