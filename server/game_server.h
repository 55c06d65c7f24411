#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <spdlog/logger.h>

#include "limits/address_rate_limit.h"
#include "server/admin/admin_commands.h"
#include "server/admin/admin_desk.h"
#include "server/base/server_config.h"
#include "server/base/server_metrics.h"
#include "server/base/server_time.h"
#include "server/bridges/records_bridge.h"
#include "server/chat/chat_router.h"
#include "server/handshake/handshake.h"
#include "server/moderation/moderation.h"
#include "server/prometheus_text.h"
#include "server/records/records_service.h"
#include "server/rooms/room.h"
#include "server/rooms/room_directory.h"
#include "server/rooms/room_stepper.h"
#include "server/session/connection.h"
#include "server/session/malformed_packets.h"
#include "server/session/session_host.h"
#include "server/settings_reload.h"
#include "server/tick/overload_governor.h"
#include "server/tick/tick_clock.h"
#include "server/tick/tick_timing.h"
#include "server/votes/votes.h"
#include "wire/messages.h"

namespace coyote {

/// The authoritative dedicated server (docs/protocol.md, docs/hosting.md): accepts players and
/// spectators over ENet into rooms (Room: one match each, `main` always open, the others opened by
/// the first Hello naming them and closed after rooms.idle_seconds empty), simulates every room
/// each tick with the inputs that arrived (a missing one is the player's last input), and sends
/// each client the authoritative inputs and hashes it has not acknowledged. One ENet host and one
/// loop serve every room.
///
/// It never reads a clock (yojimbo's `AdvanceTime`): a loop calls `receive()`, `advance(now)`
/// and `send()` — server/main.cpp with the monotonic and wall clocks, the tests with made-up ones.
class GameServer final : private SessionEvents {
 public:
  /// Binds the socket at once (throws std::runtime_error if it cannot) and opens room `main`
  /// (and its replay). `level` is world.level; `roomLevels` the [rooms.levels], loaded.
  /// `start` is when it starts; the first tick is due one step later. Bans count their Unix
  /// times from `start.unixSeconds` on the monotonic clock, so a clock set back frees nobody.
  /// `stageClock` times each tick's stages for the metrics and the governor.
  GameServer(const ServerConfig& config, const Level& level, std::shared_ptr<spdlog::logger> logger,
             ServerTime start, RoomLevels roomLevels = {},
             StageClock& stageClock = machineStageClock());
  ~GameServer();
  GameServer(const GameServer&) = delete;
  GameServer& operator=(const GameServer&) = delete;

  /// The port actually bound (useful with port 0).
  std::uint16_t port() const { return sessions_.port(); }

  /// Handles what arrived on the socket: connections, disconnections, messages. Waits up to
  /// `waitMs` for the first event (0: returns at once).
  void receive(int waitMs = 0);

  /// Runs the ticks due by `now` (at most `sim.max_substeps`; lag beyond that is dropped, not
  /// chased), then drops connections that never said Hello and frees expired reservations.
  /// `now.unixSeconds` dates the runs finished.
  void advance(ServerTime now);

  /// Sends the frames that the ticks just run made due and flushes the socket.
  void send();

  /// When the next tick is due (s), so that a loop can wait for packets until then.
  double nextTickTime() const { return clock_.nextTickTime(); }

  /// Takes what a running server can change from `fresh`, the settings read again
  /// (settings_reload.h): the browser's name and MOTD, the password a Hello must carry.
  SettingsChange reloadSettings(const ServerConfig& fresh);

  /// Says goodbye to every client; keep calling `receive()` for a moment to deliver it, then
  /// `close()`.
  void sayGoodbye(const std::string& reason);
  bool hasConnections() const { return !sessions_.empty(); }
  /// Closes the replays and logs the final metrics.
  void close();

  /// The process's figures with every room's counters added, closed rooms included.
  ServerMetrics metrics() const;
  /// Players connected, all rooms together.
  int players() const;
  /// The tick of room `main`.
  std::uint32_t tick() const { return mainRoom().tick(); }
  /// The open rooms by name.
  const RoomDirectory::Rooms& rooms() const { return directory_.rooms(); }
  /// Each open room's name, tick and metrics, for the metrics page.
  std::vector<RoomFigures> roomFigures() const;
  int governorLevel() const { return governor_.level(); }
  /// Ticks between two frame messages to one client (doubled by the governor's level 1).
  std::uint32_t ticksPerSend() const { return ticksPerSend_; }

