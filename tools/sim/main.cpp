// coyote-sim: runs the deterministic simulation offline, without a server or a window.
#include <iostream>

#include <fmt/format.h>

#include "cli/program.h"
#include "config/config_error.h"
#include "replay/replay_file.h"
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
  std::cout << fmt::format(
      "OK: {} ticks verified ({} players at the start, level {}){}\n", result.ticksVerified,
      replay.header.start.roster.size(), replay.header.level.name,
      replay.truncated ? "; the file is truncated: it ends inside a record" : "");
  return 0;
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

  if (const auto exit = coyote::cli::parse(app, argc, argv, kProgram)) {
    return *exit;
  }
  try {
    if (verify->parsed()) {
      return verifyReplayFile(replayFile);
    }
    const coyote::SimRunSummary summary = coyote::runSimulation(options, std::cout);
    std::cout << coyote::formatSummary(summary) << std::endl;
  } catch (const coyote::ConfigError& error) {
    return coyote::cli::fail(kProgram, error.what());
  }
  return 0;
}
