#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <spdlog/logger.h>

#include "http/http_client.h"
#include "wire/player_identity.h"

namespace coyote {

/// What the server tells Agones, and when.
struct AgonesSettings {
  int sdkPort = 9358;                    ///< the sidecar's REST port on localhost
  double healthInterval = 5.0;           ///< s between two POST /health while the loop ticks
  double shutdownWhenEmptyAfter = 60.0;  ///< s empty after someone played → POST /shutdown (0 off)
  double retryInterval = 1.0;            ///< s between two tries while the sidecar is not up
};

/// The Agones REST SDK client (SDK calls on localhost:AGONES_SDK_HTTP_PORT), on a thread of its
/// own so the tick loop never waits on the sidecar:
/// - `POST /ready` once the server listens, retried while the sidecar is not up yet (it may
///   start after the game server);
/// - `POST /health` every `healthInterval` while the loop has ticked within the last second;
/// - `PUT /metadata/label` `{"key":"players","value":"N"}` whenever the player count changes;
/// - `POST /shutdown` once, when nobody has played for `shutdownWhenEmptyAfter` after at least
///   one player joined (Agones then stops the pod with SIGTERM);
/// - `GET /gameserver` after ready, until its status gives the address and port players reach
///   the server at (the node's, and the host port Agones chose): the server then accepts Hellos
///   signed for them and registers them with the master servers.
class AgonesAgent {
 public:
  /// `clock`: seconds on the loop's clock. Starts the thread.
  AgonesAgent(const AgonesSettings& settings, std::shared_ptr<spdlog::logger> log,
              double (*clock)());
  ~AgonesAgent();
  AgonesAgent(const AgonesAgent&) = delete;
  AgonesAgent& operator=(const AgonesAgent&) = delete;

  /// The tick loop, every turn: the time of its last tick and the players in the match.
  void update(double lastTick, int players);
  /// Where players reach the server, once the GameServer's status said so.
  std::optional<net::ServerEndpoint> publicEndpoint() const;

 private:
  void run();
  /// The sidecar's answer to one request (plain HTTP on 127.0.0.1), or nullopt.
  std::optional<http::ClientResponse> request(const std::string& method, const std::string& path,
                                              const std::string& body) const;
  bool post(const std::string& path, const std::string& body, const char* method = "POST");
  void markReady();
  /// Reads the GameServer's address and port; whether it had them.
  bool readGameServer();
  void reportPlayers(int players, int& reported);
  bool emptyLongEnough(int players, double now);
  /// Sleeps up to `seconds`; false once the agent is stopping.
  bool wait(double seconds);

  AgonesSettings settings_;
  std::shared_ptr<spdlog::logger> log_;
  double (*clock_)();
  std::atomic<double> lastTick_{-1.0e9};
  std::atomic<int> players_{0};
  bool anyoneJoined_ = false;
  double emptySince_ = -1.0;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::optional<net::ServerEndpoint> publicEndpoint_;  ///< under mutex_
  std::thread thread_;
};

/// The address and port of a GameServer's status (`GET /gameserver`'s JSON): `status.address`
/// (an IPv4 address) and the port named "default", else the first of `status.ports`; nullopt
/// while the status has none (it is not scheduled yet) or holds something else.
std::optional<net::ServerEndpoint> gameServerEndpoint(const std::string& json);

/// Settings from the environment Agones gives the game server: AGONES_SDK_HTTP_PORT (a port
/// number, else a ConfigError naming it); nullopt-like `false` when it is not set.
bool agonesPortFromEnvironment(const char* value, int& port);

}  // namespace coyote
