#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "limits/address_rate_limit.h"
#include "limits/token_bucket.h"
#include "replay/replay_file.h"
#include "server/base/server_config.h"
#include "server/base/server_metrics.h"
#include "server/moderation/ban_list.h"
#include "server/records/run_tracker.h"
#include "server/rooms/frame_sender.h"
#include "server/rooms/input_inbox.h"
#include "server/rooms/player_slots.h"
#include "server/rooms/step_event_log.h"
#include "server/session/connection.h"
#include "wire/messages.h"

namespace coyote {

/// One match on the server (docs/hosting.md#rooms: a world per room, opened on first use, closed
/// once nobody is in it): its level, world, player slots, inputs, tick history, replay and
/// metrics. Rooms know nothing of each other or of the socket: the
/// GameServer's one ENet host and loop hand each room its connections and its ticks.
class Room {
 public:
  /// `record`: the replay file ("" = none). Throws std::runtime_error if it cannot be written.
  /// `levelEpoch`: how many times the room's level changed before this one (its Welcomes say).
  Room(std::string name, const Level& level, const ServerConfig& config,
       std::shared_ptr<spdlog::logger> log, const std::string& record,
       std::uint16_t levelEpoch = 0);
  ~Room();
  Room(const Room&) = delete;
  Room& operator=(const Room&) = delete;

  const std::string& name() const { return name_; }
  const Level& level() const { return level_; }
  std::uint16_t levelEpoch() const { return levelEpoch_; }
  std::uint32_t tick() const { return state_.tick; }
  const ServerMetrics& metrics() const { return metrics_; }
  /// A player who leaves within this long of connecting holds no room open by its reservation.
  static constexpr double kBriefStaySeconds = 10.0;

  /// No player, no spectator, no reservation but of players who stayed seconds: it may close.
  bool empty() const;
  /// A player or a spectator is connected.
  bool attended() const { return metrics_.players > 0 || metrics_.spectators > 0; }
  /// When it was last seen attended (its opening, at first), for the room that gives way.
  double lastAttendedAt() const { return lastAttendedAt_; }
  void opened(double now) { lastAttendedAt_ = now; }
  /// Whether the room has been empty for `seconds` by `now` (asked every loop turn).
  bool idleFor(double seconds, double now);

  /// One fixed step: roster events, the players' inputs, the world step, hash, history, replay.
  /// Adds the step's stage times to `profile` (the server's sum over its rooms).
  void runTick(double now, StepProfile& profile);
  /// Announces the governor's activity caps (0 = none) as the next tick's authoritative event.
  void announceLimits(std::uint16_t radius, std::uint16_t activeBodies);

  // ---- joining and leaving --------------------------------------------------------------------
  /// Its connections, players and spectators, closing ones too until they go (in the order they
  /// came).
  const std::vector<Connection*>& members() const { return members_; }
  /// `connection` is in the room from now on, as a player or spectator just admitted, until
  /// leave().
  void enter(Connection& connection);
  /// `connection` goes to the room that replaces this one on a level change: no longer a member,
  /// without a leave (its slot and the counts stay with this room, which closes).
  void handOver(Connection& connection);
  /// The players (not kicked) named `name`, in any ASCII case.
  std::vector<Connection*> playersNamed(const std::string& name) const;
  /// The slot `token` reserves here, or -1.
  int reservedSlot(const net::ReconnectToken& token) const { return slots_.reconnectSlot(token); }
  bool slotConnected(int slot) const { return slots_[slot].connected; }
  const std::string& slotName(int slot) const { return slots_[slot].name; }
  /// The fingerprint of the key that plays in `slot` (docs/protocol.md#player-keys).
  const std::string& slotOwner(int slot) const { return slots_[slot].owner; }
  /// Whether the name whose nameKey is `key` is not free for the player key `fingerprint`: a
  /// connected player holds it, or the reservation of a player gone with another key (a
  /// reservation gives way to its own key only, see releaseReservationOf).
  bool nameTakenFor(std::string_view key, std::string_view fingerprint) const {
    const int slot = slots_.slotKeyed(key);
    return slot >= 0 && (slots_[slot].connected || slots_[slot].owner != fingerprint);
  }
  /// The slot a connected player of the key `fingerprint` holds under the name whose nameKey is
  /// `key`, or -1.
  int connectedSlotOf(std::string_view key, std::string_view fingerprint) const {
    const int slot = slots_.slotKeyed(key);
    return slot >= 0 && slots_[slot].connected && slots_[slot].owner == fingerprint ? slot : -1;
  }
  /// Frees the reservation of a player gone whose name has nameKey `key`, if it is of the key
  /// `fingerprint` (its character leaves the world): its player comes back as a newcomer of that
  /// name, without its token. Returns its slot, or -1.
  int releaseReservationOf(std::string_view key, std::string_view fingerprint);
  /// A free slot for a newcomer of the key `fingerprint`, or the slot of the oldest reservation
  /// given up for it; -1 full.
  int claimSlot(const std::string& name, std::string_view fingerprint);
  /// `connection` plays in `slot` from now on (a new player joins the world next tick).
  void admitPlayer(Connection& connection, int slot, bool reconnecting);
  /// False when the room has no place for another spectator.
  bool admitSpectator(Connection& connection);
  /// Everything a client needs to play here, its send schedule set from the next tick on.
  net::Welcome welcome(Connection& connection, const net::Hello& hello, std::uint32_t sendPhase,
                       double now);
  /// The connection is gone (and no longer a member): a player keeps its reservation for
  /// net.reconnect_window (unless kicked), a spectator simply leaves.
  void leave(Connection& connection, double now);
  /// Frees the reservations whose player did not come back in time.
  void expireReservations(double now);

