#pragma once

// A fake Agones SDK sidecar for tests: answers 200 to every call and records them; GET /gameserver
// answers with the GameServer a test sets.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>

#include "support/free_port.h"
#include "util/monotonic_clock.h"

namespace coyote::test {

struct Call {
  std::string method;
  std::string path;
  std::string body;
  double at = 0.0;
};

/// Answers 200 to every POST and PUT and remembers them, with the time they came.
class RecordingSidecar {
 public:
  explicit RecordingSidecar(int port) : port_(port) {
    const auto record = [this](const httplib::Request& request, httplib::Response& response) {
      const std::lock_guard lock(mutex_);
      calls_.push_back({request.method, request.path, request.body, monotonicSeconds()});
      response.set_content("{}", "application/json");
    };
    server_.Post(R"(/.*)", record);
    server_.Put(R"(/.*)", record);
    server_.Get("/gameserver",
                [this](const httplib::Request& request, httplib::Response& response) {
                  const std::lock_guard lock(mutex_);
                  calls_.push_back({request.method, request.path, "", monotonicSeconds()});
                  response.set_content(gameServer_, "application/json");
                });
    bound_ = server_.bind_to_port("127.0.0.1", port);
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~RecordingSidecar() {
    server_.stop();
    thread_.join();
  }
  bool bound() const { return bound_; }
  int port() const { return port_; }
  /// What GET /gameserver answers from now on.
  void setGameServer(std::string json) {
    const std::lock_guard lock(mutex_);
    gameServer_ = std::move(json);
  }
  std::vector<Call> calls() {
    const std::lock_guard lock(mutex_);
    return calls_;
  }

 private:
  httplib::Server server_;
  int port_ = 0;
  bool bound_ = false;
  std::thread thread_;
  std::mutex mutex_;
  std::vector<Call> calls_;
  std::string gameServer_ = R"({"status": {"state": "Scheduled"}})";
};

}  // namespace coyote::test
