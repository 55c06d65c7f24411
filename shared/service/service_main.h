#pragma once

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include <spdlog/logger.h>

#include "cli/program.h"
#include "http/health_check.h"
#include "service/refused_to_start.h"
#include "service/service_logger.h"
#include "service/signals.h"
#include "version/build_version.h"

namespace coyote::service {

/// The flags every service has (docs/hosting.md#configuration).
struct Options {
  std::string configFile;      ///< --config; empty: the default file (io/install_paths.h)
  std::string portFile;        ///< --port-file: the bound port written there
  std::string checkHealthUrl;  ///< --check-health URL: a container's HEALTHCHECK
  std::string logLevel = "info";
  bool checkConfig = false;  ///< --check-config: resolve, say what is wrong, exit
};

/// Declares the flags of `options` on `app`: --config (its help naming `configFile`, such as
/// "server.toml"), --port-file, --check-config (`checks`: what it reads), --check-health and
/// --log-level.
void addOptions(CLI::App& app, Options& options, std::string_view configFile,
                std::string_view checks);

/// A long-running program, described once; `run` below is its main(). `Line` is its command
/// line, with its Options as member `service`; `Settings` what its command line, config file and
/// environment resolve to.
template <class Line, class Settings>
struct Program {
  std::string_view name;                          ///< "coyote-server": its messages start with it
  std::string description;                        ///< the first line of --help
  void (*addOptions)(CLI::App& app, Line& line);  ///< its flags, the common ones included
  Settings (*resolve)(const Line& line);  ///< throws std::runtime_error naming what is wrong
  std::string (*checked)(const Settings& settings);  ///< what --check-config adds to "good"
  /// Runs it (its logger made, its signals installed); returns the exit code.
  int (*serve)(const Settings& settings, const Line& line,
               const std::shared_ptr<spdlog::logger>& logger);
  bool reloads = false;  ///< SIGHUP reads the settings again (takeReloadRequest)
};

/// A service's main(): the command line (exit 2 when wrong, 0 after --help); --check-health's
/// answer; the settings resolved (exit 2 with "NAME: error: what is wrong"); with --check-config,
/// "NAME: the config is good…" and exit 0; else the logger (its first line the program's
/// version) and the signals, and `serve`, whose errors exit 2 the same way, or 1 when it refuses
/// to start (RefusedToStart).
template <class Line, class Settings>
int run(int argc, char** argv, const Program<Line, Settings>& program) {
  Line line;
  if (const auto exit =
          cli::parse(argc, argv, program.name, program.description, line, program.addOptions)) {
    return *exit;
  }
  if (!line.service.checkHealthUrl.empty()) {
    return checkHealthCommand(program.name, line.service.checkHealthUrl);
  }
  try {
    const Settings settings = program.resolve(line);
    if (line.service.checkConfig) {
      std::cout << program.name << ": the config is good" << program.checked(settings) << "\n";
      return 0;
    }
    const std::shared_ptr<spdlog::logger> logger = makeLogger(program.name, line.service.logLevel);
    logger->info("{} starting", versionLine(program.name));
    installSignals(program.reloads);
    return program.serve(settings, line, logger);
  } catch (const RefusedToStart& refused) {
    cli::fail(program.name, refused.what());
    return 1;
  } catch (const std::runtime_error& error) {  // ConfigError, or a socket that cannot bind
    return cli::fail(program.name, error.what());
  }
}

}  // namespace coyote::service
