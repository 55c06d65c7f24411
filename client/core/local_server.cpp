#include "client/core/local_server.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "io/install_paths.h"

namespace coyote {
namespace {

std::string findServerBinary(const std::string& clientPath) {
  if (const char* configured = std::getenv("COYOTE_SERVER_BINARY")) {
    return configured;
  }
  const std::filesystem::path here = programFolder();
  for (const auto& candidate :
       {here / "coyote-server", here / ".." / "server" / "coyote-server",
        here / ".." / "bin" / "coyote-server",  // installed: /usr/games/.. and /usr/bin
        std::filesystem::path(clientPath).parent_path() / "coyote-server"}) {
    if (std::filesystem::exists(candidate)) {
      return candidate.string();
    }
  }
  throw std::runtime_error(fmt::format(
      "coyote-server not found next to the client ({}); set COYOTE_SERVER_BINARY or use --connect",
      here.string()));
}

}  // namespace

LocalServer::LocalServer(const std::string& clientPath, const std::string& level) {
  const std::string binary = findServerBinary(clientPath);
  char pattern[] = "/tmp/coyote-local-XXXXXX";
  if (mkdtemp(pattern) == nullptr) {
    throw std::runtime_error("cannot create a temporary directory");
  }
  directory_ = pattern;
  const std::string portFile = directory_ + "/port";
  const std::string logFile = directory_ + "/server.log";
  std::vector<std::string> arguments = {binary,   "--level", level,         "--bind", "127.0.0.1",
                                        "--port", "0",       "--port-file", portFile};
  // The shipped settings, never a host's /etc/coyote (its password, records or admin token).
  if (const std::string config = shippedConfigFile("server.toml"); !config.empty()) {
    arguments.insert(arguments.end(), {"--config", config});
  }
  pid_ = fork();
  if (pid_ == 0) {
    std::freopen(logFile.c_str(), "w", stdout);
    std::freopen(logFile.c_str(), "a", stderr);
    std::vector<char*> argv;
    for (std::string& argument : arguments) {
      argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    int port = 0;
    if (std::ifstream(portFile) >> port && port > 0) {
      port_ = static_cast<std::uint16_t>(port);
      return;
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      std::ifstream log(logFile);
      std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
      throw std::runtime_error("the local server did not start: " + text);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("the local server did not start within 10 s");
}

LocalServer::~LocalServer() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

}  // namespace coyote
