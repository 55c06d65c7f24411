// coyote-server: the authoritative dedicated server.
#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include "config/config_error.h"
#include "server/game_server.h"
#include "level/tiled_level_loader.h"

extern char** environ;

namespace {

constexpr int kConfigError = 2;
std::atomic<bool> stopRequested{false};

void requestStop(int) {
  stopRequested.store(true);
}

int fail(const std::string& message) {
  std::cerr << "coyote-server: error: " << message << "\n";
  return kConfigError;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Coyote dedicated server: authoritative fixed-step simulation over ENet"};
  std::string configFile;
  std::optional<std::string> level;
  std::optional<int> port;
  std::optional<int> maxPlayers;
  std::optional<std::string> record;
  std::optional<std::string> bind;
  double runFor = 0.0;
  std::string portFile;
  std::string logLevel = "info";
  app.add_option("--config", configFile,
                 "server TOML (default: configs/server.toml when it exists)");
  app.add_option("--level", level, "Tiled level (.tmj); overrides world.level");
  app.add_option("--port", port, "UDP port, 0 = any free port; overrides net.port");
  app.add_option("--max-players", maxPlayers, "overrides net.max_players");
  app.add_option("--record", record, "write a replay to this file; overrides world.record");
  app.add_option("--bind", bind, "address to listen on; overrides net.bind");
  app.add_option("--run-for", runFor, "stop by itself after this many seconds (0 = never)");
  app.add_option("--port-file", portFile, "write the bound port to this file once listening");
  app.add_option("--log-level", logLevel, "trace, debug, info, warn, error");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    return fail(error.what());
  }

  coyote::ServerConfig config;
  coyote::Level loadedLevel;
  try {
    if (configFile.empty() && std::filesystem::exists("configs/server.toml")) {
      configFile = "configs/server.toml";
    }
    if (!configFile.empty()) {
      coyote::loadServerConfigFile(configFile, config);
    }
    if (level)
      config.level = *level;
    if (port)
      config.port = *port;
    if (maxPlayers)
      config.maxPlayers = *maxPlayers;
    if (record)
      config.record = *record;
    if (bind)
      config.bindAddress = *bind;
    coyote::applyEnvironmentOverrides(environ, config);
    if (config.port < 0 || config.port > 65535) {
      return fail("--port must be in [0, 65535]");
    }
    if (config.maxPlayers < 1 || config.maxPlayers > coyote::kMaxCharacters) {
      return fail("--max-players must be in [1, 256]");
    }
    loadedLevel = coyote::loadTiledLevel(config.level);
    if (config.jumpsRemaining)
      loadedLevel.jumpsRemaining = *config.jumpsRemaining;
    if (config.dashesRemaining)
      loadedLevel.dashesRemaining = *config.dashesRemaining;
  } catch (const coyote::ConfigError& error) {
    return fail(error.what());
  }

  auto logger = std::make_shared<spdlog::logger>("coyote-server",
                                                 std::make_shared<spdlog::sinks::stdout_sink_mt>());
  logger->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
  logger->set_level(spdlog::level::from_str(logLevel));
  logger->flush_on(spdlog::level::info);

  std::signal(SIGINT, requestStop);
  std::signal(SIGTERM, requestStop);
  try {
    coyote::GameServer server(config, loadedLevel, logger);
    logger->info(
        "coyote-server (protocol {}) listening on {}:{}; level {} ({}x{}), {} Hz, "
        "frames at {} Hz, up to {} players and {} spectators{}",
        coyote::net::kProtocolVersion, config.bindAddress, server.port(), config.level,
        loadedLevel.width(), loadedLevel.height(), config.physics.tickRate, config.sendRate,
        config.maxPlayers, config.maxSpectators,
        config.record.empty() ? "" : ", recording to " + config.record);
    if (!portFile.empty()) {
      std::ofstream(portFile) << server.port() << "\n";
    }
    server.run(stopRequested, runFor);
    std::cout << server.metrics().summaryJson(server.elapsedSeconds()) << std::endl;
  } catch (const std::runtime_error& error) {
    return fail(error.what());
  }
  return 0;
}
