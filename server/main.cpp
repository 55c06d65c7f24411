// coyote-server: the authoritative dedicated server. This file owns the clock and the loop;
// GameServer is handed the time.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/program.h"
#include "config/materials_loader.h"
#include "http/health_check.h"
#include "identity/hello_proof.h"
#include "io/config_error.h"
#include "io/install_paths.h"
#include "level/tiled_level_loader.h"
#include "server/admin/admin_api.h"
#include "server/agones_agent.h"
#include "server/game_server.h"
#include "server/metrics_http.h"
#include "server/modules/server_module.h"
#include "server/prometheus_text.h"
#include "server/records/records_page.h"
#include "server/registry/master_registrar.h"
#include "util/monotonic_clock.h"
#include "wire/level_data.h"

extern char** environ;

namespace {

constexpr const char* kDescription =
    "Coyote dedicated server: authoritative fixed-step simulation over ENet";
constexpr const char* kProgram = "coyote-server";
constexpr double kGoodbyeSeconds = 0.3;      // time given to deliver the goodbyes at shutdown
constexpr double kMetricsPageSeconds = 0.5;  // how often the loop renews the /metrics page
constexpr double kMasterInfoSeconds = 1.0;   // how often it hands the masters a fresh info
std::atomic<bool> stopRequested{false};
std::atomic<bool> reloadRequested{false};

void requestStop(int) {
  stopRequested.store(true);
}

void requestReload(int) {
  reloadRequested.store(true);
}

struct CommandLine {
  std::string configFile;
  std::optional<std::string> level, materials, record, bind;
  std::optional<int> port, maxPlayers, peersPerAddress, metricsPort;
  double runFor = 0.0;
  bool checkConfig = false;
  std::string portFile, metricsPortFile, checkHealthUrl;
  std::string logLevel = "info";
};

void addOptions(CLI::App& app, CommandLine& line) {
  app.add_option("--config", line.configFile,
                 "server TOML (default: configs/server.toml here, else /etc/coyote/server.toml, "
                 "else the installed one)");
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
  app.add_option("--port-file", line.portFile, "write the bound port to this file once listening");
  app.add_option("--metrics-port", line.metricsPort,
                 "TCP port of /metrics, /healthz, /readyz (0 = off, -1 = any free port); "
                 "overrides net.metrics_port");
  app.add_option("--metrics-port-file", line.metricsPortFile,
                 "write the bound metrics port to this file once listening");
  app.add_flag("--check-config", line.checkConfig,
               "read the config (file, flags, environment) and its levels, say what is wrong, "
               "and exit");
  app.add_option("--check-health", line.checkHealthUrl,
                 "GET this http:// URL and exit 0 if it answers 200, 1 otherwise (HEALTHCHECK)");
  app.add_option("--log-level", line.logLevel, "trace, debug, info, warn, error");
}

/// The file, then the flags, then the environment; throws ConfigError naming what is wrong.
coyote::ServerConfig resolveConfig(CommandLine line) {
  coyote::ServerConfig config;
  if (line.configFile.empty()) {
    line.configFile = coyote::defaultConfigFile("server.toml");
  }
  if (!line.configFile.empty()) {
    coyote::loadServerConfigFile(line.configFile, config);
  }
  config.level = line.level.value_or(config.level);
  config.materials = line.materials.value_or(config.materials);
  config.port = line.port.value_or(config.port);
  config.maxPlayers = line.maxPlayers.value_or(config.maxPlayers);
  config.peersPerAddress = line.peersPerAddress.value_or(config.peersPerAddress);
  config.record = line.record.value_or(config.record);
  config.bindAddress = line.bind.value_or(config.bindAddress);
  config.metricsPort = line.metricsPort.value_or(config.metricsPort);
  coyote::applyEnvironmentOverrides(environ, config);
  // Levels named as the shipped config names them (configs/levels/...) are the installed ones
  // when the working directory has none (a service runs in its state folder).
  config.level = coyote::installedDataFile(config.level);
  for (auto& [room, file] : config.roomLevels) {
    file = coyote::installedDataFile(file);
  }
  if (config.port < 0 || config.port > 65535) {
    throw coyote::ConfigError("--port must be in [0, 65535]");
  }
  if (config.maxPlayers < 1 || config.maxPlayers > coyote::kMaxCharacters) {
    throw coyote::ConfigError("--max-players must be in [1, 256]");
  }
  if (config.metricsPort < -1 || config.metricsPort > 65535) {
    throw coyote::ConfigError("--metrics-port must be in [-1, 65535]");
  }
  if (config.peersPerAddress < 1 || config.peersPerAddress > 4095) {
    throw coyote::ConfigError("--peers-per-address must be in [1, 4095]");
  }
  if (config.recordsPage && !config.recordsEnabled()) {
    throw coyote::ConfigError("records.page: needs records.path or records.url");
  }
  if (config.recordsPage && config.metricsPort == 0) {
    throw coyote::ConfigError("records.page: it is served on the HTTP port; set net.metrics_port");
  }
  if (!config.adminToken.empty() && config.metricsPort == 0) {
    throw coyote::ConfigError(
        "admin.token: the admin API is served on the HTTP port; set net.metrics_port");
  }
  return config;
}

/// A level with the config's budgets; refused now if the server could not send it later.
coyote::Level loadLevel(const coyote::ServerConfig& config, const std::string& file) {
  coyote::Level level =
      coyote::loadTiledLevel(file, coyote::materialsForLevel(config.materials, file));
  level.jumpsRemaining = config.jumpsRemaining.value_or(level.jumpsRemaining);
  level.dashesRemaining = config.dashesRemaining.value_or(level.dashesRemaining);
  if (const std::string why = coyote::net::whyNotServable(level); !why.empty()) {
    throw coyote::ConfigError(file + ": cannot be served to clients: " + why);
  }
  return level;
}

/// The levels of [rooms.levels], all loaded before the server listens.
coyote::RoomLevels loadRoomLevels(const coyote::ServerConfig& config) {
  coyote::RoomLevels levels;
  for (const auto& [room, file] : config.roomLevels) {
    levels.emplace(room, loadLevel(config, file));
  }
  return levels;
}

std::shared_ptr<spdlog::logger> makeLogger(const std::string& level) {
  auto logger =
      std::make_shared<spdlog::logger>(kProgram, std::make_shared<spdlog::sinks::stdout_sink_mt>());
  logger->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::info);
  return logger;
}

