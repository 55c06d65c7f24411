#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "client/core/client_options.h"
#include "net/connect_challenge.h"
#include "net/enet_host.h"
#include "wire/messages.h"

namespace coyote {

enum class ClientPhase { Connecting, Playing, Refused, Disconnected };

/// Why a Welcome came: the first join, a rejoin after a lost connection, or the room's level
/// changed under a client that plays (a new world, from its own tick 0 or wherever it is).
enum class WelcomeKind { Joined, Rejoined, LevelChanged };

/// What a ServerConnection hands to the session it serves.
class ServerConnectionListener {
 public:
  virtual ~ServerConnectionListener() = default;
  /// The server took this client (again: see `kind`). `handshakeSeconds`: from the Hello to the
  /// Welcome, a round trip or a little more (the round trip, for a level change).
  virtual void onWelcome(const net::Welcome& welcome, double handshakeSeconds, WelcomeKind kind,
                         double now) = 0;
  /// Any other message of the server while playing: frames, full states.
  virtual void onServerMessage(const net::Message& message, double now) = 0;
};

/// The client's side of the handshake and of staying connected (docs/protocol.md#how-a-match-runs),
/// without the game: cookie requests, ENet's connection, the Hello and its unreliable copies, the
/// Welcome's protocol check, refusals and goodbyes, timeouts (a silent server, a Welcome that
/// never comes, a half-open connection, the connect timeout), and rejoining with the reconnect
/// token when a playing connection is lost. GGPO keeps its `udp_proto` apart from its session
/// the same way. No clock: time is passed to `update`.
class ServerConnection {
 public:
  ServerConnection(ClientOptions options, std::shared_ptr<spdlog::logger> logger);
  ~ServerConnection();
  ServerConnection(const ServerConnection&) = delete;
  ServerConnection& operator=(const ServerConnection&) = delete;

  /// Connects, receives and checks timeouts; messages go to `listener`.
  void update(double now, ServerConnectionListener& listener);
  /// Sends `message` to the server, if connected.
  template <class Message>
  void send(const Message& message, net::Channel channel) {
    if (peer_ != nullptr) {
      net::sendMessage(peer_, message, channel);
    }
  }
  /// Says goodbye to the server (best effort) and stops.
  void disconnect();
  /// Ends the connection for a reason of the session's (a malformed state, …).
  void fail(const std::string& reason);

  ClientPhase phase() const { return phase_; }
  bool ended() const {
    return phase_ == ClientPhase::Refused || phase_ == ClientPhase::Disconnected;
  }
  bool connected() const { return peer_ != nullptr; }
  const std::string& endReason() const { return endReason_; }
  /// True once a Welcome arrived.
  bool joined() const { return joinedAt_ >= 0.0; }
  double startedAt() const { return startedAt_; }
  double joinedAt() const { return joinedAt_; }
  double endedAt() const { return endedAt_; }
  int reconnects() const { return reconnects_; }
  /// Levels the room changed to while this client played (docs/protocol.md#level-changes).
  int levelChanges() const { return levelChanges_; }
  /// ENet's smoothed round trip, ms (0 without a connection).
  std::uint32_t roundTripMs() const { return peer_ != nullptr ? peer_->roundTripTime : 0; }
  net::TrafficTotals traffic() const { return host_.traffic(); }
  const ClientOptions& options() const { return options_; }
  const net::ReconnectToken& reconnectToken() const { return token_; }

 private:
  void startConnecting(double now);
  void serviceNetwork(double now, ServerConnectionListener& listener);
  void checkRefusal();
  void checkTimeouts(double now);
  void onConnectionLost();
  void startReconnecting();
  void sayHello(double now);
  void repeatHello(double now);
  void onMessage(const net::Message& message, double now, ServerConnectionListener& listener);
  void onWelcome(const net::Welcome& welcome, double now, ServerConnectionListener& listener);
  void end(ClientPhase phase, const std::string& reason);

  ClientOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  net::EnetHost host_;
  std::unique_ptr<net::ConnectChallenge> challenge_;  ///< null if the host name did not resolve
  ENetPeer* peer_ = nullptr;
  int connectAttempts_ = 0;
  int reconnects_ = 0;
  int levelChanges_ = 0;
  std::uint16_t levelEpoch_ = 0;  ///< the room's, from its last Welcome
  ClientPhase phase_ = ClientPhase::Connecting;
  std::string endReason_;
  net::ReconnectToken token_;     ///< the Welcome's: the way back after a lost connection
  double now_ = 0.0;              ///< the time of the current update
  double startedAt_ = -1.0;       ///< the first update
  double attemptStarted_ = -1.0;  ///< the start of this join or rejoin (connectTimeout from it)
  double joinedAt_ = -1.0;
  double endedAt_ = -1.0;
  double lastPacketAt_ = -1.0;  ///< the last message from the server
  double helloSentAt_ = -1.0;   ///< while waiting for the Welcome
  std::uint32_t helloTimeMs_ = 0;
  net::Hello hello_;  ///< repeated unreliably until the Welcome comes
  double lastHelloCopyAt_ = -1.0;
};

}  // namespace coyote
