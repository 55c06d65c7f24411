#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "server/base/server_config.h"
#include "server/game_server.h"
#include "service/service_main.h"

namespace coyote {

/// coyote-server's command line (docs/hosting.md#configuration): the flags every service has and
/// the config keys a flag overrides.
struct ServerCommandLine {
  service::Options service;
  std::optional<std::string> level, materials, record, bind;
  std::optional<int> port, maxPlayers, peersPerAddress, metricsPort;
  double runFor = 0.0;
  std::string metricsPortFile;
};

/// Declares its flags on `app`.
void addServerOptions(CLI::App& app, ServerCommandLine& line);

/// The file, then the flags, then the environment; throws ConfigError naming what is wrong.
/// SIGHUP resolves it again (docs/hosting.md#reloading-the-settings).
ServerConfig resolveServerConfig(const ServerCommandLine& line);

/// What a server starts with: its config, the modules it needs found, and its level loaded.
struct ServerSetup {
  ServerConfig config;
  Level level;  ///< world.level
};

/// The config resolved, its modules found and its level loaded; throws ConfigError naming what
/// is wrong (the first of them).
ServerSetup resolveServerSetup(const ServerCommandLine& line);

/// The levels of [rooms.levels], loaded and checked as world.level is; throws ConfigError.
RoomLevels loadRoomLevels(const ServerConfig& config);

}  // namespace coyote
