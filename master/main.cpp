#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <thread>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/program.h"
#include "http/health_check.h"
#include "io/install_paths.h"
#include "master/master_config.h"
#include "master/master_service.h"
#include "util/monotonic_clock.h"

extern char** environ;

namespace {

constexpr const char* kDescription =
    "Coyote master server: the internet server list that game servers register with and "
    "browsers read";
constexpr const char* kProgram = "coyote-master";
std::atomic<bool> stopRequested{false};

void requestStop(int) {
  stopRequested.store(true);
}

struct CommandLine {
  std::string configFile;
  std::optional<std::string> bind;
  std::optional<int> port;
  std::string portFile, checkHealthUrl;
  std::string logLevel = "info";
  bool checkConfig = false;
};

void addOptions(CLI::App& app, CommandLine& line) {
  app.add_option("--config", line.configFile,
                 "master TOML (default: configs/master.toml here, else /etc/coyote/master.toml, "
                 "else the installed one)");
  app.add_option("--port", line.port, "HTTP port, 0 = any free port; overrides master.port");
  app.add_option("--bind", line.bind, "address to listen on; overrides master.bind");
  app.add_option("--port-file", line.portFile, "write the bound port to this file once listening");
  app.add_flag("--check-config", line.checkConfig,
               "read the config (file, flags, environment), say what is wrong, and exit");
  app.add_option("--check-health", line.checkHealthUrl,
                 "GET this http:// URL and exit 0 if it answers 200, 1 otherwise (HEALTHCHECK)");
  app.add_option("--log-level", line.logLevel, "trace, debug, info, warn, error");
}

/// The file, then the flags, then the environment; throws ConfigError naming what is wrong.
coyote::MasterConfig resolveConfig(CommandLine line) {
  coyote::MasterConfig config;
  if (line.configFile.empty()) {
    line.configFile = coyote::defaultConfigFile("master.toml");
  }
  if (!line.configFile.empty()) {
    coyote::loadMasterConfigFile(line.configFile, config);
  }
  config.bind = line.bind.value_or(config.bind);
  config.port = line.port.value_or(config.port);
  coyote::applyMasterEnvironment(environ, config);
  if (config.port < 0 || config.port > 65535) {
    throw std::runtime_error("--port must be in [0, 65535]");
  }
  return config;
}

std::shared_ptr<spdlog::logger> makeLogger(const std::string& level) {
  auto logger =
      std::make_shared<spdlog::logger>(kProgram, std::make_shared<spdlog::sinks::stdout_sink_mt>());
  logger->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::info);
  return logger;
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
    const coyote::MasterConfig config = resolveConfig(line);
    if (line.checkConfig) {
      std::cout << kProgram << ": the config is good\n";
      return 0;
    }
    const auto logger = makeLogger(line.logLevel);
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    coyote::MasterService master(config, logger, coyote::monotonicSeconds);
    logger->info(
        "coyote-master listening on http://{}:{} (POST /register, GET /servers.json, /metrics, "
        "/healthz); servers expire after {} s",
        config.bind, master.port(), config.expirySeconds);
    if (!line.portFile.empty()) {
      std::ofstream(line.portFile) << master.port() << "\n";
    }
    while (!stopRequested.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    logger->info("coyote-master stopping");
  } catch (const std::runtime_error& error) {  // ConfigError, or a socket that cannot bind
    return coyote::cli::fail(kProgram, error.what());
  }
  return 0;
}
