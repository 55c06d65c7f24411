#pragma once
// A real server whose admin API answers on a real HTTP port on 127.0.0.1, with real clients in
// it, for the tests of moderation and of level changes (docs/hosting.md#moderation).
#include <future>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "http/micro_http_server.h"
#include "server/admin/admin_api.h"
#include "support/chat_lines.h"
#include "support/network.h"
#include "support/tcp_client.h"
#include "util/monotonic_clock.h"

namespace coyote::test {

inline constexpr const char* kToken = "correct-horse-battery-staple";
inline constexpr const char* kTrustedProxy = "127.0.0.5";

struct Answer {
  int status = 0;
  std::string body;
  nlohmann::json json() const { return nlohmann::json::parse(body, nullptr, false); }
};

/// Players on a server whose admin API answers on a real HTTP port.
struct ModeratedRoom {
  std::string bansFile;
  LoopbackMatch match;
  std::vector<std::unique_ptr<ClientSession>> players;
  /// 127.0.0.5 plays the reverse proxy admin.trusted_proxies names.
  AdminApi api{kToken,
               match.server().adminDesk(),
               quietLogger(),
               monotonicSeconds,
               {std::string(kTrustedProxy)}};
  MicroHttpServer http{"127.0.0.1", 0, HttpServer::Limits{}, quietLogger()};

  /// `level`: world.level; `roomLevels`: [rooms.levels]; `ownAddresses`: each player connects
  /// from a loopback address of its own (else all from 127.0.0.1).
  explicit ModeratedRoom(const std::vector<std::string>& names,
                         ServerConfig config = testServerConfig(),
                         const Level& level = networkTestLevel(), RoomLevels roomLevels = {},
                         bool ownAddresses = false)
      : bansFile(config.bansFile),
        match(withPeers(config), level, quietLogger(), std::move(roomLevels)) {
    api.route(http);
    http.start();
    for (const std::string& name : names) {
      ClientOptions options = clientOptions(match.port(), name);
      if (ownAddresses) {  // each from an address of its own: 127.0.0.2, .3, …
        options.bindAddress = "127.0.0." + std::to_string(players.size() + 2);
      }
      players.push_back(std::make_unique<ClientSession>(options, quietLogger()));
    }
    EXPECT_TRUE(match.pumpUntil(
        sessions(), [&] { return allPlaying(); }, 5.0));
  }
  static ServerConfig withPeers(ServerConfig config) {
    config.peersPerAddress = 16;
    return config;
  }
  std::vector<ClientSession*> sessions() const {
    std::vector<ClientSession*> all;
    for (const auto& player : players) {
      all.push_back(player.get());
    }
    return all;
  }
  bool allPlaying() const {
    return std::all_of(players.begin(), players.end(),
                       [](const auto& player) { return playing(*player); });
  }
  ClientSession& player(std::size_t index) { return *players[index]; }
  void pump(double seconds) { match.pumpFor(sessions(), seconds); }

  /// `method path` with a form `body`, from `from`, while the match turns (the loop answers).
  /// `headers`: more header lines, each ending in CRLF.
  Answer request(const std::string& method, const std::string& path, const std::string& body = "",
                 const std::string& token = kToken, const std::string& from = "127.0.0.1",
                 const std::string& headers = "") {
    const int port = http.port();
    auto answer = std::async(std::launch::async, [=] {
      TcpClient client(port, from);
      std::string request =
          fmt::format("{} {} HTTP/1.1\r\nHost: coyote\r\n{}", method, path, headers);
      if (!token.empty()) {
        request += fmt::format("Authorization: Bearer {}\r\n", token);
      }
      if (!body.empty()) {
        request +=
            fmt::format("Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                        body.size());
      }
      client.send(request + "\r\n" + body);
      client.readUntilClosed(5.0);
      return client.received();
    });
    while (answer.wait_for(std::chrono::milliseconds(1)) != std::future_status::ready) {
      pump(1.0 / 120.0);
    }
    const std::string raw = answer.get();
    Answer parsed;
    if (raw.size() > 12 && raw.starts_with("HTTP/1.1 ")) {
      parsed.status = std::stoi(raw.substr(9, 3));
    }
    const std::size_t blank = raw.find("\r\n\r\n");
    parsed.body = blank == std::string::npos ? "" : raw.substr(blank + 4);
    return parsed;
  }
};

}  // namespace coyote::test
