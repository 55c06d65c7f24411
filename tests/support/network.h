#pragma once

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include "client/core/client_session.h"
#include "scenario/ascii_level.h"
#include "scenario/random_inputs.h"
#include "server/game_server.h"
#include "support/quiet_logger.h"
#include "support/raw_peer.h"

namespace coyote::test {

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
/// Bans are kept in a file of the test's own in the temporary folder, empty at the start: a ban
/// one test made (a vote kick) must not shut the next one out.
inline ServerConfig testServerConfig() {
  ServerConfig config;
  config.bindAddress = "127.0.0.1";
  config.port = 0;
  config.metricsInterval = 0.0f;
  config.reconnectWindow = 2.0f;
  config.tickBudgetMs = 0.0f;  // no governor: a busy test machine must not refuse joins
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = fmt::format("coyote-bans-{}-{}-{}.json", getpid(),
                                 test != nullptr ? test->test_suite_name() : "",
                                 test != nullptr ? test->name() : "");
  std::replace(name.begin(), name.end(), '/', '_');  // parameterised tests' names
  const std::filesystem::path bans = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove(bans);
  config.bansFile = bans.string();
  return config;
}

/// A client of its own player key: a test that brings the same player back copies `key`.
inline ClientOptions clientOptions(std::uint16_t port, const std::string& name) {
  ClientOptions options;
  options.host = "127.0.0.1";
  options.port = port;
  options.name = name;
  options.key = std::make_shared<const identity::PlayerKey>(identity::PlayerKey::generate());
  return options;
}

using InputSource = std::function<PlayerInput(std::size_t client, std::uint32_t tick)>;

inline PlayerInput neutralInput(std::size_t, std::uint32_t) {
  return PlayerInput{};
}

/// A real GameServer on a real ENet socket on 127.0.0.1, and its clients, all driven in this
/// thread by a made-up clock (yojimbo's test style): each turn the server receives, advances to
/// `now()` and sends, every client and raw peer is serviced at `now()`, and time moves on by a
/// quarter of a tick. Loopback delivers a datagram as soon as it is sent, so a test runs as fast
/// as the machine allows and never sleeps.
class LoopbackMatch {
 public:
  static constexpr double kTurnSeconds = 1.0 / 240.0;

  explicit LoopbackMatch(const ServerConfig& config = testServerConfig(),
                         const Level& level = networkTestLevel(),
                         std::shared_ptr<spdlog::logger> logger = quietLogger(),
                         RoomLevels roomLevels = {}, StageClock& stageClock = machineStageClock())
      : server_(std::make_unique<GameServer>(config, level, std::move(logger), serverTime(),
                                             std::move(roomLevels), stageClock)) {}

  std::uint16_t port() const { return server_->port(); }
  double now() const { return now_; }
  const GameServer& server() const { return *server_; }
  GameServer& server() { return *server_; }

  /// Raw peers serviced every turn (their messages collect until taken).
  void watch(RawPeer& peer) { peers_.push_back(&peer); }
  void unwatch(RawPeer& peer) { std::erase(peers_, &peer); }

  /// Turns until `done()` or `seconds` of made-up time; true if `done()` became true.
  bool pumpUntil(const std::vector<ClientSession*>& clients, const std::function<bool()>& done,
                 double seconds, const InputSource& input = neutralInput) {
    const double deadline = now_ + seconds;
    while (now_ < deadline) {
      turn(clients, input);
      if (done()) {
        return true;
      }
    }
    return done();
  }
  void pumpFor(const std::vector<ClientSession*>& clients, double seconds,
               const InputSource& input = neutralInput) {
    pumpUntil(
        clients, [] { return false; }, seconds, input);
  }

  /// Made-up time passes for the server alone, as if the clients' machine slept.
  void serverOnlyFor(double seconds) { pumpFor({}, seconds); }

  /// Says goodbye as coyote-server does at shutdown and closes the replay.
  void stop() {
    if (!stopped_) {
      server_->sayGoodbye("server shutting down");
      for (int i = 0; i < 20 && server_->hasConnections(); ++i) {
        turn({}, neutralInput);
      }
      server_->close();
      stopped_ = true;
    }
  }

 private:
  /// The made-up time, dated from the real wall clock at the match's start (bans and records
  /// carry today's dates).
  ServerTime serverTime() const {
    return {now_, unixAtStart_ + static_cast<std::int64_t>(now_ - kStart)};
  }
  void turn(const std::vector<ClientSession*>& clients, const InputSource& input) {
    server_->receive();
    server_->advance(serverTime());
    server_->send();
    for (std::size_t i = 0; i < clients.size(); ++i) {
      clients[i]->update(now_, [&input, i](std::uint32_t tick) { return input(i, tick); });
    }
    for (RawPeer* peer : peers_) {
      peer->poll(now_);
    }
    now_ += kTurnSeconds;
  }

  static constexpr double kStart = 1000.0;  // any origin; not 0, so that nothing relies on it
  double now_ = kStart;
  const std::int64_t unixAtStart_ = std::time(nullptr);
  std::unique_ptr<GameServer> server_;
  std::vector<RawPeer*> peers_;
  bool stopped_ = false;
};

/// Whether a client is playing (welcomed and not ended).
inline bool playing(const ClientSession& client) {
  return client.phase() == ClientPhase::Playing;
}

/// Players named `p0`, `p1`… (in the room `roomOf(i)` gives, or `main`), and the sessions a
/// LoopbackMatch pumps.
struct Crowd {
  std::vector<std::unique_ptr<ClientSession>> players;
  std::vector<ClientSession*> sessions;

  Crowd(std::uint16_t port, int count, const std::function<std::string(int)>& roomOf = nullptr) {
    for (int i = 0; i < count; ++i) {
      ClientOptions options = clientOptions(port, fmt::format("p{}", i));
      if (roomOf) {
        options.room = roomOf(i);
      }
      players.push_back(std::make_unique<ClientSession>(options, quietLogger()));
      sessions.push_back(players.back().get());
    }
  }
  bool allPlaying() const {
    return std::all_of(players.begin(), players.end(),
                       [](const auto& player) { return player->phase() == ClientPhase::Playing; });
  }
};

/// Whether `observer`'s confirmed state holds the character of `slot`.
inline bool sees(const ClientSession& observer, int slot) {
  return slot >= 0 && observer.confirmed().characters[static_cast<std::size_t>(slot)].active;
}

/// Each client runs its own seeded random player.
struct RandomPlayers {
  std::vector<RandomInputs> sources;
  TickInputs buffer{};
  explicit RandomPlayers(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      sources.emplace_back(100 + i);
    }
  }
  PlayerInput operator()(std::size_t client, std::uint32_t) {
    sources[client].next(buffer, 1);
    return buffer[0];
  }
};

}  // namespace coyote::test
