#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>

#include "client/core/client_session.h"
#include "server/game_server.h"
#include "scenario/ascii_level.h"

namespace coyote::test {

inline std::shared_ptr<spdlog::logger> quietLogger() {
  return std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::null_sink_mt>());
}

inline double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// A small closed level for network tests.
inline Level networkTestLevel() {
  return levelFromAscii(
      "####################\n"
      "#..................#\n"
      "#..S....S....S...S.#\n"
      "#...----....../###.#\n"
      "#..S....S....S...S.#\n"
      "####################\n");
}

/// A config for in-process servers: any free port on loopback, short windows.
inline ServerConfig testServerConfig() {
  ServerConfig config;
  config.bindAddress = "127.0.0.1";
  config.port = 0;
  config.metricsInterval = 0.0f;
  config.reconnectWindow = 2.0f;
  return config;
}

/// A real GameServer on a real ENet socket, run by its fixed-step loop on its own thread.
/// Its metrics may be read once `stop()` returned.
class RunningServer {
 public:
  explicit RunningServer(const ServerConfig& config = testServerConfig(),
                         const Level& level = networkTestLevel())
      : server_(std::make_unique<GameServer>(config, level, quietLogger())),
        thread_([this] { server_->run(stop_); }) {}
  ~RunningServer() { stop(); }

  std::uint16_t port() const { return server_->port(); }
  void stop() {
    stop_.store(true);
    if (thread_.joinable()) {
      thread_.join();
    }
  }
  const GameServer& server() const { return *server_; }

 private:
  std::unique_ptr<GameServer> server_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

inline ClientOptions clientOptions(std::uint16_t port, const std::string& name) {
  ClientOptions options;
  options.host = "127.0.0.1";
  options.port = port;
  options.name = name;
  return options;
}

/// Updates every client about once a millisecond, each with its own input source, until
/// `done()` or the timeout; true if `done()` became true.
inline bool pumpUntil(
    const std::vector<ClientSession*>& clients, const std::function<bool()>& done,
    double timeoutSeconds,
    const std::function<PlayerInput(std::size_t, std::uint32_t)>& input =
        [](std::size_t, std::uint32_t) { return PlayerInput{}; }) {
  const double deadline = steadySeconds() + timeoutSeconds;
  while (steadySeconds() < deadline) {
    const double now = steadySeconds();
    for (std::size_t i = 0; i < clients.size(); ++i) {
      clients[i]->update(now, [&input, i](std::uint32_t tick) { return input(i, tick); });
    }
    if (done()) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return done();
}

inline void pumpFor(
    const std::vector<ClientSession*>& clients, double seconds,
    const std::function<PlayerInput(std::size_t, std::uint32_t)>& input =
        [](std::size_t, std::uint32_t) { return PlayerInput{}; }) {
  pumpUntil(
      clients, [] { return false; }, seconds, input);
}

}  // namespace coyote::test
