#pragma once

// A real coyote-master, HTTP requests to it from chosen loopback addresses, and fake game servers
// that prove their addresses to it with the tokens it sends (master tests).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "listing/registration.h"
#include "support/child_process.h"
#include "support/scoped_environment.h"
#include "support/tcp_client.h"
#include "support/temp_file.h"

namespace coyote::test {

/// coyote-master on a free port (or `port`), listing loopback addresses, its servers expiring
/// after `expirySeconds`; `environment` adds COYOTE_MASTER_* settings.
struct MasterProcess {
  TempDirectory directory{"master-" + std::to_string(count()++)};
  ScopedEnvironment environment;
  ChildProcess process;
  int port;

  explicit MasterProcess(double expirySeconds = 45.0, int fixedPort = 0,
                         std::initializer_list<std::pair<const char*, std::string>> more = {})
      : environment(withDefaults(expirySeconds, more)),
        process({COYOTE_MASTER_BINARY, "--bind", "127.0.0.1", "--port", std::to_string(fixedPort),
                 "--port-file", (directory.path() / "port").string()},
                (directory.path() / "master.log").string()),
        port(waitForPort((directory.path() / "port").string())) {}

  static std::vector<std::pair<const char*, std::string>> withDefaults(
      double expirySeconds, std::initializer_list<std::pair<const char*, std::string>> more) {
    std::vector<std::pair<const char*, std::string>> all{
        {"COYOTE_MASTER_LIST_PRIVATE_ADDRESSES", "true"},
        {"COYOTE_MASTER_EXPIRY_SECONDS", std::to_string(expirySeconds)}};
    all.insert(all.end(), more.begin(), more.end());
    return all;
  }

  /// Masters started so far: each has a folder of its own.
  static int& count() {
    static int started = 0;
    return started;
  }

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port); }

  /// The servers listed now (GET /servers.json), each as {"address", "info"}.
  nlohmann::json servers() const {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(2, 0);
    const httplib::Result result = client.Get("/servers.json");
    if (!result || result->status != 200) {
      return nlohmann::json::array();
    }
    return nlohmann::json::parse(result->body)["servers"];
  }

  /// The listed server at "127.0.0.1:port", or null.
  nlohmann::json server(int gamePort) const {
    for (const nlohmann::json& entry : servers()) {
      if (entry["address"] == "127.0.0.1:" + std::to_string(gamePort)) {
        return entry;
      }
    }
    return nullptr;
  }

  /// A sample of /metrics, e.g. `coyote_master_registrations_total{outcome="listed"}`.
  double metric(const std::string& sample) const {
    httplib::Client client("127.0.0.1", port);
    const httplib::Result result = client.Get("/metrics");
    if (!result) {
      return -1.0;
    }
    const std::size_t at = result->body.find("\n" + sample + " ");
    return at == std::string::npos ? -1.0 : std::stod(result->body.substr(at + sample.size() + 2));
  }
};

struct HttpAnswer {
  int status = 0;
  std::string body;
};

/// POSTs `body` to the master's /register from `from` (a 127.x.y.z address).
inline HttpAnswer registerFrom(int masterPort, const std::string& from, const std::string& body) {
  TcpClient client(masterPort, from);
  client.send(
      "POST /register HTTP/1.1\r\nHost: master\r\nContent-Type: application/json\r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  client.readUntilClosed(5.0);
  const std::string& reply = client.received();
  HttpAnswer answer;
  if (reply.size() > 12 && reply.starts_with("HTTP/1.1 ")) {
    answer.status = std::stoi(reply.substr(9, 3));
    const std::size_t bodyAt = reply.find("\r\n\r\n");
    answer.body = bodyAt == std::string::npos ? "" : reply.substr(bodyAt + 4);
  }
  return answer;
}

/// A server's info as a registration carries it.
inline net::ServerInfo fakeInfo(const std::string& name) {
  net::ServerInfo info;
  info.protocolVersion = 15;
  info.name = name;
  info.motd = "welcome to " + name;
  info.version = "test";
  info.maxPlayers = 16;
  info.roomCount = 1;
  info.rooms.push_back({"main", "arena", "play", 0, 16});
  return info;
}

/// A UDP socket at `address`:`port` (0: any free port) standing in for a game server: it
/// receives the master's tokens and registers with them, as coyote-server does.
class FakeGameServer {
 public:
  explicit FakeGameServer(const std::string& address, int port = 0)
      : address_(address), socket_(::socket(AF_INET, SOCK_DGRAM, 0)) {
    sockaddr_in local{};
    local.sin_family = AF_INET;
    local.sin_port = htons(static_cast<std::uint16_t>(port));
    inet_pton(AF_INET, address.c_str(), &local.sin_addr);
    bind(socket_, reinterpret_cast<sockaddr*>(&local), sizeof local);
    socklen_t length = sizeof local;
    getsockname(socket_, reinterpret_cast<sockaddr*>(&local), &length);
    port_ = ntohs(local.sin_port);
    for (std::size_t i = 0; i < registration_.challenge.size(); ++i) {
      registration_.challenge[i] = static_cast<std::uint8_t>(port_ + 7 * i);
    }
    registration_.port = static_cast<std::uint16_t>(port_);
    registration_.info = fakeInfo("fake " + std::to_string(port_));
  }
  ~FakeGameServer() { close(socket_); }
  FakeGameServer(const FakeGameServer&) = delete;
  FakeGameServer& operator=(const FakeGameServer&) = delete;

  int port() const { return port_; }
  listing::Registration& registration() { return registration_; }

  /// A token datagram within `seconds`, if one came (kept for the next registration).
  bool awaitToken(double seconds) {
    pollfd events{socket_, POLLIN, 0};
    if (poll(&events, 1, static_cast<int>(seconds * 1000)) <= 0) {
      return false;
    }
    std::uint8_t bytes[256];
    const ssize_t got = recv(socket_, bytes, sizeof bytes, 0);
    const auto token =
        listing::parseMasterToken({bytes, static_cast<std::size_t>(std::max<ssize_t>(got, 0))});
    if (token && token->challenge == registration_.challenge) {
      registration_.token = token->token;
    }
    return token.has_value();
  }

  /// Registers from its own address; with a token if it holds one.
  HttpAnswer registerWith(int masterPort) {
    return registerFrom(masterPort, address_, listing::registrationJson(registration_));
  }

  /// Registers, waits for the token, registers with it: the answer to the second.
  HttpAnswer prove(int masterPort) {
    const HttpAnswer first = registerWith(masterPort);
    if (first.status != 202 || !awaitToken(2.0)) {
      return first;
    }
    return registerWith(masterPort);
  }

 private:
  std::string address_;
  int socket_;
  int port_ = 0;
  listing::Registration registration_;
};

/// Polls `done` every 50 ms for up to `seconds`; the seconds it took, or nullopt.
template <class Done>
std::optional<double> secondsUntil(Done done, double seconds) {
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::duration<double>(seconds)) {
    if (done()) {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return std::nullopt;
}

}  // namespace coyote::test
