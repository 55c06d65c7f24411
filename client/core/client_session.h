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

#include "client/core/chat_log.h"
#include "client/core/client_options.h"
#include "client/core/client_stats.h"
#include "client/core/predictor.h"
#include "client/core/race_ghosts.h"
#include "client/core/rollback_correction.h"
#include "client/core/server_connection.h"
#include "client/core/time_sync.h"
#include "net/loss_meter.h"
#include "sim/world_step.h"
#include "util/tick_ring.h"
#include "wire/messages.h"

namespace coyote {

/// Samples this client's input for a tick.
using InputProvider = std::function<PlayerInput(std::uint32_t tick)>;

/// The headless client core (docs/protocol.md#prediction-and-rollback): it confirms the
/// server's frames and checks their hashes, repairs desyncs, predicts and sends this client's
/// inputs paced by TimeSync, and counts what it sees; its ServerConnection connects, keeps the
/// connection and rejoins, and a Predictor owns the confirmed and predicted states and the
/// rollback. No SFML, no clock: time is passed to `update`.
class ClientSession : private ServerConnectionListener {
 public:
  ClientSession(ClientOptions options, std::shared_ptr<spdlog::logger> logger);
  ~ClientSession() override;
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  /// Services the network and advances the predicted state by the ticks that `now` (seconds,
  /// any monotonic origin) has made due.
  void update(double now, const InputProvider& input);

  /// Says goodbye to the server (best effort) and stops.
  void disconnect();

  ClientPhase phase() const { return connection_.phase(); }
  const std::string& endReason() const { return connection_.endReason(); }
  /// True once a Welcome arrived (a refused or unanswered client never joined).
  bool joined() const { return connection_.joined(); }
  /// Its connection to the server: the handshake's state and figures.
  const ServerConnection& connection() const { return connection_; }
  /// Levels the room changed to while this client played: a view of the level redraws it when
  /// this changes.
  int levelChanges() const { return connection_.levelChanges(); }
  /// Seconds from the first update to the Welcome (-1 if it never joined).
  double secondsToJoin() const;
  /// Seconds between the Welcome and the end of the session (or `now` while it lasts).
  double secondsPlayed(double now) const;
  /// Seconds since the confirmed state last advanced: a server that dropped this client
  /// without a word shows here first.
  double secondsWithoutProgress(double now) const;
  /// The confirmed tick when the session ended (0 while it lasts).
  std::uint32_t endTick() const;
  int playerSlot() const { return slot_; }
  const net::ReconnectToken& reconnectToken() const { return connection_.reconnectToken(); }
  const ClientOptions& options() const { return options_; }

  const WorldState& predicted() const;
  /// The predicted state one tick before `predicted()`, for render interpolation.
  const WorldState& previousPredicted() const;
  /// The effects of the events simulated so far, or nullptr before the Welcome.
  const EffectList* effects() const { return predictor_ ? &predictor_->effects() : nullptr; }
  const RaceProgress* race() const { return predictor_ ? &predictor_->race() : nullptr; }
  /// The room's race board for this player, once the server sent one (races with records).
  const std::optional<net::RaceBoard>& raceBoard() const { return raceBoard_; }
  /// The ghosts of the room's race this client holds (the best, the record).
  const RaceGhosts& ghosts() const { return ghosts_; }
  /// The room's chat as received.
  const ChatLog& chat() const { return chat_; }
  /// Says `text` to the room; returns why it cannot (checked as the server checks), or "".
  std::string say(const std::string& text);
  const WorldState& confirmed() const;
  /// Fraction of the next tick already elapsed, in [0, 1): the render interpolation factor.
  double tickFraction() const;
  const Level& level() const { return level_; }
  const PhysicsConfig& physics() const { return physics_; }
  std::string nameOf(int slot) const;
  const ClientStats& stats() const { return stats_; }

  /// Remote characters moved by rollbacks since the last call, for render smoothing.
  std::vector<RollbackCorrection> takeCorrections() { return std::exchange(corrections_, {}); }

 private:
  void onWelcome(const net::Welcome& welcome, double handshakeSeconds, WelcomeKind kind,
                 double now) override;
  void onServerMessage(const net::Message& message, double now) override;
  void leadTheServer(double handshakeSeconds);
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

  ClientOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  ServerConnection connection_;
  double now_ = 0.0;  ///< the time of the current update
  double lastProgressAt_ = -1.0;

  Level level_;
  PhysicsConfig physics_;
  int slot_ = -1;
  std::map<int, std::string> names_;
  std::optional<net::RaceBoard> raceBoard_;
  RaceGhosts ghosts_;
  ChatLog chat_;

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