  // ---- in the game ----------------------------------------------------------------------------
  /// Stores a player's inputs; returns why the batch is refused, or "".
  std::string receiveInputs(Connection& connection, const net::InputBatch& batch, double now);
  /// A desync report: always counted (and logged at most once a second). It is answered with a
  /// full state unless this connection had one less than kMinRepairSeconds ago (a report that
  /// soon after a repair means the repair did not help, and repeating it faster would not) or
  /// the address has had its repairs (`addressRepairs`).
  void repairDesync(Outbox& outbox, Connection& connection, const net::DesyncReport& report,
                    double now, AddressRateLimit& addressRepairs);
  static constexpr double kMinRepairSeconds = 4.0;
  /// Takes a client's figures into the room's metrics; false (nothing taken) when they are
  /// implausible (client_report_check.h).
  bool noteClientReport(Connection& connection, const net::ClientReport& report);
  /// Queues the frames `connection` has not acknowledged in `outbox`; the next send
  /// `ticksPerSend` later.
  void sendFramesTo(Outbox& outbox, Connection& connection, std::uint32_t ticksPerSend, double now);

  /// Closes the replay and logs where it went.
  void close();

  /// Moves the runs finished since the last call to `out` (none unless records are kept).
  void takeFinishedRuns(std::vector<FinishedRun>& out);
  /// The board of this room's race (16 hex digits), "" without a race or records.
  const std::string& course() const { return course_; }
  /// Bytes the room holds: its state and scratch, tick history, inboxes, metrics windows and
  /// queues (coyote_room_memory_bytes; the test of a room emptied again reads it).
  std::size_t memoryBytes() const;
  /// The CPU time of its last tick, µs, as the thread that stepped it measured.
  void noteTickCpu(double micros) { metrics_.tickCpuTime.add(micros); }
  /// Whether a chat line of `bytes` may go to the room now: 1 KB a second to each client, a
  /// burst of 2 KB.
  bool admitChat(double now, std::size_t bytes) {
    return chatBudget_.admit(now, static_cast<double>(bytes));
  }
  /// Bodies that move now: characters, platforms and crates not asleep.
  std::size_t activeBodies() const;
  /// Runs followed now, for the metrics.
  std::size_t runsInProgress() const { return runs_ ? runs_->running() : 0; }
  /// Characters whose race run has started and not finished (records kept or not).
  int runnersUnderway() const;

  // ---- what belongs to the room and goes with it ----------------------------------------------
  /// A level an admin set for it, waiting for the runs underway to end (or for its deadline).
  struct NextLevel {
    const Level* level = nullptr;
    double deadline = 0.0;  ///< s, server time: applied then even if someone still runs
  };
  std::optional<NextLevel>& nextLevel() { return nextLevel_; }
  const std::optional<NextLevel>& nextLevel() const { return nextLevel_; }

 private:
  /// Logs a reservation given up to `to`, releases its inputs and queues its character's leave.
  void reservationReleased(int slot, const std::string& name, std::string_view to);
  void recordInputTiming(Connection& connection, std::uint32_t newestTick,
                         std::optional<std::int16_t> margin);

  std::string name_;
  const Level& level_;
  std::uint16_t levelEpoch_;
  const ServerConfig& config_;
  StepParameters parameters_;
  std::shared_ptr<spdlog::logger> log_;
  WorldState state_;
  ServerMetrics metrics_;
  EventBatch stepEvents_;  ///< the last step's events (a member: 12 KB, kept off the stack)
  StepEventLog stepEventLog_;
  PlayerSlots slots_;
  InputInbox inbox_;
  FrameSender frames_;
  std::vector<RosterEvent> pendingEvents_;
  std::unique_ptr<ReplayWriter> replay_;
  std::unique_ptr<RunTracker> runs_;  ///< with records kept, on a level with a race
  std::vector<FinishedRun> finishedRuns_;
  std::string course_;  ///< runs_'s course as the records name it, "" without one
  TokenBucket chatBudget_{2048.0, 1024.0};  ///< bytes of chat to each client
  double emptySince_ = -1.0;                ///< s, when it was last found empty; -1 while occupied
  double lastAttendedAt_ = 0.0;             ///< s, see lastAttendedAt()
  std::optional<NextLevel> nextLevel_;
  std::vector<Connection*> members_;
};

/// The open rooms by name, as the RoomDirectory holds them.
using RoomsByName = std::map<std::string, std::unique_ptr<Room>, std::less<>>;

/// `record` (world.record) for room `room`: `{room}` replaced by its name; a path without
/// `{room}` records `main` only ("" for the others).
std::string roomRecordPath(const std::string& record, const std::string& room);

/// Whom moderation asks about for `connection`: its player's name ("" for a spectator), its
/// key and its address.
Who whoIs(const Connection& connection);

}  // namespace coyote
