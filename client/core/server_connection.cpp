#include "client/core/server_connection.h"

#include <algorithm>

#include <fmt/format.h>

#include "wire/codec.h"

namespace coyote {
namespace {

constexpr enet_uint32 kPingIntervalMs = 1000;
/// ENet sends a CONNECT again after 0.5, 1.5, 3.5 and 7.5 s and, left to its defaults, gives up
/// on it only after 5 to 30 s: on a link that loses a quarter each way, an attempt whose first
/// CONNECTs or VERIFY_CONNECTs were lost could use up the whole connect timeout. Given up after
/// three sends (3.5 s), it starts again with a new cookie, a new CONNECT and a fresh
/// retransmission schedule; the server lets go of the abandoned attempt when the new CONNECT
/// from the same address and port arrives.
constexpr enet_uint32 kConnectAttemptMs = 3000;
/// After its Hello, a client that hears nothing from the server for this long gives up waiting
/// for the Welcome and tries again from the start.
constexpr double kWelcomeTimeoutSeconds = 6.0;
/// A server that took the Hello sends frames at once, 10 to 20 a second: heard nothing at all
/// since the Hello for this long (or 4 round trips, if longer), the server never completed its
/// half of ENet's handshake (its VERIFY_CONNECT went unacknowledged; it retries after 0.5, 1.5,
/// 3.5 and 7.5 s). A new attempt is quicker than waiting for those.
constexpr double kHalfOpenTimeoutSeconds = 2.5;
/// The server drops a connection that has not said Hello within 2 s; on a lossy link the
/// reliable Hello may need longer, so unreliable copies follow this often until the Welcome.
constexpr double kHelloCopyIntervalSeconds = 0.2;
/// A first join whose cookie requests (about 11 in this time, a few bytes each) drew no answer
/// at all: nothing is at that address, and the player hears so now rather than at
/// connect_timeout.
constexpr double kNoServerSeconds = 5.0;

}  // namespace

ServerConnection::ServerConnection(ClientOptions options, std::shared_ptr<spdlog::logger> logger)
    : options_(std::move(options)),
      log_(std::move(logger)),
      host_(net::EnetHost::client(options_.bindAddress)) {
  ENetAddress address{};
  if (enet_address_set_host(&address, options_.host.c_str()) != 0) {
    end(ClientPhase::Disconnected, fmt::format("cannot resolve host \"{}\"", options_.host));
    return;
  }
  address.port = options_.port;
  challenge_ = std::make_unique<net::ConnectChallenge>(host_, address);
  if (options_.key == nullptr) {
    options_.key = std::make_shared<const identity::PlayerKey>(identity::PlayerKey::generate());
  }
}

ServerConnection::~ServerConnection() = default;

void ServerConnection::update(double now, ServerConnectionListener& listener) {
  now_ = now;
  if (startedAt_ < 0.0) {
    startedAt_ = now;
    attemptStarted_ = now;
  }
  startConnecting(now);
  serviceNetwork(now, listener);
  checkRefusal();
  checkTimeouts(now);
  repeatHello(now);
}

void ServerConnection::end(ClientPhase phase, const std::string& reason) {
  if (ended()) {
    return;
  }
  phase_ = phase;
  endReason_ = reason;
  endedAt_ = now_;
  if (phase == ClientPhase::Refused) {
    log_->error("{}: refused: {}", options_.name, reason);
  } else {
    log_->info("{}: disconnected: {}", options_.name, reason);
  }
}

void ServerConnection::disconnect() {
  if (peer_ != nullptr && phase_ != ClientPhase::Disconnected) {
    enet_peer_disconnect(peer_, 0);
    enet_host_flush(host_.get());
  }
  end(ClientPhase::Disconnected, "left");
}

void ServerConnection::fail(const std::string& reason) {
  end(ClientPhase::Disconnected, reason);
  if (peer_ != nullptr) {
    enet_peer_disconnect(peer_, 0);
  }
}

// Until ENet's connection has started: cookie requests (connect_challenge.h), then the CONNECT.
void ServerConnection::startConnecting(double now) {
  if (peer_ != nullptr || challenge_ == nullptr || phase_ != ClientPhase::Connecting) {
    return;
  }
  peer_ = challenge_->update(now);
  if (peer_ != nullptr) {
    ++connectAttempts_;
    log_->debug("{}: cookie after {} requests, {:.2f} s in; ENet connecting", options_.name,
                challenge_->requestsSent(), now - attemptStarted_);
    // Inputs flow every tick anyway; a ping every second (ENet's default is 2 per second) keeps
    // the RTT fresh and saves upstream bytes.
    enet_peer_ping_interval(peer_, kPingIntervalMs);
    enet_peer_timeout(peer_, 0, kConnectAttemptMs, kConnectAttemptMs);  // until connected
  }
}

void ServerConnection::serviceNetwork(double now, ServerConnectionListener& listener) {
  ENetEvent event;
  int result = enet_host_service(host_.get(), &event, 0);
  while (result > 0) {
    if (event.type == ENET_EVENT_TYPE_CONNECT) {
      log_->debug("{}: connected {:.2f} s in; Hello", options_.name, now - attemptStarted_);
      net::configureGamePeer(peer_, options_.reliableTimeout);  // once connected
      sayHello(now);
    } else if (event.type == ENET_EVENT_TYPE_DISCONNECT) {
      onConnectionLost();
    } else if (event.type == ENET_EVENT_TYPE_RECEIVE) {
      std::string error;
      const auto message = net::decode(
          std::span<const std::uint8_t>(event.packet->data, event.packet->dataLength), error);
      enet_packet_destroy(event.packet);
      lastPacketAt_ = now;
      if (message) {
        onMessage(*message, now, listener);
      } else {
        // A server that sends what no Coyote server sends is broken or hostile: stop trusting it.
        fail("malformed message from the server: " + error);
      }
    }
    if (peer_ == nullptr) {
      return;
    }
    result = enet_host_check_events(host_.get(), &event);
  }
}

// The server answered the CONNECT with a refusal instead of a connection: no point in retrying.
void ServerConnection::checkRefusal() {
  if (challenge_ == nullptr || phase_ != ClientPhase::Connecting) {
    return;
  }
  if (const auto refusal = challenge_->refusal()) {
    if (peer_ != nullptr) {
      enet_peer_reset(peer_);
      peer_ = nullptr;
    }
    end(ClientPhase::Refused, net::describe(*refusal));
  }
}

// A server that fell silent, a Welcome that never came (the server may have dropped a
// half-open connection that this side thinks complete), or no join at all within the timeout.
void ServerConnection::checkTimeouts(double now) {
  const bool silent =
      phase_ == ClientPhase::Playing && now - lastPacketAt_ > options_.serverTimeout;
  // Frames come as soon as the server has taken the Hello: while they do, the Welcome is only
  // slow (its reliable fragments retransmitted), and waiting beats starting over.
  const bool helloSent = phase_ == ClientPhase::Connecting && helloSentAt_ >= 0.0;
  const bool noWelcome =
      helloSent && now - std::max(helloSentAt_, lastPacketAt_) > kWelcomeTimeoutSeconds;
  const double halfOpenTimeout = std::max(kHalfOpenTimeoutSeconds, 4.0 * roundTripMs() / 1000.0);
  const bool halfOpen =
      helloSent && lastPacketAt_ < helloSentAt_ && now - helloSentAt_ > halfOpenTimeout;
  if (silent || noWelcome || halfOpen) {
    log_->info("{}: {}", options_.name,
               silent      ? fmt::format("nothing from the server for {} s", options_.serverTimeout)
               : noWelcome ? fmt::format("no Welcome and nothing else for {} s after the Hello",
                                         kWelcomeTimeoutSeconds)
                           : fmt::format("nothing at all for {:.1f} s after the Hello (half-open)",
                                         halfOpenTimeout));
    enet_peer_reset(peer_);
    onConnectionLost();
  }
  if (phase_ == ClientPhase::Connecting && joinedAt_ < 0.0 && !challenge_->everAnswered() &&
      now - attemptStarted_ > kNoServerSeconds && options_.connectTimeout > kNoServerSeconds) {
    end(ClientPhase::Disconnected,
        fmt::format("no server answered at {}:{}", options_.host, options_.port));
  }
  if (phase_ == ClientPhase::Connecting && now - attemptStarted_ > options_.connectTimeout) {
    end(ClientPhase::Disconnected, fmt::format("no answer from {}:{} within {} s", options_.host,
                                               options_.port, options_.connectTimeout));
  }
}

// The connection died (ENet gave up, or the server fell silent). Before the Welcome that is one
// failed attempt: try again (new cookie) until `connectTimeout`. While playing, a player with a
// reconnect token rejoins with it and keeps its character; otherwise the session is over.
void ServerConnection::onConnectionLost() {
  peer_ = nullptr;
  helloSentAt_ = -1.0;
  if (phase_ == ClientPhase::Connecting && now_ - attemptStarted_ < options_.connectTimeout) {
    log_->info("{}: connection attempt {} failed; trying again", options_.name, connectAttempts_);
    challenge_->restart(now_);
    return;
  }
  if (phase_ == ClientPhase::Playing && !token_.empty()) {
    startReconnecting();
    return;
  }
  end(ClientPhase::Disconnected,
      phase_ == ClientPhase::Connecting ? "could not connect" : "connection lost");
}

void ServerConnection::startReconnecting() {
  log_->info("{}: connection lost; rejoining with the reconnect token", options_.name);
  phase_ = ClientPhase::Connecting;
  options_.reconnectToken = token_;
  attemptStarted_ = now_;
  challenge_->restart(now_);
}

// ---- the handshake -----------------------------------------------------------------------------

void ServerConnection::sayHello(double now) {
  net::Hello hello;
  hello.protocolVersion = options_.protocolVersion;
  hello.name = options_.name.substr(0, net::kMaxNameLength);
  hello.reconnectToken = options_.reconnectToken;
  hello.spectator = options_.spectator;
  hello.room = options_.room;
  hello.password = options_.password.substr(0, net::kMaxPasswordLength);
  // The signature covers the cookie this CONNECT carried and the address the datagrams went to:
  // a server that hands the Hello on to another cannot pass for this player there.
  hello.key = options_.key->publicKey();
  hello.server = {challenge_->server().host, challenge_->server().port};
  hello.signature = options_.key->signHello(challenge_->cookie(), hello.server);
  helloTimeMs_ = static_cast<std::uint32_t>((now - startedAt_) * 1000.0);
  helloSentAt_ = now;
  hello.clientTimeMs = helloTimeMs_;
  net::sendMessage(peer_, hello, net::kReliableChannel);
  hello_ = hello;
  lastHelloCopyAt_ = now;
}

// Unreliable copies of the Hello until the Welcome (or a refusal) comes; the server reads the
// first that arrives.
void ServerConnection::repeatHello(double now) {
  if (phase_ == ClientPhase::Connecting && helloSentAt_ >= 0.0 &&
      now - lastHelloCopyAt_ >= kHelloCopyIntervalSeconds) {
    net::sendMessage(peer_, hello_, net::kUnreliableChannel);
    lastHelloCopyAt_ = now;
  }
}

void ServerConnection::onMessage(const net::Message& message, double now,
                                 ServerConnectionListener& listener) {
  if (ended()) {
    return;  // the session is over, whatever the server still says
  }
  if (const auto* welcome = std::get_if<net::Welcome>(&message)) {
    if (phase_ == ClientPhase::Connecting ||
        (phase_ == ClientPhase::Playing && welcome->levelEpoch > levelEpoch_)) {
      onWelcome(*welcome, now, listener);
    }  // else a copy, or the reliable original after a copy (welcome_copies.h): already in
  } else if (const auto* refusal = std::get_if<net::Refusal>(&message)) {
    end(ClientPhase::Refused, refusal->reason);
  } else if (const auto* goodbye = std::get_if<net::Goodbye>(&message)) {
    end(ClientPhase::Disconnected, goodbye->reason);
  } else if (phase_ == ClientPhase::Playing) {
    listener.onServerMessage(message, now);
  }
}

void ServerConnection::onWelcome(const net::Welcome& welcome, double now,
                                 ServerConnectionListener& listener) {
  if (welcome.protocolVersion != net::kProtocolVersion) {
    end(ClientPhase::Refused,
        fmt::format("the server speaks protocol version {}; this client speaks {}",
                    welcome.protocolVersion, net::kProtocolVersion));
    enet_peer_disconnect(peer_, 0);
    return;
  }
  const WelcomeKind kind = phase_ == ClientPhase::Playing ? WelcomeKind::LevelChanged
                           : joined()                     ? WelcomeKind::Rejoined
                                                          : WelcomeKind::Joined;
  phase_ = ClientPhase::Playing;
  token_ = welcome.reconnectToken;
  levelEpoch_ = welcome.levelEpoch;
  helloSentAt_ = -1.0;
  lastPacketAt_ = now;
  double handshake = now - startedAt_ - helloTimeMs_ / 1000.0;
  if (kind == WelcomeKind::Rejoined) {
    ++reconnects_;
  } else if (kind == WelcomeKind::Joined) {
    joinedAt_ = now;
  } else {
    ++levelChanges_;
    handshake = roundTripMs() / 1000.0;  // no Hello: the Welcome is half a round trip old
  }
  listener.onWelcome(welcome, handshake, kind, now);
}

}  // namespace coyote