  double elapsedSeconds() const { return now_ - startTime_; }
  /// Where the admin API (server/admin/admin_api.h) leaves its commands; `advance` serves them.
  AdminDesk& adminDesk() { return adminDesk_; }
  /// What a server info query is answered with (rooms listed from `firstRoom`); the master
  /// servers are told the same, every room.
  net::ServerInfo serverInfo(std::uint16_t firstRoom) const;
  /// Where players also reach the server, learnt after the start (Agones' GameServer status):
  /// Hellos signed for it are accepted.
  void addPublicAddress(const net::ServerEndpoint& endpoint) {
    handshake_.addPublicAddress(endpoint);
  }
  /// Hands the master servers' token datagrams to `sink` (server/registry/master_registrar.h).
  void setTokenSink(SessionHost::TokenSink sink) { sessions_.setTokenSink(std::move(sink)); }
  const BanList& bans() const { return moderation_.bans(); }
  /// Sessions the parts keep state for, summed over the parts: each part drops a session's
  /// state when it ends, so this is at most the open sessions times the parts.
  std::size_t sessionStateKept() const {
    return malformed_.sessionsKept() + chat_.sessionsKept() + votes_.sessionsKept() +
           recordsBridge_.sessionsKept();
  }

 private:
  // SessionEvents
  void onPacket(Connection& connection, std::span<const std::uint8_t> packet) override;
  void onClosed(Connection& connection, bool announce) override;
  void onMessage(Connection& connection, const net::Message& message);
  void rejectPacket(Connection& connection, const std::string& reason);
  /// The send phase of a client that joins or moves: round robin over the ticks between two
  /// sends, so that frames to many clients spread over the ticks.
  std::uint32_t nextSendPhase() { return sendPhases_++ % ticksPerSend_; }

  Room& mainRoom() const { return directory_.main(); }
  /// Takes a client of a room that changed level into its new room (RoomDirectory::Mover).
  void runTick();
  /// Ends the votes that passed, failed or ran out of time (ten times a second).
  void judgeVotes();
  /// Runs the admin API's commands waiting at the desk (AdminCommands).
  void serveAdmin();

  /// Acts on a change of the governor's level, if any: the send rate, the rooms' limits, the log.
  void applyGovernorLevel(const std::optional<OverloadGovernor::Transition>& change);
  void expireConnections();
  void updateTraffic();
  void updateLossFigures();

  ServerConfig config_;
  std::shared_ptr<spdlog::logger> log_;
  SessionHost sessions_;
  MalformedPackets malformed_;
  /// The process's own figures (time, traffic, governor), plus the counters of closed rooms.
  ServerMetrics metrics_;
  /// Full-state repairs of desyncs: 6 per address in 10 s.
  AddressRateLimit repairs_{6, 10.0};
  AdminDesk adminDesk_;
  std::unique_ptr<RecordsService> records_;  ///< with records.path or records.url
  Moderation moderation_;
  ChatRouter chat_;
  Votes votes_;
  RecordsBridge recordsBridge_;
  RoomDirectory directory_;
  AdminCommands adminCommands_;
  double startTime_ = 0.0;
  double now_ = 0.0;
  std::int64_t unixNow_ = 0;  ///< the wall clock's, as of the last advance
  TickClock clock_;
  double lastMetricsLog_ = 0.0;
  std::uint32_t baseTicksPerSend_ = 1;  ///< from net.send_rate
  std::uint32_t ticksPerSend_ = 1;      ///< what the governor leaves of it
  OverloadGovernor governor_;
  TickTiming tickTiming_;
  Handshake handshake_;
  RoomStepper roomStepper_;
  double nextExpiry_ = 0.0;       ///< when connections and rooms are next looked at
  std::uint32_t sendPhases_ = 0;  ///< round robin of the clients' send phases
  bool framesDue_ = false;
};

}  // namespace coyote
