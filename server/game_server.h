#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <spdlog/logger.h>

#include "net/enet_host.h"
#include "net/messages.h"
#include "util/tick_ring.h"
#include "replay/replay_file.h"
#include "server/server_config.h"
#include "server/server_metrics.h"
#include "server/tick_history.h"

namespace coyote {

/// The authoritative dedicated server (SPEC §5, §7): accepts players and spectators over ENet,
/// simulates every tick with the inputs that arrived (a missing one is the player's last input),
/// and sends each client the authoritative inputs and hashes it has not acknowledged.
class GameServer {
 public:
  /// Binds the socket at once (throws std::runtime_error if it cannot) and opens the replay.
  GameServer(const ServerConfig& config, const Level& level,
             std::shared_ptr<spdlog::logger> logger);
  ~GameServer();
  GameServer(const GameServer&) = delete;
  GameServer& operator=(const GameServer&) = delete;

  /// The port actually bound (useful with port 0).
  std::uint16_t port() const { return host_.port(); }

  /// Runs the fixed-step loop until `stop` becomes true or `seconds` (> 0) have passed, then
  /// says goodbye to every client, closes the replay and returns.
  void run(const std::atomic<bool>& stop, double seconds = 0.0);

  /// Read these after `run` returned.
  const ServerMetrics& metrics() const { return metrics_; }
  std::uint32_t tick() const { return state_.tick; }
  double elapsedSeconds() const { return elapsed_; }

 private:
  struct Connection;
  struct PlayerSlot {
    bool used = false;
    std::string name;
    std::uint64_t token = 0;
    Connection* connection = nullptr;
    double disconnectedAt = 0.0;
    /// Inputs by tick; `net.max_input_lead` (≤ 600) keeps every accepted one inside the ring.
    TickRing<PlayerInput, 1024> inputs;
    PlayerInput lastInput;
  };

  double now() const;
  void serviceNetwork(int timeoutMs);
  void onConnect(ENetPeer* peer);
  void onDisconnect(ENetPeer* peer);
  void onReceive(Connection& connection, const ENetPacket& packet);
  void handleHello(Connection& connection, const net::Hello& hello);
  void handleInputs(Connection& connection, const net::InputBatch& batch);
  void handleDesyncReport(Connection& connection, const net::DesyncReport& report);
  void rejectPacket(Connection& connection, const std::string& reason);
  void refuse(ENetPeer* peer, const std::string& reason);
  int findReconnectSlot(std::uint64_t token) const;
  int findFreeSlot() const;
  std::uint64_t newToken();

  void simulateTick();
  TickInputs gatherInputs();
  void expireDisconnectedPlayers();
  void sendFrames();
  void sendFramesTo(Connection& connection);
  void sendFullState(Connection& connection, std::uint32_t tick);
  net::Snapshot snapshotAt(std::uint32_t tick) const;
  std::uint32_t inputAckFor(const Connection& connection) const;
  void logMetrics();
  void shutdown(const std::string& reason);

  ServerConfig config_;
  Level level_;
  StepParameters parameters_;
  std::shared_ptr<spdlog::logger> log_;
  net::EnetHost host_;
  WorldState state_;
  TickHistory history_;
  std::array<PlayerSlot, kMaxCharacters> slots_;
  std::unordered_map<ENetPeer*, std::unique_ptr<Connection>> connections_;
  std::vector<RosterEvent> pendingEvents_;
  std::unique_ptr<ReplayWriter> replay_;
  ServerMetrics metrics_;
  std::uint64_t tokenState_;
  double startTime_ = 0.0;
  double elapsed_ = 0.0;
  double lastMetricsLog_ = 0.0;
  double lastLagWarning_ = -1e9;
  std::uint32_t ticksPerSend_ = 1;
};

}  // namespace coyote
