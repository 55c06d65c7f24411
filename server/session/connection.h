#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "net/loss_meter.h"
#include "server/base/proven_output.h"
#include "server/session/welcome_copies.h"
#include "wire/messages.h"
#include "wire/player_identity.h"

namespace coyote {

class Room;

/// Why a session ends, and so how it is closed (SessionHost::close, docs/protocol.md#bounds).
struct Closing {
  enum class Kind {
    kRefused,   ///< its Hello refused: a Refusal, then it goes once that had its chance
    kKicked,    ///< a Goodbye, then the same; its player keeps no reservation
    kDropped,   ///< reset at once with ENet's one notice (deadlines, evictions)
    kReplaced,  ///< its player came back on a new connection: reset, and nobody left
  };
  Kind kind;
  std::string reason;  ///< what a Refusal or Goodbye says; empty for the others
};

/// What a connection and its room's match have agreed so far: acknowledgements, its send
/// schedule, loss and margins, the client's last report, its Welcome's copies. A level change
/// (docs/hosting.md#changing-a-rooms-level) starts it afresh, as a Hello would.
struct MatchSync {
  std::uint32_t ackTick = 0;        ///< frames start after it: the client's ack or a full state
  std::uint32_t nextSendTick = 0;   ///< frames go out when the server reaches this tick
  std::uint8_t frameSequence = 0;   ///< numbers its ServerFrames (the client measures loss)
  net::LossMeter inputLoss;         ///< its input batches that never arrived (by newest tick)
  std::uint32_t newestInput = 0;    ///< the newest tick its inputs reached
  std::uint32_t clientAck = 0;      ///< newest tick the client itself said it confirmed
  double lastAckAdvance = 0.0;      ///< s, when `clientAck` last moved forward
  int stalledFullStates = 0;        ///< full states sent since it stopped acknowledging
  std::int16_t reportedMargin = 0;  ///< ticks early, as last sent to the client
  std::optional<std::int16_t> marginSinceSend;  ///< the smallest margin since then
  double lastFullState = -1e9;                  ///< s, its last full state (repair or catch-up)
  net::ClientReport report;                     ///< the client's last report
  std::uint32_t reportTick = 0;                 ///< the room's tick when it was taken
  WelcomeCopies welcomeCopies;                  ///< its Welcome, until it shows it has one
  double lastRepairAt = -1e9;                   ///< s, its last full state for a desync report
  std::uint32_t desyncReports = 0;              ///< its desync reports, all counted, few logged
  double lastDesyncLog = -1e9;                  ///< s
};

/// One client as the server sees it, from CONNECT to DISCONNECT, in two parts by owner: its
/// link and what it proved (SessionHost's, and the handshake's key), which outlive a level change
/// of its room; and its seat in a match (`role`, `slot`, `room`, `sync`: its room's, written by
/// Room::enter and leave), which does not. The limits and timers of the parts above (chat, votes,
/// ghost requests, malformed packets) are theirs, kept by session id (per_session.h). Its ENet
/// peer is SessionHost's alone: the parts above reach the client through an Outbox.
struct Connection {
  enum class Role { Pending, Player, Spectator };

  std::uint32_t id = 0;              ///< its session's number, given at CONNECT, never reused
  std::uint32_t ipv4 = 0;            ///< its address, network byte order: per-address limits
  std::string address;               ///< "a.b.c.d:port", for logs
  std::string host;                  ///< "a.b.c.d", what an address ban names
  std::uint32_t cookie = 0;          ///< the connect cookie its CONNECT carried (Hello signs it)
  net::PlayerPublicKey key;          ///< its player's key, once its Hello proved it
  std::string fingerprint;           ///< of that key (hello_proof.h), for bans, mutes and admins
  double connectedAt = 0.0;          ///< s, server time
  double lastPacketAt = 0.0;         ///< s, server time of its last message
  double roundTripSeconds = 0.0;     ///< the link's estimate, as of its last message
  std::uint64_t bytesReceived = 0;   ///< payload of every packet it sent (what it has proven)
  std::uint64_t fullStateBytes = 0;  ///< full states sent to it (repairs, catching up)

  /// Full states beyond its Welcome are sent only within what it has proven: kFreeFullStateBytes,
  /// or 3 times the bytes it sent if that is more. A client that plays sends some 3 KB a second,
  /// so a repair on a world of thousands of crates comes within seconds; a peer that only
  /// reports desyncs or stops acknowledging draws no more than 3 times its own bytes.
  static constexpr std::uint64_t kFreeFullStateBytes = 64 * 1024;
  bool mayReceiveFullState(std::size_t bytes) const {
    return withinProvenOutput(fullStateBytes, bytes, kFreeFullStateBytes, bytesReceived);
  }

  // ---- its seat in a match: its room's ---------------------------------------------------------
  Role role = Role::Pending;  ///< Pending until its Hello is accepted
  int slot = -1;              ///< player slot, for a Player
  Room* room = nullptr;       ///< where it plays or watches (Room::enter), until it leaves
  MatchSync sync;

  /// How it ends, once it is refused or kicked: why, and since when (s, server time). It goes
  /// once its last word had its chance (SessionHost::kClosingSeconds at most).
  struct Ending {
    Closing why;
    double since = 0.0;
  };
  std::optional<Ending> ending;
  bool closing() const { return ending.has_value(); }
  /// Answered with a Refusal: nothing more it sends is read.
  bool refused() const { return ending && ending->why.kind == Closing::Kind::kRefused; }
  /// Put out for what it did: its player keeps no reservation.
  bool kicked() const { return ending && ending->why.kind == Closing::Kind::kKicked; }

  /// Its room changed level: it takes the new room's Welcome as if it had just said Hello, with
  /// what it had proven and its limits kept. It is in no room until it enters the new one.
  void moveToNewRoom() {
    role = Role::Pending;
    slot = -1;
    room = nullptr;
    sync = MatchSync{};
    ending.reset();
  }
};

}  // namespace coyote
