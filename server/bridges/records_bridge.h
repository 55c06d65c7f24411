#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "server/chat/chat_router.h"
#include "server/records/records_service.h"
#include "server/rooms/room.h"
#include "server/session/outbox.h"
#include "server/session/per_session.h"

namespace coyote {

/// Between the rooms and the records thread (docs/hosting.md#records): the runs the rooms
/// finished go to the RecordsService (and each room hears who finished in what time); the
/// boards and ghosts it looked up go back to the player who asked, if that player is still in
/// that room, slot and course. It never waits on the database. Without records (no service) it
/// does nothing.
class RecordsBridge {
 public:
  using Rooms = RoomsByName;
  /// Ghost requests answered per connection: 4 in 2 s (a client asks for two at a time).
  static constexpr int kGhostRequests = 4;
  static constexpr double kGhostWindowSeconds = 2.0;

  /// `records`: nullptr without records; it, `chat` and `outbox` must outlive this.
  RecordsBridge(RecordsService* records, std::size_t queueLimit, ChatRouter& chat, Outbox& outbox,
                std::shared_ptr<spdlog::logger> log);

  /// A player took `slot` of `room`: its board of the room's race is looked up.
  void playerJoined(const Room& room, int slot);
  /// A spectator came into `room`: its race's board (the top 10) goes to the room's spectators.
  void spectatorJoined(const Room& room);
  /// A GhostRequest from `connection` (dropped without records there, or beyond its limit).
  void requestGhost(Connection& connection, const net::GhostRequest& request, double now);
  /// `connection`'s session ended: its window of ghost requests goes.
  void forget(const Connection& connection) { askers_.forget(connection); }
  std::size_t sessionsKept() const { return askers_.size(); }
  /// The fingerprint of the key that owns `name` on these records (docs/hosting.md#records), ""
  /// if none does or there are no records.
  std::string nameOwner(const std::string& name) const;
  /// Lets any key use `name` again; false without records.
  bool releaseName(const std::string& name);
  /// Once a tick: the finished runs out (dated `unixNow`, the wall clock's seconds), the
  /// answers back, and the boards of the players on a course a run changed looked up again.
  void exchange(const Rooms& rooms, std::int64_t unixNow);

 private:
  void submitFinishedRuns(const Rooms& rooms, std::int64_t unixNow);
  void send(const RecordsAnswer& answer, const Rooms& rooms);

  RecordsService* records_;
  std::size_t queueLimit_;
  ChatRouter& chat_;
  Outbox& outbox_;
  std::shared_ptr<spdlog::logger> log_;
  std::vector<FinishedRun> finishedRuns_;    ///< reused each tick
  std::vector<RecordsAnswer> answers_;       ///< reused each tick
  std::vector<std::string> changedCourses_;  ///< reused each tick
  struct GhostWindow {
    double start = -1e9;  ///< s, when its current window of ghost requests began
    int requests = 0;     ///< ghost requests in that window
  };
  PerSession<GhostWindow> askers_;
};

}  // namespace coyote
