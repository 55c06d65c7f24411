#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "limits/address_rate_limit.h"
#include "server/base/failure_summary.h"
#include "server/base/server_config.h"
#include "server/bridges/records_bridge.h"
#include "server/chat/chat_router.h"
#include "server/handshake/server_addresses.h"
#include "server/moderation/moderation.h"
#include "server/rooms/room_directory.h"
#include "server/session/outbox.h"
#include "server/tick/overload_governor.h"
#include "wire/messages.h"

namespace coyote {

/// The Hello and what answers it (docs/protocol.md#how-a-match-runs), apart from the sessions as
/// GGPO keeps its UdpProtocol handshake apart from its session: the protocol version, the name,
/// the joins an address may make, bans and the password (Moderation), the room
/// (RoomDirectory), a reconnect token's slot (a wrong guess limited per address, the slot's old
/// connection replaced), admission as a player or a spectator, then the Welcome, kept to answer
/// a client that repeats its Hello. Whoever is refused hears why in a Refusal.
class Handshake {
 public:
  /// The send phase a newcomer's frames take (the server's round robin over the ticks between
  /// two sends).
  using SendPhase = std::function<std::uint32_t()>;
  struct Counters {
    std::uint64_t welcomeCopies = 0;  ///< Welcomes sent again for a repeated Hello
  };

  Handshake(const ServerConfig& config, std::shared_ptr<spdlog::logger> log, Outbox& sessions,
            RoomDirectory& rooms, Moderation& moderation, ChatRouter& chat, RecordsBridge& records,
            const OverloadGovernor& governor, SendPhase sendPhase, ServerAddresses addresses);

  /// `connection` (pending) said `hello` at `now`: it enters a room with its Welcome, or is
  /// refused.
  void hello(Connection& connection, const net::Hello& hello, double now);
  /// `connection` (pending) sent a Hello this server cannot read, claiming `version`: a client
  /// of an older or a slightly newer version is refused with the version it needs; anything
  /// else is malformed (false).
  bool unreadableHello(Connection& connection, std::uint16_t version, double now);
  /// A client in a room repeats its Hello until a Welcome comes: answered with a copy
  /// (welcome_copies.h).
  void repeatedHello(Connection& connection, double now);
  /// `connection`'s room changed level (docs/hosting.md#changing-a-rooms-level): it enters
  /// `room`, the new one, as a Hello would have it, on the connection it has: a player
  /// (`player`: its name; "" for a spectator) takes a slot under its name (the slots are as many
  /// as before, so there is one), a spectator watches again; then the room's Welcome.
  void readmit(Connection& connection, Room& room, const std::string& player, double now);

  const Counters& counters() const { return counters_; }

  /// Accepts Hellos signed for `endpoint` too (ServerAddresses::add).
  void addPublicAddress(const net::ServerEndpoint& endpoint) { addresses_.add(endpoint); }

 private:
  /// Why `hello` is refused before any room is looked at, or "".
  std::string refusalOf(Connection& connection, const net::Hello& hello, double now);
  /// Why the Hello's key is not proven (docs/protocol.md#player-keys), or "" (and the
  /// connection knows its key from now on).
  std::string keyRefusal(Connection& connection, const net::Hello& hello, double now);
  bool admitPlayer(Room& room, Connection& connection, const net::Hello& hello, double now);
  bool admitSpectator(Room& room, Connection& connection, double now);
  int reconnectingSlot(Room& room, Connection& connection, const net::ReconnectToken& token,
                       double now);
  bool replaceOldConnection(const Room& room, int slot, double now);
  int sameKeysSlot(Room& room, Connection& connection, const std::string& name, double now);
  void welcome(Room& room, Connection& connection, const net::Hello& hello, double now);
  void refuse(Connection& connection, const std::string& reason, double now) {
    sessions_.close(connection, {Closing::Kind::kRefused, reason}, now);
  }

  const ServerConfig& config_;
  std::shared_ptr<spdlog::logger> log_;
  Outbox& sessions_;
  RoomDirectory& rooms_;
  Moderation& moderation_;
  ChatRouter& chat_;
  RecordsBridge& records_;
  const OverloadGovernor& governor_;
  SendPhase sendPhase_;
  ServerAddresses addresses_;
  /// Joins (accepted Hellos, players and spectators): 4 × net.peers_per_address in 10 s, so that
  /// reconnecting over and over cannot draw Welcome after Welcome.
  AddressRateLimit joins_;
  /// Wrong reconnect tokens: 5 per address in 10 s, then its guesses are refused.
  AddressRateLimit wrongTokens_{5, 10.0};
  Counters counters_;
  /// Hellos whose key was not proven, one log line per interval.
  FailureSummary keyLog_{"Hellos refused for their player key"};
  /// Hellos that bans or the password refused, one log line per interval.
  FailureSummary refusalLog_{"Hellos refused by a ban or the password"};
};

}  // namespace coyote