/// What the loop reports to the HTTP endpoints and the Agones agent: the time of its last tick,
/// the players, and a fresh metrics page every kMetricsPageSeconds (formatting it every tick
/// would cost the loop for nothing). Neither is ever waited on.
struct LoopReporter {
  coyote::MetricsHttp* http = nullptr;
  coyote::AgonesAgent* agones = nullptr;
  coyote::MasterRegistrar* masters = nullptr;
  int tickRate = 60;
  std::uint32_t lastTick = 0;
  double lastTickAt = -1.0e9;
  double lastPage = -1.0e9;
  double lastInfo = -1.0e9;
  bool agonesAddressTaken = false;

  /// Once the GameServer's status gave it: Hellos signed for the node's address and host port
  /// are the server's, and that is what the masters list.
  void takeAgonesAddress(coyote::GameServer& server) {
    if (agonesAddressTaken) {
      return;
    }
    const auto endpoint = agones->publicEndpoint();
    if (!endpoint) {
      return;
    }
    agonesAddressTaken = true;
    server.addPublicAddress(*endpoint);
    if (masters != nullptr) {
      const std::string text = coyote::identity::endpointText(*endpoint);
      masters->setPublicEndpoint(text.substr(0, text.find(':')), endpoint->port);
    }
  }

  void update(coyote::GameServer& server, double now) {
    if (server.tick() != lastTick) {
      lastTick = server.tick();
      lastTickAt = now;
    }
    if (agones != nullptr) {
      agones->update(lastTickAt, server.players());
      takeAgonesAddress(server);
    }
    // Under Agones, the masters hear of the server once its address is known: before, it would
    // register the pod's address and port, which players cannot reach.
    if (masters != nullptr && (agones == nullptr || agonesAddressTaken) &&
        now - lastInfo >= kMasterInfoSeconds) {
      lastInfo = now;
      masters->update(server.serverInfo(0));
    }
    if (http == nullptr) {
      return;
    }
    http->ticked(lastTickAt);
    if (now - lastPage >= kMetricsPageSeconds) {
      lastPage = now;
      const double behind = std::max(0.0, (now - server.nextTickTime()) * tickRate);
      http->publish(coyote::prometheusText(
          server.metrics(), server.roomFigures(),
          {behind, server.elapsedSeconds(), coyote::residentSetBytes(), http->connectionsCut()}));
    }
  }
};

/// Refuses a config whose modules are not installed (docs/hosting.md#memory): each is loaded at
/// its first use, so a missing one is said at start rather than at a player's Hello.
void checkModules(const coyote::ServerConfig& config) {
  std::vector<std::string> needed{"names_icu"};
  if (!config.recordsUrl.empty()) {
    needed.emplace_back("records_postgres");
  }
  if (config.metricsPort != 0) {
    needed.emplace_back("http_server");
  }
  for (const std::string& module : needed) {
    if (!coyote::moduleInstalled(module)) {
      throw coyote::ConfigError(
          fmt::format("{} is missing: a module this config needs (docs/hosting.md#memory)",
                      coyote::modulePath(module)));
    }
  }
}

