// coyote-sim: runs the deterministic simulation offline, without a server or a window.
#include <iostream>

#include <fmt/format.h>

#include "cli/program.h"
#include "io/bounded_file.h"
#include "io/config_error.h"
#include "replay/replay_file.h"
#include "replay/run_record.h"
#include "scenario/level_walk.h"
#include "tools/sim/replay_players.h"
#include "tools/sim/sim_run.h"

namespace {

constexpr const char* kProgram = "coyote-sim";

/// `coyote-sim verify`: 0 if every recorded hash is re-simulated, 1 at the first that is not.
int verifyReplayFile(const std::string& replayFile) {
  const coyote::Replay replay = coyote::readReplay(replayFile);
  const coyote::ReplayVerification result = coyote::verifyReplay(replay);
  if (!result.ok) {
    std::cout << fmt::format("FAIL: tick {}: recorded hash {:016x}, re-simulated {:016x}\n",
                             result.firstBadTick, result.expectedHash, result.actualHash);
    return 1;
  }
  for (const coyote::ReplayFinish& finish : result.finishes) {
    std::cout << fmt::format("run finished: tick {}, slot {}, {:.3f} ms\n", finish.tick,
                             finish.slot, finish.seconds * 1000.0);
  }
  for (const coyote::ReplayPlayerSummary& player : coyote::replayPlayers(replay)) {
    std::cout << fmt::format("player {} (slot {}): {} ticks, {} with input held, {} jumps\n",
                             player.name, player.slot, player.ticks, player.activeTicks,
                             player.jumps);
  }
  std::cout << fmt::format(
      "recorded by coyote {} (recording version {})\n",
      replay.header.writtenBy.empty() ? "of before 0.1.0+git" : replay.header.writtenBy,
      replay.header.recordingVersion);
  std::cout << fmt::format(
      "OK: {} ticks verified ({} players at the start, level {}){}\n", result.ticksVerified,
      replay.header.start.roster.size(), replay.header.level.name,
      replay.truncated ? "; the file is truncated: it ends inside a record" : "");
  return 0;
}

/// `coyote-sim verify-run`: 0 if the run record replays on `levelFile` to its recorded time to
/// the bit, 1 if not (another course, another time, no finish).
int verifyRunFile(const std::string& runFile, const std::string& levelFile,
                  const std::string& materialsFile) {
  const coyote::RunRecord record = coyote::decodeRunRecord(
      coyote::readBoundedFile(runFile, coyote::kMaxConfigFileBytes), runFile);
  const coyote::Level level = coyote::loadLevelFile(levelFile, materialsFile);
  const std::uint64_t course = coyote::courseHash(coyote::net::toLevelData(level), record.physics);
  const double recordedMs =
      (record.ticks + static_cast<double>(record.fraction)) * 1000.0 / record.physics.tickRate;
  if (course != record.course) {
    std::cout << fmt::format("FAIL: the run is of course {:016x}; {} with its physics is {:016x}\n",
                             record.course, levelFile, course);
    return 1;
  }
  const coyote::RunReplay replay = coyote::replayRun(record, level);
  const double replayedMs =
      (replay.ticks + static_cast<double>(replay.fraction)) * 1000.0 / record.physics.tickRate;
  if (!replay.matches(record)) {
    std::cout << fmt::format(
        "FAIL: {}'s run was {:.3f} ms; replayed: {} after {} steps\n", record.player, recordedMs,
        replay.finished ? fmt::format("{:.3f} ms", replayedMs) : "no finish", replay.stepsRun);
    return 1;
  }
  std::cout << fmt::format("OK: {}'s run on {} replays to {:.3f} ms, as recorded ({} steps)\n",
                           record.player, level.name, replayedMs, replay.stepsRun);
  return 0;
}

/// `coyote-sim walk`: walks every standing place of a level both ways
/// (docs/levels.md#the-level-walk) and prints each stop at a bump that is no wall by design; 0 if
/// there is none, 1 if there are.
int walkLevelFile(const std::string& levelFile, const std::string& materialsFile) {
  const coyote::Level level = coyote::loadLevelFile(levelFile, materialsFile);
  const coyote::LevelWalk walk = coyote::walkLevel(level, coyote::PhysicsConfig{});
  for (const coyote::WalkStop& stop : walk.unexpected) {
    std::cout << "stop: " << stop.describe() << "\n";
  }
  std::cout << fmt::format(
      "{}: {}: walked both ways from {} standing places, {} stops, {} at no wall by design\n",
      walk.unexpected.empty() ? "OK" : "FAIL", level.name, walk.starts, walk.stops,
      walk.unexpected.size());
  return walk.unexpected.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Coyote offline simulator: runs a level headless and prints its state hash"};
  app.require_subcommand(1);

  coyote::SimRunOptions options;
  CLI::App* run = app.add_subcommand("run", "simulate players on a level");
  run->add_option("--level", options.levelFile, "Tiled level (.tmj)")->required();
  run->add_option("--materials", options.materialsFile,
                  "materials TOML (default: materials.toml in the folder above the level's)");
  run->add_option("--config", options.configFile, "physics TOML (default: built-in values)");
  run->add_option("--players", options.players, "number of players (1..256, default 8)");
  run->add_option("--ticks", options.ticks, "ticks to simulate (default 600)");
  run->add_option("--seed", options.seed, "seed of the random inputs (default 1)");
  run->add_option("--inputs", options.inputsFile, "scripted inputs instead of random ones");
  run->add_flag("--trace", options.trace,
                "print one JSON object per tick per player, then per platform and crate");

  std::string replayFile;
  CLI::App* verify =
      app.add_subcommand("verify", "re-simulate a server replay and check its hashes");
  verify->add_option("file", replayFile, "replay recorded by coyote-server --record")->required();

  std::string runFile;
  std::string runLevel;
  std::string runMaterials;
  CLI::App* verifyRun = app.add_subcommand(
      "verify-run", "replay a race record (docs/hosting.md#records) and check its time");
  verifyRun->add_option("file", runFile, "run record exported from the records database")
      ->required();
  verifyRun->add_option("--level", runLevel, "the level it was run on (.tmj)")->required();
  verifyRun->add_option("--materials", runMaterials, "materials TOML (default: as the server)");

  std::string walkFile;
  std::string walkMaterials;
  CLI::App* walk = app.add_subcommand(
      "walk", "walk a level's floors both ways and report each bump that stops a walker");
  walk->add_option("--level", walkFile, "Tiled level (.tmj)")->required();
  walk->add_option("--materials", walkMaterials, "materials TOML (default: as the server)");

  if (const auto exit = coyote::cli::parse(app, argc, argv, kProgram)) {
    return *exit;
  }
  try {
    if (verify->parsed()) {
      return verifyReplayFile(replayFile);
    }
    if (verifyRun->parsed()) {
      return verifyRunFile(runFile, runLevel, runMaterials);
    }
    if (walk->parsed()) {
      return walkLevelFile(walkFile, walkMaterials);
    }
    const coyote::SimRunSummary summary = coyote::runSimulation(options, std::cout);
    std::cout << coyote::formatSummary(summary) << std::endl;
  } catch (const coyote::ConfigError& error) {
    return coyote::cli::fail(kProgram, error.what());
  }
  return 0;
}
