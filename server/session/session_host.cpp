#include "server/session/session_host.h"

#include <algorithm>

#include <enet/time.h>

#include "wire/codec.h"

namespace coyote {
namespace {

constexpr int kPeerSlack = 8;  // extra ENet peers so a full server can still send refusals
/// At least this many connections may wait for their Hello at once, beside every room's players.
constexpr int kMinPendingPeers = 64;

// A whole room's players may connect at once (a match starting), and at least kMinPendingPeers.
int pendingLimit(const ServerConfig& config) {
  return std::max(kMinPendingPeers, config.maxPlayers + config.maxSpectators);
}

// Every room full, the connections still to say Hello, plus the slack; ENet takes at most 4095
// peers.
net::HostLimits hostLimits(const ServerConfig& config) {
  const int peers = config.maxRooms * (config.maxPlayers + config.maxSpectators) +
                    pendingLimit(config) + kPeerSlack;
  return net::HostLimits{static_cast<std::size_t>(std::min(peers, 4095)),
                         static_cast<std::size_t>(config.peersPerAddress), net::kMaxPacketSize,
                         net::kMaxWaitingData};
}

// Server-side states of a peer ENet made for a CONNECT whose handshake is not finished.
bool halfOpen(const ENetPeer& peer) {
  return peer.state == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT ||
         peer.state == ENET_PEER_STATE_CONNECTION_PENDING ||
         peer.state == ENET_PEER_STATE_CONNECTION_SUCCEEDED;
}

}  // namespace

SessionHost::SessionHost(const ServerConfig& config, std::shared_ptr<spdlog::logger> log,
                         InfoResponder::InfoSource info, SessionEvents& events, double now)
    : config_(config),
      log_(std::move(log)),
      events_(events),
      host_(net::EnetHost::listen(config.bindAddress, static_cast<std::uint16_t>(config.port),
                                  hostLimits(config))),
      info_(std::move(info)),
      now_(now) {
  // Before ENet sees a datagram: info queries answered, master tokens taken, cookie requests
  // answered, CONNECTs without a cookie dropped.
  host_.setDatagramFilter([this](const ENetAddress& from, std::span<const std::uint8_t> datagram) {
    return info_.answer(host_, from, datagram, now_) || (tokenSink_ && tokenSink_(datagram)) ||
           gate_.screen(host_, from, datagram, now_);
  });
  gate_.setAdmission([this](const ENetAddress& from, std::uint32_t connectId) {
    letGoOfSupersededAttempt(from, connectId);
    return connectRefusal(from, connectId);
  });
}

// ---- what arrives ------------------------------------------------------------------------------

void SessionHost::receive(int waitMs, double now) {
  now_ = now;
  ENetEvent event;
  int result = enet_host_service(host_.get(), &event, static_cast<enet_uint32>(waitMs));
  while (result > 0) {
    if (event.type == ENET_EVENT_TYPE_CONNECT) {
      onConnect(event.peer, event.data);
    } else if (event.type == ENET_EVENT_TYPE_DISCONNECT) {
      forget(event.peer, true);
    } else if (event.type == ENET_EVENT_TYPE_RECEIVE) {
      onReceive(event.peer, *event.packet);
      enet_packet_destroy(event.packet);
    }
    result = enet_host_check_events(host_.get(), &event);
  }
  limitHalfOpenPeers();
}

// `cookie`: the CONNECT's connect data, which the gate checked (connect_gate.h).
void SessionHost::onConnect(ENetPeer* peer, std::uint32_t cookie) {
  makeRoomForPending();
  net::configureGamePeer(peer, config_.reliableTimeout);
  auto connection = std::make_unique<Connection>();
  connection->id = nextId_++;
  connection->ipv4 = peer->address.host;
  connection->address = net::peerAddress(peer);
  connection->host = net::hostAddress(peer->address);
  connection->cookie = cookie;
  connection->connectedAt = now_;
  connection->lastPacketAt = now_;
  peers_[connection->id] = peer;
  connections_[peer] = std::move(connection);
}

void SessionHost::onReceive(ENetPeer* peer, const ENetPacket& packet) {
  const auto found = connections_.find(peer);
  if (found == connections_.end()) {
    return;
  }
  Connection& connection = *found->second;
  connection.lastPacketAt = now_;
  connection.roundTripSeconds = static_cast<double>(peer->roundTripTime) / 1000.0;
  connection.bytesReceived += packet.dataLength;
  if (connection.refused()) {
    return;  // refused and on its way out (a client repeats its Hello until it hears back)
  }
  events_.onPacket(connection, std::span<const std::uint8_t>(packet.data, packet.dataLength));
}

void SessionHost::forget(ENetPeer* peer, bool announce) {
  const auto found = connections_.find(peer);
  if (found == connections_.end()) {
    return;
  }
  events_.onClosed(*found->second, announce);
  peers_.erase(found->second->id);
  connections_.erase(found);
}

// ---- who may connect ---------------------------------------------------------------------------

// A peer ENet created for a valid CONNECT whose VERIFY_CONNECT is never acknowledged would
// otherwise hold its slot for ENet's default 5–30 s. Only a CONNECT the gate let through makes
// one, so the peers are walked only after one did (not every loop turn: a server for 64 rooms
// has 1,500 of them).
void SessionHost::limitHalfOpenPeers() {
  if (!connectsLetThrough_) {
    return;
  }
  connectsLetThrough_ = false;
  ENetHost* host = host_.get();
  for (ENetPeer* peer = host->peers; peer < host->peers + host->peerCount; ++peer) {
    if (peer->state == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT &&
        peer->timeoutMaximum != kHalfOpenTimeoutMs) {
      enet_peer_timeout(peer, 0, kHalfOpenTimeoutMs, kHalfOpenTimeoutMs);
    }
  }
}

// A CONNECT whose cookie proved its address and port, with another connectID than the peer ENet
// holds for that address and port, comes from the same socket: its client gave up that attempt
// (its CONNECT or VERIFY_CONNECT lost on the way, or its Welcome late) and started again. The
// earlier peer, half-open here or not, is let go at once. Counted, it would hold a place of
// net.peers_per_address for seconds (kHalfOpenTimeoutMs, or the reliable timeout), and four
// friends behind one NAT on a lossy link were refused when one of them retried. Only the
// holder of the address can do this: a forged source never sees the cookie. Reset, not
// disconnected: the socket now speaks for its new attempt, which a DISCONNECT must not reach.
void SessionHost::letGoOfSupersededAttempt(const ENetAddress& from, std::uint32_t connectId) {
  ENetHost* host = host_.get();
  for (ENetPeer* peer = host->peers; peer < host->peers + host->peerCount; ++peer) {
    if (peer->state != ENET_PEER_STATE_DISCONNECTED && peer->address.host == from.host &&
        peer->address.port == from.port && peer->connectID != connectId) {
      ++supersededConnects_;
      forget(peer, true);
      enet_peer_reset(peer);
    }
  }
}

// ENet's own test (enet_protocol_handle_connect), made before it drops the CONNECT silently: a
// retransmitted CONNECT of a peer it already made is its business, not a refusal.
std::optional<net::ConnectRefusal> SessionHost::connectRefusal(const ENetAddress& from,
                                                               std::uint32_t connectId) {
  const ENetHost* host = host_.get();
  std::size_t sameAddress = 0;
  bool freePeer = false;
  for (const ENetPeer* peer = host->peers; peer < host->peers + host->peerCount; ++peer) {
    if (peer->state == ENET_PEER_STATE_DISCONNECTED) {
      freePeer = true;
    } else if (peer->state != ENET_PEER_STATE_CONNECTING && peer->address.host == from.host) {
      if (peer->address.port == from.port && peer->connectID == connectId) {
        return std::nullopt;
      }
      ++sameAddress;
    }
  }
  if (sameAddress >= host->duplicatePeers) {
    return net::ConnectRefusal::kPeersPerAddress;
  }
  if (!freePeer && !freeAPeerNotInARoom()) {
    return net::ConnectRefusal::kServerFull;
  }
  connectsLetThrough_ = true;  // ENet makes a peer for it in this service call
  return std::nullopt;
}

void SessionHost::reportRefusedConnects(double now) {
  now_ = now;
  const std::uint64_t refused = gate_.counters().connectsRefused;
  if (refused != refusedConnectsLogged_ && now_ - lastRefusedConnectsLog_ >= 10.0) {
    log_->warn(
        "dropped {} ENet CONNECTs without a valid cookie (spoofed or stale) since the "
        "last report",
        refused - refusedConnectsLogged_);
    refusedConnectsLogged_ = refused;
    lastRefusedConnectsLog_ = now_;
  }
}

SessionHost::WithoutHello SessionHost::withoutHello() const {
  WithoutHello found;
  double oldestAt = 0.0;
  for (const auto& [peer, connection] : connections_) {
    if (connection->role == Connection::Role::Pending && !connection->closing()) {
      ++found.count;
      if (found.oldest == nullptr || connection->connectedAt < oldestAt) {
        found.oldest = peer;
        oldestAt = connection->connectedAt;
      }
    }
  }
  return found;
}

// At most pendingLimit() connections wait for their Hello: a new one resets the oldest. An honest
// client says Hello a round trip after its CONNECT, so only a flood faster than that could
// push it out, and then it tries again.
void SessionHost::makeRoomForPending() {
  const WithoutHello pending = withoutHello();
  if (pending.count >= static_cast<std::size_t>(pendingLimit(config_))) {
    ++evictedConnections_;
    close(*connections_.at(pending.oldest), {Closing::Kind::kDropped, {}}, now_);
  }
}

// A CONNECT that finds every peer taken takes one from those that hold a peer without a place in
// a room: a closing one first, then the oldest without a Hello, then the oldest half-open (its
// client tries again). Without this, a burst of half-open handshakes (200 from 50 addresses)
// beside the connections still to say Hello filled the peers kept for the rooms' players, and a
// player arriving then was told the server was full.
bool SessionHost::freeAPeerNotInARoom() {
  const auto closing =
      std::ranges::find_if(connections_, [](const auto& entry) { return entry.second->closing(); });
  ENetPeer* evicted = closing != connections_.end() ? closing->first : withoutHello().oldest;
  if (evicted != nullptr) {
    ++evictedConnections_;
    close(*connections_.at(evicted), {Closing::Kind::kDropped, {}}, now_);
    return true;
  }
  ENetHost* host = host_.get();
  ENetPeer* handshaking = nullptr;
  for (ENetPeer* peer = host->peers; peer < host->peers + host->peerCount; ++peer) {
    if (halfOpen(*peer) && (handshaking == nullptr ||
                            ENET_TIME_LESS(peer->lastReceiveTime, handshaking->lastReceiveTime))) {
      handshaking = peer;
    }
  }
  if (handshaking == nullptr) {
    return false;
  }
  ++evictedConnections_;
  enet_peer_reset(handshaking);
  return true;
}

// ---- how sessions end --------------------------------------------------------------------------

// A Refusal or a Goodbye is sent reliably and the peer disconnected once it is delivered; a
// deadline is kept by a reset (ENet's disconnect_now: one notice, no waiting), never a graceful
// disconnect, which waits for acknowledgements a hostile peer never sends.
void SessionHost::close(Connection& connection, const Closing& why, double now) {
  const auto found = peers_.find(connection.id);
  if (found == peers_.end()) {
    return;  // not one of this host's sessions (never is, while its connection lives)
  }
  ENetPeer* peer = found->second;
  switch (why.kind) {
    case Closing::Kind::kRefused:
      net::sendMessage(peer, net::Refusal{net::kProtocolVersion, why.reason},
                       net::kReliableChannel);
      enet_peer_disconnect_later(peer, 0);
      connection.ending = Connection::Ending{why, now};
      return;
    case Closing::Kind::kKicked:
      net::sendMessage(peer, net::Goodbye{why.reason}, net::kReliableChannel);
      enet_peer_disconnect_later(peer, 0);
      connection.ending = Connection::Ending{why, now};
      return;
    case Closing::Kind::kDropped:
      forget(peer, true);
      enet_peer_disconnect_now(peer, 0);
      return;
    case Closing::Kind::kReplaced:
      forget(peer, false);
      enet_peer_reset(peer);
      return;
  }
}

void SessionHost::send(Connection& to, std::span<const std::uint8_t> encoded,
                       net::Channel channel) {
  if (const auto found = peers_.find(to.id); found != peers_.end()) {
    net::sendEncoded(found->second, encoded, channel);
  }
}

void SessionHost::expire(double now) {
  now_ = now;
  std::vector<ENetPeer*> expired;
  std::vector<ENetPeer*> silent;
  for (auto& [peer, connection] : connections_) {
    const bool closing = connection->closing();
    if (closing && now - connection->ending->since > kClosingSeconds) {
      expired.push_back(peer);  // refused or kicked; its last message had its chance
    } else if (!closing && connection->role == Connection::Role::Pending &&
               now - connection->connectedAt > kHelloTimeoutSeconds) {
      // Dropped without a message: nothing to amplify, and a real client whose Hello was lost
      // sees a failed attempt and tries again.
      expired.push_back(peer);
    } else if (connection->role != Connection::Role::Pending &&
               now - connection->lastPacketAt > config_.peerTimeout) {
      silent.push_back(peer);  // a live client sends inputs, or its Hello again, every tick
    }
  }
  for (ENetPeer* peer : expired) {
    close(*connections_.at(peer), {Closing::Kind::kDropped, {}}, now);
  }
  for (ENetPeer* peer : silent) {
    log_->info("{}: nothing heard for {} s; connection dropped", connections_.at(peer)->address,
               config_.peerTimeout);
    // a player keeps its reservation and may come back with its token
    close(*connections_.at(peer), {Closing::Kind::kDropped, {}}, now);
  }
}

void SessionHost::sayGoodbye(const std::string& reason) {
  log_->info("{}: saying goodbye to {} connections", reason, connections_.size());
  for (auto& [peer, connection] : connections_) {
    net::sendMessage(peer, net::Goodbye{reason}, net::kReliableChannel);
    enet_peer_disconnect_later(peer, 0);
  }
  flush();
}

void SessionHost::countInto(ServerMetrics& metrics) const {
  const net::TrafficTotals traffic = host_.traffic();
  const net::ConnectGate::Counters& gate = gate_.counters();
  metrics.cookieReplies = gate.repliesSent;
  metrics.refusedConnects = gate.connectsRefused;
  metrics.turnedAwayConnects = gate.connectsTurnedAway;
  metrics.infoRequests = info_.counters().requests;
  metrics.infoReplies = info_.counters().replies;
  metrics.supersededConnects = supersededConnects_;
  metrics.pendingConnectionsEvicted = evictedConnections_;
  // Cookie replies and connect refusals leave through the socket without ENet's counters.
  metrics.bytesSent = traffic.wireBytesSent() +
                      gate.repliesSent * (net::kCookieReplySize + net::kUdpIpHeaderBytes) +
                      gate.refusalsSent * (net::kConnectRefusalSize + net::kUdpIpHeaderBytes) +
                      info_.counters().replyBytes +
                      info_.counters().replies * net::kUdpIpHeaderBytes;
  metrics.bytesReceived = traffic.wireBytesReceived();
  metrics.datagramsSent =
      traffic.datagramsSent + gate.repliesSent + gate.refusalsSent + info_.counters().replies;
  metrics.datagramsReceived = traffic.datagramsReceived;
}

}  // namespace coyote
