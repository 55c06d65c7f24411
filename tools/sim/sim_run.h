#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "sim/state/level.h"
#include "sim/state/step_events.h"
#include "sim/step_profile.h"

namespace coyote {

/// The level `levelFile` names (UTF-8) with its materials: `materialsFile`, or "" for the
/// materials.toml beside it (materials_loader.h). Every subcommand loads its level so.
Level loadLevelFile(const std::string& levelFile, const std::string& materialsFile);

/// What `coyote-sim run` was asked to do.
struct SimRunOptions {
  std::string levelFile;
  /// Materials of tiles and crates; "" = materials.toml in the folder above the level's when it
  /// exists, else only the default material.
  std::string materialsFile;
  std::string configFile;              ///< empty: built-in defaults
  std::optional<int> players;          ///< default 8, or the input script's player count
  std::optional<std::uint32_t> ticks;  ///< default 600, or the input script's length
  std::uint64_t seed = 1;
  std::string inputsFile;  ///< empty: seeded random inputs
  bool trace = false;
};

/// The final line of `coyote-sim run`.
struct SimRunSummary {
  std::uint32_t ticks = 0;
  int players = 0;
  std::uint64_t hash = 0;
  double nsPerCharacterStep = 0.0;
  int bodies = 0;              ///< platforms and crates in the level
  double nsPerBodyStep = 0.0;  ///< stepping time per (player + body) step
  /// Each step stage's wall time summed over the run, µs (StepStage order).
  std::array<double, kStepStageCount> stageMicros{};
  /// How many events of each kind the steps reported (EventKind order), and how many a full
  /// batch dropped.
  std::array<std::uint64_t, kEventKindCount> events{};
  std::uint64_t eventsDropped = 0;
};

/// Loads the level, config and inputs, runs the world headless and, with `trace`, writes one
/// JSON object per tick per player to `traceOut`. Bad files throw ConfigError.
SimRunSummary runSimulation(const SimRunOptions& options, std::ostream& traceOut);

/// The summary as one JSON object: {"ticks":…,"players":…,"hash":"…","ns_per_character_step":…,
/// "stage_ns_per_tick":{"platforms":…,"bodies":…,"characters":…,"rules":…},
/// "events":{"landed":…,…},"events_dropped":…}.
std::string formatSummary(const SimRunSummary& summary);

}  // namespace coyote
