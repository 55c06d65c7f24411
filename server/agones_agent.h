#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <spdlog/logger.h>

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
///   one player joined (Agones then stops the pod with SIGTERM).
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

 private:
  void run();
  bool post(const std::string& path, const std::string& body, const char* method = "POST");
  void markReady();
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
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

/// Settings from the environment Agones gives the game server: AGONES_SDK_HTTP_PORT (a port
/// number, else a ConfigError naming it); nullopt-like `false` when it is not set.
bool agonesPortFromEnvironment(const char* value, int& port);

}  // namespace coyote
