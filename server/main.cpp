// coyote-server: the authoritative dedicated server. This file owns the clocks and the loop
// (GameServer is handed the time); its skeleton (flags, config, signals, logger) is every
// service's (shared/service/service_main.h), its command line server_command_line.h.
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "identity/hello_proof.h"
#include "server/admin/admin_api.h"
#include "server/agones_agent.h"
#include "server/game_server.h"
#include "server/loop_reporter.h"
#include "server/metrics_http.h"
#include "server/modules/tls_client_module.h"
#include "server/records/records_page.h"
#include "server/registry/master_registrar.h"
#include "server/server_command_line.h"
#include "server/settings_reader.h"
#include "service/service_main.h"
#include "util/monotonic_clock.h"
#include "version/build_version.h"

namespace {

constexpr double kGoodbyeSeconds = 0.3;  // time given to deliver the goodbyes at shutdown

/// SIGHUP (docs/hosting.md#reloading-the-settings): the settings read again (off the loop, by a
/// SettingsReader) are applied: what a running server can change is taken, the rest waits for a
/// restart. A file that no longer reads keeps the running settings.
void applySettings(coyote::GameServer& server, const coyote::SettingsReader::Result& read,
                   spdlog::logger& log) {
  if (const auto* error = std::get_if<std::string>(&read)) {
    log.error("SIGHUP: the settings were not reloaded (the running ones stay): {}", *error);
    return;
  }
  const coyote::SettingsChange change = server.reloadSettings(std::get<coyote::ServerConfig>(read));
  log.info(
      "SIGHUP: settings read again; {}{}",
      change.applied.empty() ? "nothing to change now"
                             : fmt::format("changed {}", fmt::join(change.applied, ", ")),
      change.restartNeeded ? "; the other settings changed take effect at the next restart" : "");
}

/// Now on both clocks: the server itself reads none (server/base/server_time.h).
coyote::ServerTime serverTime() {
  return {coyote::monotonicSeconds(), static_cast<std::int64_t>(std::time(nullptr))};
}

/// The fixed-step loop (docs/hosting.md#the-loop): wait for packets until the next tick is due, run
/// the due ticks, send; until a signal or the run time. A SIGHUP asks `settings` for a read;
/// one that ended is applied between two turns.
void runLoop(coyote::GameServer& server, double runFor, coyote::LoopReporter report,
             coyote::SettingsReader& settings, spdlog::logger& log) {
  const double start = coyote::monotonicSeconds();
  while (!coyote::service::stopRequested()) {
    const double now = coyote::monotonicSeconds();
    if (runFor > 0.0 && now - start >= runFor) {
      break;
    }
    if (coyote::service::takeReloadRequest()) {
      settings.request();
    }
    if (const auto read = settings.take()) {
      applySettings(server, *read, log);
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
  server.sayGoodbye(coyote::service::stopRequested() ? "server shutting down"
                                                     : "server run time elapsed");
  const double deadline = coyote::monotonicSeconds() + kGoodbyeSeconds;
  while (server.hasConnections() && coyote::monotonicSeconds() < deadline) {
    server.receive(10);
  }
  server.close();
}

void announce(spdlog::logger& log, const coyote::ServerConfig& config, const coyote::Level& level,
              std::uint16_t port) {
  log.info(
      "coyote-server {} (protocol {}) listening on {}:{}; level {} ({}x{}), {} Hz, frames at "
      "{} Hz, up to {} players and {} spectators in each of up to {} rooms{}",
      coyote::buildVersion(), coyote::net::kProtocolVersion, config.bindAddress, port, config.level,
      level.width(), level.height(), config.physics.tickRate, config.sendRate, config.maxPlayers,
      config.maxSpectators, config.maxRooms,
      config.record.empty() ? "" : ", recording to " + config.record);
}

/// The HTTP endpoints, when `net.metrics_port` asks for them.
/// With `records` (records.page), the leaderboard too; with `admin` (admin.token), the admin API.
std::unique_ptr<coyote::MetricsHttp> startMetrics(const coyote::ServerConfig& config,
                                                  const std::shared_ptr<spdlog::logger>& logger,
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
  coyote::useTlsClientModule();  // loaded at the first https:// master's request, if any
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

/// The server, its endpoints and its loop, until a signal or --run-for; then the summary.
int serve(const coyote::ServerSetup& setup, const coyote::ServerCommandLine& line,
          const std::shared_ptr<spdlog::logger>& logger) {
  const coyote::ServerConfig& config = setup.config;
  coyote::GameServer server(config, setup.level, logger, serverTime(),
                            coyote::loadRoomLevels(config));
  announce(*logger, config, setup.level, server.port());
  coyote::service::writePortFile(line.service.portFile, server.port());
  const auto records = config.recordsPage ? std::make_unique<coyote::RecordsPage>(
                                                config.recordsPath, config.recordsUrl, logger)
                                          : nullptr;
  const auto admin =
      config.adminToken.empty()
          ? nullptr
          : std::make_unique<coyote::AdminApi>(config.adminToken, server.adminDesk(), logger,
                                               coyote::monotonicSeconds, config.trustedProxies);
  const auto http = startMetrics(config, logger, records.get(), admin.get());
  const auto agones = startAgones(config, logger);
  const auto masters = startMasters(config, server, logger);
  coyote::LoopReporter report{http.get(), agones.get(), masters.get(), config.physics.tickRate};
  report.update(server, coyote::monotonicSeconds());
  if (http) {
    http->setReady(true);
    // Only now: whoever waits for this file finds /healthz with a tick behind it, not the
    // "never ticked" of the moment before the first report.
    coyote::service::writePortFile(line.metricsPortFile, http->port());
  }
  coyote::SettingsReader settings([&line] { return coyote::resolveServerConfig(line); });
  runLoop(server, line.runFor, report, settings, *logger);
  std::cout << server.metrics().summaryJson(server.elapsedSeconds()) << std::endl;
  return 0;
}

/// What --check-config says of a good config: its level, port and room levels (loaded too).
std::string checked(const coyote::ServerSetup& setup) {
  const std::size_t rooms = coyote::loadRoomLevels(setup.config).size();
  return fmt::format(" (level {}, UDP port {}, {} room level{})", setup.config.level,
                     setup.config.port, rooms, rooms == 1 ? "" : "s");
}

}  // namespace

int main(int argc, char** argv) {
  return coyote::service::run<coyote::ServerCommandLine, coyote::ServerSetup>(
      argc, argv,
      {.name = "coyote-server",
       .description = "Coyote dedicated server: authoritative fixed-step simulation over ENet",
       .addOptions = coyote::addServerOptions,
       .resolve = coyote::resolveServerSetup,
       .checked = checked,
       .serve = serve,
       .reloads = true});
}