/// SIGHUP (docs/hosting.md#reloading-the-settings): the file, flags and environment read again;
/// what a running server can change is taken, the rest waits for a restart. A file that no longer
/// reads keeps the running settings.
void reloadSettings(coyote::GameServer& server, const CommandLine& line, spdlog::logger& log) {
  try {
    const coyote::SettingsChange change = server.reloadSettings(resolveConfig(line));
    log.info(
        "SIGHUP: settings read again; {}{}",
        change.applied.empty() ? "nothing to change now"
                               : fmt::format("changed {}", fmt::join(change.applied, ", ")),
        change.restartNeeded ? "; the other settings changed take effect at the next restart" : "");
  } catch (const std::runtime_error& error) {
    log.error("SIGHUP: the settings were not reloaded (the running ones stay): {}", error.what());
  }
}

/// Now on both clocks: the server itself reads none (server/base/server_time.h).
coyote::ServerTime serverTime() {
  return {coyote::monotonicSeconds(), static_cast<std::int64_t>(std::time(nullptr))};
}

/// The fixed-step loop (docs/hosting.md#the-loop): wait for packets until the next tick is due, run
/// the due ticks, send; until a signal or the run time. `reload` reads the settings again.
void runLoop(coyote::GameServer& server, double runFor, LoopReporter report,
             const std::function<void()>& reload) {
  const double start = coyote::monotonicSeconds();
  while (!stopRequested.load()) {
    const double now = coyote::monotonicSeconds();
    if (runFor > 0.0 && now - start >= runFor) {
      break;
    }
    if (reloadRequested.exchange(false)) {
      reload();
    }
    const double untilTick = server.nextTickTime() - now;
    server.receive(std::clamp(static_cast<int>(untilTick * 1000.0), 0, 5));
    server.advance(serverTime());
    server.send();
    report.update(server, coyote::monotonicSeconds());
  }
  if (report.http != nullptr) {
    report.http->setReady(false);  // draining: no new players
  }
  server.sayGoodbye(stopRequested.load() ? "server shutting down" : "server run time elapsed");
  const double deadline = coyote::monotonicSeconds() + kGoodbyeSeconds;
  while (server.hasConnections() && coyote::monotonicSeconds() < deadline) {
    server.receive(10);
  }
  server.close();
}

void announce(spdlog::logger& log, const coyote::ServerConfig& config, const coyote::Level& level,
              std::uint16_t port) {
  log.info(
      "coyote-server (protocol {}) listening on {}:{}; level {} ({}x{}), {} Hz, frames at "
      "{} Hz, up to {} players and {} spectators in each of up to {} rooms{}",
      coyote::net::kProtocolVersion, config.bindAddress, port, config.level, level.width(),
      level.height(), config.physics.tickRate, config.sendRate, config.maxPlayers,
      config.maxSpectators, config.maxRooms,
      config.record.empty() ? "" : ", recording to " + config.record);
}

/// The HTTP endpoints, when `net.metrics_port` asks for them.
/// With `records` (records.page), the leaderboard too; with `admin` (admin.token), the admin API.
std::unique_ptr<coyote::MetricsHttp> startMetrics(const coyote::ServerConfig& config,
                                                  const std::shared_ptr<spdlog::logger>& logger,
                                                  const std::string& portFile,
                                                  coyote::RecordsPage* records,
                                                  coyote::AdminApi* admin) {
  if (config.metricsPort == 0) {
    return nullptr;
  }
  auto http = std::make_unique<coyote::MetricsHttp>(
      config.metricsBind, config.metricsPort < 0 ? 0 : config.metricsPort, logger,
      coyote::monotonicSeconds, [records, admin](coyote::HttpServer& server) {
        if (records != nullptr) {
          records->route(server);
        }
        if (admin != nullptr) {
          admin->route(server);
        }
      });
  logger->info("metrics on http://{}:{}/metrics (health: /healthz, readiness: /readyz{}{})",
               config.metricsBind, http->port(), records != nullptr ? ", records: /records" : "",
               admin != nullptr ? ", admin API: /admin/" : "");
  if (admin != nullptr && config.metricsBind != "127.0.0.1") {
    logger->warn(
        "the admin API answers on {} in plain HTTP: keep net.metrics_bind on 127.0.0.1 "
        "or put TLS in front (docs/hosting.md#moderation)",
        config.metricsBind);
  }
  if (!portFile.empty()) {
    std::ofstream(portFile) << http->port() << "\n";
  }
  return http;
}

