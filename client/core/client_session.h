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

#include "client/core/client_stats.h"
#include "client/core/predictor.h"
#include "client/core/rollback_correction.h"
#include "client/core/time_sync.h"
#include "net/connect_challenge.h"
#include "net/enet_host.h"
#include "net/loss_meter.h"
#include "wire/messages.h"
#include "sim/world_step.h"
#include "util/tick_ring.h"

namespace coyote {

/// How a client connects and predicts.
struct ClientOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = net::kDefaultPort;
  std::string name = "player";
  std::string room = std::string(net::kDefaultRoom);  ///< the match to join on the server
  bool spectator = false;
  net::ReconnectToken reconnectToken;  ///< from an earlier session, to get the same player back
  std::uint16_t protocolVersion = net::kProtocolVersion;  ///< only tests change it
  int inputDelay = 0;             ///< ticks between sampling an input and applying it
  int targetMargin = 2;           ///< ticks early our inputs should reach the server
  int redundancy = 16;            ///< unacknowledged inputs repeated in each packet
  int maxPredictionTicks = 60;    ///< rollback window: the client waits rather than predict further
  double connectTimeout = 15.0;   ///< s to join, cookie requests and ENet retries included
  double serverTimeout = 5.0;     ///< s without a packet from the server: the connection is dead
  double reliableTimeout = 20.0;  ///< s a reliable message may go unacknowledged (ENet)
  double reportInterval = 5.0;    ///< s between ClientReports to the server
  bool trackCorrections = false;  ///< keep rollback corrections for a renderer to take
};

enum class ClientPhase { Connecting, Playing, Refused, Disconnected };

/// Samples this client's input for a tick.
using InputProvider = std::function<PlayerInput(std::uint32_t tick)>;

/// The headless client core (docs/protocol.md): one ENet connection — the handshake, input sending,
/// frame decoding, desync reports and repair — paced by TimeSync, around a Predictor that owns
/// the confirmed and predicted states and the rollback. No SFML, no clock: time is passed to
/// `update`.
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
  /// True once a Welcome arrived (a refused or unanswered client never joined).
  bool joined() const { return joinedAt_ >= 0.0; }
  /// Seconds between the Welcome and the end of the session (or `now` while it lasts).
  /// Seconds from the first update to the Welcome (-1 if it never joined).
  double secondsToJoin() const { return joined() ? joinedAt_ - connectStarted_ : -1.0; }
  double secondsPlayed(double now) const;
  /// Seconds since the confirmed state last advanced: a server that dropped this client
  /// without a word shows here first.
  double secondsWithoutProgress(double now) const;
  /// The confirmed tick when the session ended.
  std::uint32_t endTick() const { return endTick_; }
  int playerSlot() const { return slot_; }
  const net::ReconnectToken& reconnectToken() const { return token_; }
  const ClientOptions& options() const { return options_; }

  const WorldState& predicted() const;
  /// The predicted state one tick before `predicted()`, for render interpolation.
  const WorldState& previousPredicted() const;
  /// The effects of the events simulated so far, or nullptr before the Welcome.
  const EffectList* effects() const { return predictor_ ? &predictor_->effects() : nullptr; }
  const WorldState& confirmed() const;
  /// Fraction of the next tick already elapsed, in [0, 1): the render interpolation factor.
  double tickFraction() const;
  const Level& level() const { return level_; }
  const PhysicsConfig& physics() const { return physics_; }
  std::string nameOf(int slot) const;
  const ClientStats& stats() const { return stats_; }

  /// Remote characters moved by rollbacks since the last call, for render smoothing.
  std::vector<RollbackCorrection> takeCorrections() { return std::exchange(corrections_, {}); }

  /// Test hook: damages the confirmed state so the next hash check reports a desync.
  void corruptConfirmedStateForTesting();

 private:
  void startConnecting(double now);
  void checkTimeouts(double now);
  /// ENet's round-trip estimate for the connection (0 without one), s.
  double roundTripSeconds() const {
    return peer_ != nullptr ? static_cast<double>(peer_->roundTripTime) / 1000.0 : 0.0;
  }
  void repeatHello(double now);
  void serviceNetwork(double now);
  void onConnectionLost();
  void startReconnecting();
  void sayHello(double now);
  void onMessage(const net::Message& message, double now);
  void onWelcome(const net::Welcome& welcome, double now);
  void onFrames(const net::ServerFrames& frames, double now);
  void onFullState(const net::FullState& full);
  void adoptSnapshot(const net::Snapshot& snapshot);
  void confirmFrames(const net::ServerFrames& message);
  void onConfirmed(std::uint32_t tick, const net::TickFrame& frame, const TickInputs& inputs,
                   const Confirmation& confirmation);
  void reportDesync(std::uint32_t tick, std::uint64_t hash, std::uint32_t serverHash);
  void rebuildPrediction(bool causedByRemote);
  void runDueTicks(const InputProvider& input);
  void advancePredictedTick(const InputProvider& input);
  void sendInputs();
  void refreshStats(double now);
  void sendReport(double now);
  void end(ClientPhase phase, const std::string& reason);

  ClientOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  net::EnetHost host_;
  std::unique_ptr<net::ConnectChallenge> challenge_;  ///< null if the host name did not resolve
  ENetPeer* peer_ = nullptr;
  int connectAttempts_ = 0;
  ClientPhase phase_ = ClientPhase::Connecting;
  std::string endReason_;
  double now_ = 0.0;  ///< the time of the current update
  double joinedAt_ = -1.0;
  double endedAt_ = -1.0;
  double lastProgressAt_ = -1.0;
  std::uint32_t endTick_ = 0;
  double connectStarted_ = -1.0;  ///< the first update
  double attemptStarted_ = -1.0;  ///< the start of this join or rejoin (connectTimeout from it)
  double lastPacketAt_ = -1.0;    ///< the last message from the server
  std::uint32_t helloTimeMs_ = 0;
  double helloSentAt_ = -1.0;  ///< while waiting for the Welcome
  net::Hello hello_;           ///< repeated unreliably until the Welcome comes
  double lastHelloCopyAt_ = -1.0;

  Level level_;
  PhysicsConfig physics_;
  int slot_ = -1;
  net::ReconnectToken token_;
  std::map<int, std::string> names_;

  std::optional<Predictor> predictor_;  ///< from the Welcome on
  TickRing<PlayerInput> ownInputs_;     ///< sampled inputs by the tick they apply at
  std::uint32_t inputAck_ = 0;
  net::LossMeter frameLoss_;  ///< ServerFrames that never arrived, from their sequence
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
