// coyote-sim: runs the deterministic simulation offline, without a server or a window.
#include <iostream>

#include <CLI/CLI.hpp>

#include "config/config_error.h"
#include "sim_run.h"

namespace {

constexpr int kUsageError = 2;

int fail(const std::string& message) {
  std::cerr << "coyote-sim: error: " << message << "\n";
  return kUsageError;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Coyote offline simulator: runs a level headless and prints its state hash"};
  app.require_subcommand(1);

  coyote::SimRunOptions options;
  CLI::App* run = app.add_subcommand("run", "simulate players on a level");
  run->add_option("--level", options.levelFile, "Tiled level (.tmj)")->required();
  run->add_option("--config", options.configFile, "physics TOML (default: built-in values)");
  run->add_option("--players", options.players, "number of players (1..256, default 8)");
  run->add_option("--ticks", options.ticks, "ticks to simulate (default 600)");
  run->add_option("--seed", options.seed, "seed of the random inputs (default 1)");
  run->add_option("--inputs", options.inputsFile, "scripted inputs instead of random ones");
  run->add_flag("--trace", options.trace, "print one JSON object per tick per player");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    return fail(error.what());
  }

  try {
    const coyote::SimRunSummary summary = coyote::runSimulation(options, std::cout);
    std::cout << coyote::formatSummary(summary) << std::endl;
  } catch (const coyote::ConfigError& error) {
    return fail(error.what());
  }
  return 0;
}
