#pragma once

#include <cstdint>

#include "server/agones_agent.h"
#include "server/game_server.h"
#include "server/metrics_http.h"
#include "server/registry/master_registrar.h"

namespace coyote {

/// What the loop reports to the HTTP endpoints, the Agones agent and the masters: the time of
/// its last tick, the players, a fresh metrics page every kMetricsPageSeconds (formatting it
/// every tick would cost the loop for nothing) and a fresh info every kMasterInfoSeconds. None of
/// them is ever waited on; each may be absent (nullptr).
struct LoopReporter {
  static constexpr double kMetricsPageSeconds = 0.5;
  static constexpr double kMasterInfoSeconds = 1.0;

  MetricsHttp* http = nullptr;
  AgonesAgent* agones = nullptr;
  MasterRegistrar* masters = nullptr;
  int tickRate = 60;
  std::uint32_t lastTick = 0;
  double lastTickAt = -1.0e9;
  double lastPage = -1.0e9;
  double lastInfo = -1.0e9;
  bool agonesAddressTaken = false;

  /// After a loop turn, at monotonic time `now`.
  void update(GameServer& server, double now);

 private:
  /// Once the GameServer's status gave it: Hellos signed for the node's address and host port
  /// are the server's, and that is what the masters list.
  void takeAgonesAddress(GameServer& server);
};

}  // namespace coyote
