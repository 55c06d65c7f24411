#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "client/core/server_connection.h"
#include "sim/state/player_input.h"
#include "util/tick_ring.h"

namespace coyote {

/// What a LiteClient observed, and only that: it simulates nothing, so it cannot say that the
/// server's world is right, only that frames came in order and that every full state it received
/// hashes to the frame hash of its tick.
struct LiteStats {
  std::uint32_t welcomeTick = 0;    ///< the Welcome snapshot's tick
  std::uint32_t confirmedTick = 0;  ///< newest tick whose frame (or full state) arrived in order
  std::uint64_t frameMessages = 0;  ///< ServerFrames received
  std::uint64_t frames = 0;         ///< tick frames taken (each tick once)
  std::uint64_t gaps = 0;           ///< messages whose first frame was past the confirmed tick
  std::uint64_t fullStates = 0;
  std::uint64_t hashesChecked = 0;  ///< full states whose tick had a frame hash to compare with
  std::uint64_t hashMismatches = 0;
  std::uint64_t inputsSent = 0;  ///< ticks of input, each counted once
  std::uint64_t batchesSent = 0;
  int inputMargin = 0;  ///< the server's last report: ticks our inputs arrive early
  int lead = 0;         ///< ticks ahead of the server's estimated tick our inputs are made for
};

/// A load-test client (`coyote-bot --lite`): it joins like a player (cookie, ENet, Hello,
/// Welcome, reconnect token), sends an input every tick made `lead` ticks ahead of the server and
/// paced by the margin the server reports, acknowledges the frames it receives, and predicts
/// nothing. One process drives hundreds of them; their cost to the server is a real player's.
class LiteClient final : public ServerConnectionListener {
 public:
  using InputSource = std::function<PlayerInput(std::uint32_t tick)>;

  LiteClient(ClientOptions options, std::shared_ptr<spdlog::logger> logger, InputSource inputs);

  /// Network in, inputs due by `now` out. Call it about once a tick.
  void update(double now);
  void disconnect() { connection_.disconnect(); }

  const LiteStats& stats() const { return stats_; }
  const ServerConnection& connection() const { return connection_; }
  int playerSlot() const { return slot_; }
  /// When the last frame or full state advanced the confirmed tick (-1: never).
  double lastProgressAt() const { return lastProgressAt_; }

  void onWelcome(const net::Welcome& welcome, double handshakeSeconds, WelcomeKind kind,
                 double now) override;
  void onServerMessage(const net::Message& message, double now) override;

 private:
  void onFrames(const net::ServerFrames& frames, double now);
  void onFullState(const net::FullState& full, double now);
  void adjustLead(int margin, double now);
  void sendInputs(double now);

  ClientOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  ServerConnection connection_;
  InputSource inputs_;
  LiteStats stats_;
  TickRing<std::uint32_t> frameHashes_;  ///< the frames' 32-bit hashes by tick
  TickRing<PlayerInput> ownInputs_;
  int slot_ = -1;
  double tickRate_ = 60.0;
  std::uint32_t serverTick_ = 0;  ///< the newest server tick heard of, and when
  double serverTickAt_ = -1.0;
  std::uint32_t inputAck_ = 0;     ///< the server holds our inputs up to this tick
  std::uint32_t newestInput_ = 0;  ///< the newest tick an input was made for
  double lastLeadChange_ = -1.0;
  double lastProgressAt_ = -1.0;
};

}  // namespace coyote