/// The Agones REST SDK client, when Agones runs the server (AGONES_SDK_HTTP_PORT) or the config
/// asks for it.
std::unique_ptr<coyote::AgonesAgent> startAgones(const coyote::ServerConfig& config,
                                                 const std::shared_ptr<spdlog::logger>& logger) {
  coyote::AgonesSettings settings;
  const bool fromAgones =
      coyote::agonesPortFromEnvironment(std::getenv("AGONES_SDK_HTTP_PORT"), settings.sdkPort);
  if (!fromAgones && !config.agonesEnabled) {
    return nullptr;
  }
  settings.healthInterval = config.agonesHealthInterval;
  settings.shutdownWhenEmptyAfter = config.agonesShutdownWhenEmptyAfter;
  logger->info("agones: SDK on localhost:{}, health every {} s", settings.sdkPort,
               settings.healthInterval);
  return std::make_unique<coyote::AgonesAgent>(settings, logger, coyote::monotonicSeconds);
}

/// The registrations with the master servers of `server.masters`, unless `server.register` is
/// off. The first of `server.public_addresses`, if any, is the address registered.
std::unique_ptr<coyote::MasterRegistrar> startMasters(const coyote::ServerConfig& config,
                                                      coyote::GameServer& server,
                                                      const std::shared_ptr<spdlog::logger>& log) {
  if (config.masters.empty() || !config.registerWithMasters) {
    return nullptr;
  }
  auto registrar = std::make_unique<coyote::MasterRegistrar>(config.masters, server.port(), log,
                                                             coyote::monotonicSeconds);
  if (!config.publicAddresses.empty()) {
    const auto endpoint = coyote::identity::parseEndpoint(config.publicAddresses[0], server.port());
    const std::string text = coyote::identity::endpointText(*endpoint);  // checked by the config
    registrar->setPublicEndpoint(text.substr(0, text.find(':')), endpoint->port);
  }
  server.setTokenSink([masters = registrar.get()](std::span<const std::uint8_t> datagram) {
    return masters->takeToken(datagram);
  });
  log->info("registering with {} master server{}: {}", config.masters.size(),
            config.masters.size() == 1 ? "" : "s", fmt::join(config.masters, ", "));
  return registrar;
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine line;
  if (const auto exit = coyote::cli::parse(argc, argv, kProgram, kDescription, line, addOptions)) {
    return *exit;
  }
  if (!line.checkHealthUrl.empty()) {
    return coyote::checkHealthCommand(kProgram, line.checkHealthUrl);
  }
  try {
    const coyote::ServerConfig config = resolveConfig(line);
    checkModules(config);
    const coyote::Level level = loadLevel(config, config.level);
    if (line.checkConfig) {
      const std::size_t rooms = loadRoomLevels(config).size();
      std::cout << kProgram << ": the config is good (level " << config.level << ", UDP port "
                << config.port << ", " << rooms << " room level" << (rooms == 1 ? "" : "s")
                << ")\n";
      return 0;
    }
    const auto logger = makeLogger(line.logLevel);
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    std::signal(SIGHUP, requestReload);
    coyote::GameServer server(config, level, logger, serverTime(), loadRoomLevels(config));
    announce(*logger, config, level, server.port());
    if (!line.portFile.empty()) {
      std::ofstream(line.portFile) << server.port() << "\n";
    }
    const auto records = config.recordsPage ? std::make_unique<coyote::RecordsPage>(
                                                  config.recordsPath, config.recordsUrl, logger)
                                            : nullptr;
    const auto admin =
        config.adminToken.empty()
            ? nullptr
            : std::make_unique<coyote::AdminApi>(config.adminToken, server.adminDesk(), logger,
                                                 coyote::monotonicSeconds, config.trustedProxies);
    const auto http =
        startMetrics(config, logger, line.metricsPortFile, records.get(), admin.get());
    const auto agones = startAgones(config, logger);
    const auto masters = startMasters(config, server, logger);
    LoopReporter report{http.get(), agones.get(), masters.get(), config.physics.tickRate};
    report.update(server, coyote::monotonicSeconds());
    if (http) {
      http->setReady(true);
    }
    runLoop(server, line.runFor, report, [&] { reloadSettings(server, line, *logger); });
    std::cout << server.metrics().summaryJson(server.elapsedSeconds()) << std::endl;
  } catch (const std::runtime_error& error) {  // ConfigError, or a socket that cannot bind
    return coyote::cli::fail(kProgram, error.what());
  }
  return 0;
}
