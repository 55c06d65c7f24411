#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <variant>

#include <spdlog/logger.h>

#include "limits/address_rate_limit.h"
#include "server/base/server_config.h"
#include "server/base/server_metrics.h"
#include "server/rooms/room.h"
#include "server/rooms/room_catalog.h"
#include "server/session/outbox.h"

namespace coyote {

/// The open rooms by name and what decides which are open (docs/hosting.md#rooms): the catalog
/// of levels, `main` always, another opened by the first Hello that names it (within an
/// address's opens a minute, a room nobody attends giving way when all are in use), closed after
/// rooms.idle_seconds empty, and started over on another level when an admin sets one. Closing a
/// room takes with it everything about it: its vote, its next level, and the connections still
/// pointing at it (kicked or refused a moment before).
class RoomDirectory {
 public:
  using Rooms = RoomsByName;
  /// Takes a client of a room that changed level into `room`, as a Hello would, on the connection
  /// it has: `player` is its name, "" for a spectator.
  using Mover = std::function<void(Connection& connection, Room& room, const std::string& player)>;
  /// What the parts above it do when a room changes: the directory knows no chat and no votes.
  struct Hooks {
    Mover move;  ///< takes the clients of a room that changed level into its new room
    std::function<void(const Room& room, const std::string& text)> announce;  ///< in its chat
    std::function<void(const Room& room)> closed;  ///< `room` is about to be destroyed
  };

  /// Opens `main` at once (throws std::runtime_error if its replay cannot be written).
  RoomDirectory(const ServerConfig& config, RoomCatalog catalog,
                std::shared_ptr<spdlog::logger> log, Outbox& outbox, Hooks hooks, double now);

  Room& main() const { return *rooms_.find(net::kDefaultRoom)->second; }
  const Rooms& rooms() const { return rooms_; }
  const RoomCatalog& catalog() const { return catalog_; }
  /// The counters of every room closed so far (the process's counters never go down).
  const ServerMetrics& closedRooms() const { return closedRooms_; }

  /// The room a Hello from `address` names, opened if need be, or why it cannot be (the
  /// client's refusal). `busy`: the governor refuses new joins, so no room is opened either.
  std::variant<Room*, std::string> roomFor(const std::string& name, std::uint32_t address,
                                           bool busy, double now);
  /// Whether `name` (as names compare: nameKey) is not free for the player key `fingerprint` in
  /// any room: a connected player holds it, or a reservation of another key. Names are one per
  /// server (docs/protocol.md#text-and-names).
  bool nameTakenFor(std::string_view name, std::string_view fingerprint) const;
  /// Frees the reservations held for the player of `name` and key `fingerprint`, gone from any
  /// room but `except` (whose own Room::claimSlot frees it): that player is back without its
  /// token.
  void releaseReservationsOf(std::string_view name, std::string_view fingerprint,
                             const Room& except);
  /// Closes the rooms (not `main`) that have been empty for rooms.idle_seconds.
  void closeIdle(double now);

  /// What `setLevel` did.
  enum class LevelSet { kWhenTheRoomOpens, kNow, kAtTheRacesEnd };
  /// Room `room` (one the catalog opens) plays `level` from now on: at once, or once nobody in
  /// it is on a run (`wait` s at most).
  LevelSet setLevel(const std::string& room, const Level& level, bool atRacesEnd, double wait,
                    double now);
  /// Applies the changes whose room has no run underway, or whose deadline came.
  void applyLevelChanges(double now);

 private:
  Room& open(const std::string& name, const Level& level, double now, std::uint16_t levelEpoch = 0,
             bool recorded = true);
  std::variant<Room*, std::string> openFor(const std::string& name, const Level& level,
                                           std::uint32_t address, double now);
  /// Closes the room (not `main`) nobody has attended for longest; false if every one is
  /// attended.
  bool giveUpUnattended(const std::string& forRoom, double now);
  void close(Rooms::iterator room, double now);
  /// Closes `room` and opens it again on `level`, moving every client in it over.
  void changeLevel(Rooms::iterator room, const Level& level, double now);

  const ServerConfig& config_;
  RoomCatalog catalog_;
  std::shared_ptr<spdlog::logger> log_;
  Outbox& outbox_;
  Hooks hooks_;
  /// Rooms opened: rooms.opens_per_address a minute.
  AddressRateLimit opens_;
  Rooms rooms_;
  ServerMetrics closedRooms_;
};

}  // namespace coyote
