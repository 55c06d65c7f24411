#include "server/server_command_line.h"

#include <algorithm>

#include <fmt/format.h>

#include "config/materials_loader.h"
#include "io/config_error.h"
#include "io/install_paths.h"
#include "level/tiled_level_loader.h"
#include "server/modules/server_module.h"
#include "wire/level_data.h"

extern char** environ;

namespace coyote {
namespace {

/// The flags over the file: each given one replaces its key.
void applyFlags(const ServerCommandLine& line, ServerConfig& config) {
  config.level = line.level.value_or(config.level);
  config.materials = line.materials.value_or(config.materials);
  config.port = line.port.value_or(config.port);
  config.maxPlayers = line.maxPlayers.value_or(config.maxPlayers);
  config.peersPerAddress = line.peersPerAddress.value_or(config.peersPerAddress);
  config.record = line.record.value_or(config.record);
  config.bindAddress = line.bind.value_or(config.bindAddress);
  config.metricsPort = line.metricsPort.value_or(config.metricsPort);
}

/// What no single key's check sees: the ranges of the flags, and the keys that need another.
void checkTogether(const ServerConfig& config) {
  if (config.port < 0 || config.port > 65535) {
    throw ConfigError("--port must be in [0, 65535]");
  }
  if (config.maxPlayers < 1 || config.maxPlayers > kMaxCharacters) {
    throw ConfigError("--max-players must be in [1, 256]");
  }
  if (config.metricsPort < -1 || config.metricsPort > 65535) {
    throw ConfigError("--metrics-port must be in [-1, 65535]");
  }
  if (config.peersPerAddress < 1 || config.peersPerAddress > 4095) {
    throw ConfigError("--peers-per-address must be in [1, 4095]");
  }
  if (config.recordsPage && !config.recordsEnabled()) {
    throw ConfigError("records.page: needs records.path or records.url");
  }
  if (config.recordsPage && config.metricsPort == 0) {
    throw ConfigError("records.page: it is served on the HTTP port; set net.metrics_port");
  }
  if (!config.adminToken.empty() && config.metricsPort == 0) {
    throw ConfigError(
        "admin.token: the admin API is served on the HTTP port; set net.metrics_port");
  }
}

/// Refuses a config whose modules are not installed (docs/hosting.md#memory): each is loaded at
/// its first use, so a missing one is said at start rather than at a player's Hello.
void checkModules(const ServerConfig& config) {
  std::vector<std::string> needed{"names_icu"};
  if (!config.recordsUrl.empty()) {
    needed.emplace_back("records_postgres");
  }
  if (config.metricsPort != 0) {
    needed.emplace_back("http_server");
  }
  if (std::ranges::any_of(config.masters,
                          [](const std::string& url) { return url.starts_with("https://"); }) &&
      config.registerWithMasters) {
    needed.emplace_back("tls_client");
  }
  for (const std::string& module : needed) {
    if (!moduleInstalled(module)) {
      throw ConfigError(
          fmt::format("{} is missing: a module this config needs (docs/hosting.md#memory)",
                      modulePath(module)));
    }
  }
}

/// A level with the config's budgets; refused now if the server could not send it later.
Level loadLevel(const ServerConfig& config, const std::string& file) {
  Level level = loadTiledLevel(file, materialsForLevel(config.materials, file));
  level.jumpsRemaining = config.jumpsRemaining.value_or(level.jumpsRemaining);
  level.dashesRemaining = config.dashesRemaining.value_or(level.dashesRemaining);
  if (const std::string why = net::whyNotServable(level); !why.empty()) {
    throw ConfigError(file + ": cannot be served to clients: " + why);
  }
  return level;
}

}  // namespace

void addServerOptions(CLI::App& app, ServerCommandLine& line) {
  service::addOptions(app, line.service, "server.toml",
                      "the config (file, flags, environment) and its levels");
  app.add_option("--level", line.level, "Tiled level (.tmj); overrides world.level");
  app.add_option("--materials", line.materials,
                 "materials TOML of tiles and crates; overrides world.materials");
  app.add_option("--port", line.port, "UDP port, 0 = any free port; overrides net.port");
  app.add_option("--max-players", line.maxPlayers, "overrides net.max_players");
  app.add_option("--peers-per-address", line.peersPerAddress,
                 "connections from one IP address (players behind one NAT, local bots); "
                 "overrides net.peers_per_address");
  app.add_option("--record", line.record, "write a replay to this file; overrides world.record");
  app.add_option("--bind", line.bind, "address to listen on; overrides net.bind");
  app.add_option("--run-for", line.runFor, "stop by itself after this many seconds (0 = never)");
  app.add_option("--metrics-port", line.metricsPort,
                 "TCP port of /metrics, /healthz, /readyz (0 = off, -1 = any free port); "
                 "overrides net.metrics_port");
  app.add_option("--metrics-port-file", line.metricsPortFile,
                 "write the bound metrics port to this file once listening");
}

ServerConfig resolveServerConfig(const ServerCommandLine& line) {
  ServerConfig config;
  const std::string file =
      line.service.configFile.empty() ? defaultConfigFile("server.toml") : line.service.configFile;
  if (!file.empty()) {
    loadServerConfigFile(file, config);
  }
  applyFlags(line, config);
  applyEnvironmentOverrides(environ, config);
  // Levels named as the shipped config names them (configs/levels/...) are the installed ones
  // when the working directory has none (a service runs in its state folder).
  config.level = installedDataFile(config.level);
  for (auto& [room, level] : config.roomLevels) {
    level = installedDataFile(level);
  }
  checkTogether(config);
  return config;
}

ServerSetup resolveServerSetup(const ServerCommandLine& line) {
  ServerConfig config = resolveServerConfig(line);
  checkModules(config);
  Level level = loadLevel(config, config.level);
  return {std::move(config), std::move(level)};
}

RoomLevels loadRoomLevels(const ServerConfig& config) {
  RoomLevels levels;
  for (const auto& [room, file] : config.roomLevels) {
    levels.emplace(room, loadLevel(config, file));
  }
  return levels;
}

}  // namespace coyote
