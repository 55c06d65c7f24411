// coyote-master: the internet server list. Its skeleton (flags, config, signals, logger) is every
// service's (shared/service/service_main.h); this file says what is its own.
#include <chrono>
#include <optional>
#include <thread>

#include "io/install_paths.h"
#include "master/master_config.h"
#include "master/master_service.h"
#include "service/service_main.h"
#include "util/monotonic_clock.h"

extern char** environ;

namespace {

struct CommandLine {
  coyote::service::Options service;
  std::optional<std::string> bind;
  std::optional<int> port;
};

void addOptions(CLI::App& app, CommandLine& line) {
  coyote::service::addOptions(app, line.service, "master.toml",
                              "the config (file, flags, environment)");
  app.add_option("--port", line.port, "HTTP port, 0 = any free port; overrides master.port");
  app.add_option("--bind", line.bind, "address to listen on; overrides master.bind");
}

/// The file, then the flags, then the environment; throws ConfigError naming what is wrong.
coyote::MasterConfig resolveConfig(const CommandLine& line) {
  coyote::MasterConfig config;
  const std::string file = line.service.configFile.empty()
                               ? coyote::defaultConfigFile("master.toml")
                               : line.service.configFile;
  if (!file.empty()) {
    coyote::loadMasterConfigFile(file, config);
  }
  config.bind = line.bind.value_or(config.bind);
  config.port = line.port.value_or(config.port);
  coyote::applyMasterEnvironment(environ, config);
  if (config.port < 0 || config.port > 65535) {
    throw std::runtime_error("--port must be in [0, 65535]");
  }
  return config;
}

int serve(const coyote::MasterConfig& config, const CommandLine& line,
          const std::shared_ptr<spdlog::logger>& logger) {
  coyote::MasterService master(config, logger, coyote::monotonicSeconds);
  logger->info(
      "coyote-master listening on http://{}:{} (POST /register, GET /servers.json, /metrics, "
      "/healthz); servers expire after {} s",
      config.bind, master.port(), config.expirySeconds);
  coyote::service::writePortFile(line.service.portFile, master.port());
  while (!coyote::service::stopRequested()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  logger->info("coyote-master stopping");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return coyote::service::run<CommandLine, coyote::MasterConfig>(
      argc, argv,
      {.name = "coyote-master",
       .description = "Coyote master server: the internet server list that game servers register "
                      "with and browsers read",
       .addOptions = addOptions,
       .resolve = resolveConfig,
       .checked = [](const coyote::MasterConfig&) { return std::string(); },
       .serve = serve});
}
