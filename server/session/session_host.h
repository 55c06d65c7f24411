#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>

#include <spdlog/logger.h>

#include "net/connect_gate.h"
#include "net/enet_host.h"
#include "server/base/server_config.h"
#include "server/base/server_metrics.h"
#include "server/session/connection.h"
#include "server/session/info_responder.h"
#include "server/session/outbox.h"

namespace coyote {

/// What the server above the sessions hears from them.
class SessionEvents {
 public:
  virtual ~SessionEvents() = default;
  /// A packet from `connection`, not closing (what a closing one sends is not read).
  virtual void onPacket(Connection& connection, std::span<const std::uint8_t> packet) = 0;
  /// `connection` is about to be forgotten: its room must let it go. `announce`: its player
  /// left (false when it came back on a new connection).
  virtual void onClosed(Connection& connection, bool announce) = 0;
};

/// The game port and everyone on it (DDNet's CServer network half, GGPO's udp side): the ENet
/// host; before ENet sees a datagram, the info responder and the connect gate with its cookies;
/// which CONNECT may make a peer (per address, a client's own retry, a full table); the half-open
/// handshakes, connections still to say Hello and closing ones, each within its deadline; the
/// traffic figures. Every session ends through one `close(connection, why, now)`. It knows
/// nothing of rooms or messages: it hands each packet and each end to its SessionEvents.
class SessionHost final : public Outbox {
 public:
  using Connections = std::unordered_map<ENetPeer*, std::unique_ptr<Connection>>;

  /// Binds the socket at once (throws std::runtime_error if it cannot).
  SessionHost(const ServerConfig& config, std::shared_ptr<spdlog::logger> log,
              InfoResponder::InfoSource info, SessionEvents& events, double now);

  std::uint16_t port() const { return host_.port(); }
  /// The IPv4 host it is bound to, in network byte order (0: every interface).
  std::uint32_t boundHost() const { return host_.get()->address.host; }

  /// Who takes the master servers' token datagrams (listing/master_token.h): true if the
  /// datagram was one (ENet must not see it).
  using TokenSink = std::function<bool(std::span<const std::uint8_t>)>;
  void setTokenSink(TokenSink sink) { tokenSink_ = std::move(sink); }

  /// Handles what arrived by `now`, waiting up to `waitMs` for the first event (0: at once).
  void receive(int waitMs, double now);
  /// Sends what is queued.
  void flush() { enet_host_flush(host_.get()); }

  // Outbox: every session ends through `close`.
  void send(Connection& to, std::span<const std::uint8_t> encoded, net::Channel channel) override;
  void close(Connection& connection, const Closing& why, double now) override;

  /// Drops the connections past their deadline: no Hello after kHelloTimeoutSeconds, closing
  /// for kClosingSeconds, or (players and spectators) silent for net.peer_timeout.
  void expire(double now);
  /// Logs the CONNECTs the gate dropped, at most every 10 s.
  void reportRefusedConnects(double now);
  /// Tells every connection goodbye and disconnects it once delivered.
  void sayGoodbye(const std::string& reason);

  /// Calls `visit(connection)` for every connection, in no particular order.
  template <class Visit>
  void forEachConnection(Visit&& visit) const {
    for (const auto& entry : connections_) {
      visit(*entry.second);
    }
  }
  bool empty() const { return connections_.empty(); }
  /// Copies the socket's figures (traffic, cookies, info queries, evictions) into `metrics`.
  void countInto(ServerMetrics& metrics) const;

  static constexpr double kHelloTimeoutSeconds = 2.0;  ///< a silent connection is then dropped
  /// A refused or kicked connection gets this long to take its last message before it is reset
  /// (a peer that stops acknowledging would otherwise hold its ENet peer for the reliable
  /// timeout, 20 s).
  static constexpr double kClosingSeconds = 3.0;
  /// ENet timeout of a peer whose handshake is half done (VERIFY_CONNECT never acknowledged).
  /// Long enough for a few VERIFY_CONNECT retransmissions on a 300 ms, 25 %-loss link.
  static constexpr enet_uint32 kHalfOpenTimeoutMs = 5000;

 private:
  std::optional<net::ConnectRefusal> connectRefusal(const ENetAddress& from,
                                                    std::uint32_t connectId);
  /// Lets go of the earlier attempt of a client that sent a new CONNECT from the same address
  /// and port (docs/protocol.md#how-a-match-runs), so that it never counts against
  /// net.peers_per_address.
  void letGoOfSupersededAttempt(const ENetAddress& from, std::uint32_t connectId);
  /// The connections without a Hello (not closing): how many, and the oldest.
  struct WithoutHello {
    std::size_t count = 0;
    ENetPeer* oldest = nullptr;
  };
  WithoutHello withoutHello() const;
  void makeRoomForPending();
  /// Resets a peer that holds no place in a room (closing, without a Hello, or half-open);
  /// false if every peer is a room's.
  bool freeAPeerNotInARoom();
  void limitHalfOpenPeers();
  void onConnect(ENetPeer* peer, std::uint32_t cookie);
  void onReceive(ENetPeer* peer, const ENetPacket& packet);
  /// Tells the events and forgets the connection of `peer`, if it has one.
  void forget(ENetPeer* peer, bool announce);

  const ServerConfig config_;
  std::shared_ptr<spdlog::logger> log_;
  SessionEvents& events_;
  net::EnetHost host_;
  net::ConnectGate gate_;
  InfoResponder info_;
  TokenSink tokenSink_;
  Connections connections_;
  std::unordered_map<std::uint32_t, ENetPeer*> peers_;  ///< each connection's link, by its id
  std::uint32_t nextId_ = 1;
  double now_ = 0.0;
  bool connectsLetThrough_ = false;  ///< since the half-open peers were last looked at
  std::uint64_t supersededConnects_ = 0;
  std::uint64_t evictedConnections_ = 0;
  std::uint64_t refusedConnectsLogged_ = 0;
  double lastRefusedConnectsLog_ = -1e9;
};

}  // namespace coyote
