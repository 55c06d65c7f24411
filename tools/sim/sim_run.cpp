#include "tools/sim/sim_run.h"

#include <chrono>

#include <fmt/format.h>

#include "config/materials_loader.h"
#include "config/physics_config_loader.h"
#include "io/config_error.h"
#include "io/utf8_path.h"
#include "level/tiled_level_loader.h"
#include "scenario/input_script.h"
#include "scenario/random_inputs.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr int kDefaultPlayers = 8;
constexpr std::uint32_t kDefaultTicks = 600;

void writeTraceLine(std::ostream& out, std::uint32_t tick, int player, const Character& c) {
  out << fmt::format(
      "{{\"tick\":{},\"player\":{},\"x\":{},\"y\":{},\"vx\":{},\"vy\":{},\"grounded\":{},"
      "\"onSlope\":{},\"wallDirection\":{},\"dashing\":{},\"facing\":{},\"airJumpsLeft\":{}}}\n",
      tick, player, c.position.x, c.position.y, c.velocity.x, c.velocity.y, c.grounded, c.onSlope,
      c.wallDirection, c.dashing(), c.facing, c.airJumpsLeft);
}

void writeBodyLine(std::ostream& out, std::uint32_t tick, std::size_t index, const char* kind,
                   Vec2 position, Vec2 velocity) {
  out << fmt::format(
      "{{\"tick\":{},\"body\":{},\"kind\":\"{}\",\"x\":{},\"y\":{},\"vx\":{},\"vy\":{}}}\n", tick,
      index, kind, position.x, position.y, velocity.x, velocity.y);
}

/// One line per player, then one per body: platforms, then crates, each by its index in the
/// level (whatever slot a crate is stored in).
void writeTrace(std::ostream& out, const WorldState& state, int players, const Level& level) {
  for (int player = 0; player < players; ++player) {
    writeTraceLine(out, state.tick, player, state.characters[static_cast<std::size_t>(player)]);
  }
  for (std::size_t i = 0; i < level.platforms.size(); ++i) {
    const Platform& platform = state.platforms[i];
    writeBodyLine(out, state.tick, i, "platform", platform.position, platform.velocity);
  }
  const auto crates = levelCrates(state, level);  // the slots a level's crates are kept in
  for (std::size_t i = 0; i < level.crates.size(); ++i) {
    for (const Crate& crate : crates) {
      if (crate.active && crate.id == static_cast<BodyId>(kCrateIdBase + static_cast<int>(i))) {
        writeBodyLine(out, state.tick, i, "crate", crate.position, crate.velocity);
      }
    }
  }
}

/// One step's stage times and events into the run's totals.
void addStep(SimRunSummary& summary, const StepProfile& profile, const EventBatch& events) {
  for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
    summary.stageMicros[stage] += profile.micros[stage];
  }
  for (const StepEvent& event : events.events()) {
    ++summary.events[static_cast<std::size_t>(event.kind)];
  }
  summary.eventsDropped += events.dropped();
}

}  // namespace

Level loadLevelFile(const std::string& levelFile, const std::string& materialsFile) {
  return loadTiledLevel(utf8Path(levelFile), materialsForLevel(materialsFile, utf8Path(levelFile)));
}

SimRunSummary runSimulation(const SimRunOptions& options, std::ostream& traceOut) {
  const Level level = loadLevelFile(options.levelFile, options.materialsFile);
  const PhysicsConfig config =
      options.configFile.empty() ? PhysicsConfig{} : loadPhysicsConfig(options.configFile);

  std::optional<InputScript> script;
  if (!options.inputsFile.empty()) {
    script = loadInputScript(options.inputsFile);
    if (options.players && *options.players != script->players) {
      throw ConfigError(fmt::format("{}: has {} players but --players is {}", options.inputsFile,
                                    script->players, *options.players));
    }
  }
  const int players = script ? script->players : options.players.value_or(kDefaultPlayers);
  if (players < 1 || players > kMaxCharacters) {
    throw ConfigError(fmt::format("--players must be in [1, {}], got {}", kMaxCharacters, players));
  }
  const std::uint32_t ticks = options.ticks.value_or(
      script ? static_cast<std::uint32_t>(script->ticks.size()) : kDefaultTicks);

  const StepParameters parameters(config);
  WorldState state = makeWorld(players, level, config);
  SimRunSummary summary;
  RandomInputs random(options.seed);
  TickInputs inputs{};
  std::chrono::nanoseconds stepping{0};
  StepProfile profile;
  EventBatch events;
  for (std::uint32_t tick = 0; tick < ticks; ++tick) {
    if (script) {
      // Past the end of the script every player lets go of everything.
      inputs = tick < script->ticks.size() ? script->ticks[tick] : TickInputs{};
    } else {
      random.next(inputs, players);
    }
    const auto start = std::chrono::steady_clock::now();
    stepWorld(state, inputs, level, parameters, &profile, &events);
    stepping += std::chrono::steady_clock::now() - start;
    addStep(summary, profile, events);
    if (options.trace) {
      writeTrace(traceOut, state, players, level);
    }
  }
  summary.ticks = ticks;
  summary.players = players;
  summary.hash = hashState(state);
  const double steps = static_cast<double>(ticks) * static_cast<double>(players);
  summary.nsPerCharacterStep = steps > 0 ? static_cast<double>(stepping.count()) / steps : 0.0;
  summary.bodies = static_cast<int>(level.platforms.size() + level.crates.size());
  const double bodySteps =
      static_cast<double>(ticks) * static_cast<double>(players + summary.bodies);
  summary.nsPerBodyStep = bodySteps > 0 ? static_cast<double>(stepping.count()) / bodySteps : 0.0;
  return summary;
}

std::string formatSummary(const SimRunSummary& summary) {
  // Each stage's mean wall time per tick (the step's own profile, docs/simulation.md#step-profile).
  std::string stages;
  const double ticks = summary.ticks > 0 ? static_cast<double>(summary.ticks) : 1.0;
  for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
    stages += fmt::format("{}\"{}\":{:.1f}", stage == 0 ? "" : ",",
                          stepStageName(static_cast<StepStage>(stage)),
                          summary.stageMicros[stage] * 1000.0 / ticks);
  }
  std::string events;
  for (std::size_t kind = 0; kind < kEventKindCount; ++kind) {
    events += fmt::format("{}\"{}\":{}", kind == 0 ? "" : ",",
                          eventKindName(static_cast<EventKind>(kind)), summary.events[kind]);
  }
  return fmt::format(
      "{{\"ticks\":{},\"players\":{},\"bodies\":{},\"hash\":\"{:016x}\","
      "\"ns_per_character_step\":{:.1f},\"ns_per_body_step\":{:.1f},"
      "\"stage_ns_per_tick\":{{{}}},\"events\":{{{}}},\"events_dropped\":{}}}",
      summary.ticks, summary.players, summary.bodies, summary.hash, summary.nsPerCharacterStep,
      summary.nsPerBodyStep, stages, events, summary.eventsDropped);
}

}  // namespace coyote
