#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <spdlog/logger.h>

#include "client_stats.h"
#include "net/enet_host.h"
#include "net/messages.h"
#include "net/tick_ring.h"
#include "rollback_correction.h"
#include "sim/world_step.h"
#include "time_sync.h"

namespace coyote {

/// How a client connects and predicts.
struct ClientOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = net::kDefaultPort;
  std::string name = "player";
  bool spectator = false;
  std::uint64_t reconnectToken = 0;  ///< from an earlier session, to get the same player back
  std::uint16_t protocolVersion = net::kProtocolVersion;  ///< only tests change it
  int inputDelay = 0;             ///< ticks between sampling an input and applying it
  int targetMargin = 2;           ///< ticks early our inputs should reach the server
  int redundancy = 16;            ///< unacknowledged inputs repeated in each packet
  int maxPredictionTicks = 60;    ///< rollback window: the client waits rather than predict further
  double connectTimeout = 5.0;    ///< s
  double reportInterval = 5.0;    ///< s between ClientReports to the server
  bool trackCorrections = false;  ///< keep rollback corrections for a renderer to take
};

enum class ClientPhase { Connecting, Playing, Refused, Disconnected };

/// Samples this client's input for a tick.
using InputProvider = std::function<PlayerInput(std::uint32_t tick)>;

/// The headless client core (SPEC §5): one ENet connection, a confirmed state advanced only by
/// authoritative inputs and checked against the server's hashes, and a predicted state ahead of
/// it. Own inputs apply at once, other players' are predicted as their last known input; when an
/// authoritative input differs from the prediction the confirmed state is restored and the
/// present re-simulated. No SFML, no clock: time is passed to `update`.
class ClientSession {
 public:
  ClientSession(ClientOptions options, std::shared_ptr<spdlog::logger> logger);
  ~ClientSession();
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  /// Services the network and advances the predicted state by the ticks that `now` (seconds,
  /// any monotonic origin) has made due.
  void update(double now, const InputProvider& input);

  /// Says goodbye to the server (best effort) and stops.
  void disconnect();

  ClientPhase phase() const { return phase_; }
  const std::string& endReason() const { return endReason_; }
  int playerSlot() const { return slot_; }
  std::uint64_t reconnectToken() const { return token_; }
  const ClientOptions& options() const { return options_; }

  const WorldState& predicted() const { return predicted_; }
  /// The predicted state one tick before `predicted()`, for render interpolation.
  const WorldState& previousPredicted() const { return previousPredicted_; }
  const WorldState& confirmed() const { return confirmed_; }
  /// Fraction of the next tick already elapsed, in [0, 1): the render interpolation factor.
  double tickFraction() const;
  const Level& level() const { return level_; }
  const PhysicsConfig& physics() const { return parameters_.config; }
  std::string nameOf(int slot) const;
  const ClientStats& stats() const { return stats_; }

  /// Remote characters moved by rollbacks since the last call, for render smoothing.
  std::vector<RollbackCorrection> takeCorrections() { return std::exchange(corrections_, {}); }

  /// Test hook: damages the confirmed state so the next hash check reports a desync.
  void corruptConfirmedStateForTesting();

 private:
  void serviceNetwork(double now);
  void onMessage(const net::Message& message, double now);
  void onWelcome(const net::Welcome& welcome, double now);
  void onFrames(const net::ServerFrames& frames, double now);
  void onFullState(const net::FullState& full);
  void adoptSnapshot(const net::Snapshot& snapshot);
  void confirmTick(std::uint32_t tick, const net::TickFrame& frame, const TickInputs& inputs,
                   bool& mispredicted, bool& remoteMispredicted);
  void advancePredictedTick(const InputProvider& input);
  TickInputs predictionInputs(std::uint32_t tick) const;
  void rollback(bool causedByRemote);
  void recordCorrections(const WorldState& before);
  void sendInputs();
  void refreshStats(double now);
  void end(ClientPhase phase, const std::string& reason);

  ClientOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  net::EnetHost host_;
  ENetPeer* peer_ = nullptr;
  ClientPhase phase_ = ClientPhase::Connecting;
  std::string endReason_;
  double connectStarted_ = -1.0;
  std::uint32_t helloTimeMs_ = 0;

  Level level_;
  StepParameters parameters_{PhysicsConfig{}};
  int slot_ = -1;
  std::uint64_t token_ = 0;
  std::map<int, std::string> names_;

  WorldState confirmed_;
  WorldState predicted_;
  WorldState previousPredicted_;
  TickRing<TickInputs> authoritativeInputs_;
  TickRing<TickInputs> predictionUsed_;
  TickRing<PlayerInput> ownInputs_;
  TickInputs latestAuthoritative_{};
  std::uint32_t inputAck_ = 0;
  std::optional<std::uint32_t> awaitingRepairAt_;
  WorldState desyncedState_;

  TimeSync timeSync_{60, 2};
  double lastUpdate_ = -1.0;
  double accumulator_ = 0.0;
  int heldBackTicks_ = 0;
  double lastStatsRefresh_ = 0.0;
  net::TrafficTotals lastTraffic_;
  double lastReport_ = 0.0;
  ClientStats stats_;
  std::vector<RollbackCorrection> corrections_;
};

}  // namespace coyote
