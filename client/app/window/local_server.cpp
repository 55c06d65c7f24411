#include "client/app/window/local_server.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "io/install_paths.h"
#include "platform/program_path.h"

namespace coyote {
namespace {

std::string findServerBinary(const std::string& clientPath) {
  if (const char* configured = std::getenv("COYOTE_SERVER_BINARY")) {
    return configured;
  }
  const std::filesystem::path here = programFolder();
  const std::string name = platform::programFileName("coyote-server");
  for (const auto& candidate :
       {here / name, here / ".." / "server" / name,
        here / ".." / "bin" / name,  // installed: /usr/games/.. and /usr/bin
        std::filesystem::path(clientPath).parent_path() / name}) {
    if (std::filesystem::exists(candidate)) {
      return candidate.string();
    }
  }
  throw std::runtime_error(fmt::format(
      "coyote-server not found next to the client ({}); set COYOTE_SERVER_BINARY or use --connect",
      here.string()));
}

/// A new folder of the system's temporary folder, only for this server.
std::string newTemporaryFolder() {
  std::random_device entropy;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() / fmt::format("coyote-local-{:08x}", entropy());
    if (std::filesystem::create_directory(folder)) {
      std::filesystem::permissions(folder, std::filesystem::perms::owner_all);
      return folder.string();
    }
  }
  throw std::runtime_error("cannot create a temporary folder");
}

}  // namespace

LocalServer::LocalServer(const std::string& clientPath, const std::string& level) {
  const std::string binary = findServerBinary(clientPath);
  directory_ = newTemporaryFolder();
  const std::string portFile = (std::filesystem::path(directory_) / "port").string();
  const std::string logFile = (std::filesystem::path(directory_) / "server.log").string();
  std::vector<std::string> arguments = {binary,   "--level", level,         "--bind", "127.0.0.1",
                                        "--port", "0",       "--port-file", portFile};
  // The shipped settings, never a host's /etc/coyote (its password, records or admin token).
  if (const std::string config = shippedConfigFile("server.toml"); !config.empty()) {
    arguments.insert(arguments.end(), {"--config", config});
  }
  process_ = std::make_unique<platform::Subprocess>(arguments, logFile);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    int port = 0;
    if (std::ifstream(portFile) >> port && port > 0) {
      port_ = static_cast<std::uint16_t>(port);
      return;
    }
    if (process_->ended()) {
      std::ifstream log(logFile);
      std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
      throw std::runtime_error("the local server did not start: " + text);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("the local server did not start within 10 s");
}

LocalServer::~LocalServer() {
  process_.reset();  // stopped before its folder goes
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

}  // namespace coyote
