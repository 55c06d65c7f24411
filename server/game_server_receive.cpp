// GameServer's receiving half: the ENet event pump, the handshake and each client message.
#include <algorithm>

#include <enet/time.h>
#include <fmt/format.h>

#include "server/game_server.h"
#include "server/player_name.h"
#include "wire/codec.h"

namespace coyote {

void GameServer::receive(int waitMs) {
  ENetEvent event;
  int result = enet_host_service(host_.get(), &event, static_cast<enet_uint32>(waitMs));
  while (result > 0) {
    if (event.type == ENET_EVENT_TYPE_CONNECT) {
      onConnect(event.peer);
    } else if (event.type == ENET_EVENT_TYPE_DISCONNECT) {
      onDisconnect(event.peer);
    } else if (event.type == ENET_EVENT_TYPE_RECEIVE) {
      const auto found = connections_.find(event.peer);
      if (found != connections_.end()) {
        onReceive(*found->second, *event.packet);
      }
      enet_packet_destroy(event.packet);
    }
    result = enet_host_check_events(host_.get(), &event);
  }
  limitHalfOpenPeers();
}

// A peer ENet created for a valid CONNECT whose VERIFY_CONNECT is never acknowledged would
// otherwise hold its slot for ENet's default 5–30 s. Only a CONNECT the gate let through makes
// one, so the peers are walked only after one did (not every loop turn: a server for 64 rooms
// has 1,500 of them).
void GameServer::limitHalfOpenPeers() {
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
void GameServer::letGoOfSupersededAttempt(const ENetAddress& from, std::uint32_t connectId) {
  ENetHost* host = host_.get();
  for (ENetPeer* peer = host->peers; peer < host->peers + host->peerCount; ++peer) {
    if (peer->state != ENET_PEER_STATE_DISCONNECTED && peer->address.host == from.host &&
        peer->address.port == from.port && peer->connectID != connectId) {
      ++metrics_.supersededConnects;
      onDisconnect(peer);
      enet_peer_reset(peer);
    }
  }
}

// ENet's own test (enet_protocol_handle_connect), made before it drops the CONNECT silently: a
// retransmitted CONNECT of a peer it already made is its business, not a refusal.
std::optional<net::ConnectRefusal> GameServer::connectRefusal(const ENetAddress& from,
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

void GameServer::reportRefusedConnects() {
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

void GameServer::onConnect(ENetPeer* peer) {
  makeRoomForPending();
  net::configureGamePeer(peer, config_.reliableTimeout);
  auto connection = std::make_unique<Connection>();
  connection->peer = peer;
  connection->address = net::peerAddress(peer);
  connection->host = net::hostAddress(peer->address);
  connection->connectedAt = now_;
  connection->lastPacketAt = now_;
  connections_[peer] = std::move(connection);
}

// At most pendingLimit() connections wait for their Hello: a new one resets the oldest. An honest
// client says Hello a round trip after its CONNECT, so only a flood faster than that could
// push it out, and then it tries again.
void GameServer::makeRoomForPending() {
  std::size_t pending = 0;
  ENetPeer* oldest = nullptr;
  double oldestAt = 0.0;
  for (const auto& [peer, connection] : connections_) {
    if (connection->role == Connection::Role::Pending && connection->closingSince < 0.0) {
      ++pending;
      if (oldest == nullptr || connection->connectedAt < oldestAt) {
        oldest = peer;
        oldestAt = connection->connectedAt;
      }
    }
  }
  if (pending >= static_cast<std::size_t>(pendingLimit(config_)) && oldest != nullptr) {
    ++metrics_.pendingConnectionsEvicted;
    dropConnection(oldest);
  }
}

namespace {

// Server-side states of a peer ENet made for a CONNECT whose handshake is not finished.
bool halfOpen(const ENetPeer& peer) {
  return peer.state == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT ||
         peer.state == ENET_PEER_STATE_CONNECTION_PENDING ||
         peer.state == ENET_PEER_STATE_CONNECTION_SUCCEEDED;
}

}  // namespace

// A CONNECT that finds every peer taken takes one from those that hold a peer without a place in
// a room: a closing one first, then the oldest without a Hello, then the oldest half-open (its
// client tries again). Without this, a burst of half-open handshakes (200 from 50 addresses)
// beside the connections still to say Hello filled the peers kept for the rooms' players, and a
// player arriving then was told the server was full.
bool GameServer::freeAPeerNotInARoom() {
  ENetPeer* closing = nullptr;
  ENetPeer* oldest = nullptr;
  double oldestAt = 0.0;
  for (const auto& [peer, connection] : connections_) {
    if (connection->closingSince >= 0.0) {
      closing = peer;
    } else if (connection->role == Connection::Role::Pending &&
               (oldest == nullptr || connection->connectedAt < oldestAt)) {
      oldest = peer;
      oldestAt = connection->connectedAt;
    }
  }
  if (ENetPeer* evicted = closing != nullptr ? closing : oldest; evicted != nullptr) {
    ++metrics_.pendingConnectionsEvicted;
    dropConnection(evicted);
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
  ++metrics_.pendingConnectionsEvicted;
  enet_peer_reset(handshaking);
  return true;
}

// ENet's disconnect_now tells the peer once, unreliably, and frees it at once: an honest client
// learns at once, and a peer that stops acknowledging holds nothing.
void GameServer::dropConnection(ENetPeer* peer) {
  onDisconnect(peer);
  enet_peer_disconnect_now(peer, 0);
}

void GameServer::onDisconnect(ENetPeer* peer, bool announceLeaving) {
  const auto found = connections_.find(peer);
  if (found == connections_.end()) {
    return;
  }
  Connection& connection = *found->second;
  if (connection.room != nullptr) {
    if (announceLeaving && connection.role == Connection::Role::Player && !connection.kicked) {
      chat_.announce(*connection.room,
                     fmt::format("{} left", connection.room->slotName(connection.slot)));
    }
    connection.room->leave(connection, now_);
  }
  connections_.erase(found);
}

void GameServer::onReceive(Connection& connection, const ENetPacket& packet) {
  connection.lastPacketAt = now_;
  connection.bytesReceived += packet.dataLength;
  if (connection.refused) {
    return;  // refused and on its way out (a client repeats its Hello until it hears back)
  }
  std::string error;
  const std::optional<net::Message> message =
      net::decode(std::span<const std::uint8_t>(packet.data, packet.dataLength), error);
  if (!message) {
    rejectPacket(connection, error);
  } else if (const auto* hello = std::get_if<net::Hello>(&*message)) {
    if (connection.role == Connection::Role::Pending) {
      handleHello(connection, *hello);
    } else {
      repeatWelcome(connection);  // a copy: the client has no Welcome yet
    }
  } else if (connection.role == Connection::Role::Pending) {
    rejectPacket(connection, fmt::format("{} before Hello", net::messageName(*message)));
  } else {
    connection.sync.welcomeCopies.release();  // it plays, so it has a Welcome
    onMessage(connection, *message);
  }
}

void GameServer::onMessage(Connection& connection, const net::Message& message) {
  Room& room = *connection.room;  // set with its role when the Hello was accepted
  if (const auto* batch = std::get_if<net::InputBatch>(&message)) {
    if (const std::string refusal = room.receiveInputs(connection, *batch, now_);
        !refusal.empty()) {
      rejectPacket(connection, refusal);
    }
  } else if (const auto* report = std::get_if<net::DesyncReport>(&message)) {
    room.repairDesync(connection, *report, now_, repairs_);
  } else if (const auto* ghost = std::get_if<net::GhostRequest>(&message)) {
    recordsBridge_.requestGhost(connection, *ghost, now_);
  } else if (const auto* say = std::get_if<net::ChatSay>(&message)) {
    if (const std::string problem = chat_.hear(connection, say->text, now_); !problem.empty()) {
      rejectPacket(connection, problem);
    }
  } else if (const auto* stats = std::get_if<net::ClientReport>(&message)) {
    if (!room.noteClientReport(connection, *stats)) {
      ++metrics_.refusedClientReports;
      rejectPacket(connection, "implausible client report");
    }
  } else {
    rejectPacket(connection, fmt::format("unexpected {}", net::messageName(message)));
  }
}

void GameServer::rejectPacket(Connection& connection, const std::string& reason) {
  if (now_ - connection.movedAt < kMoveGraceSeconds) {
    return;
  }
  ++metrics_.malformedPackets;
  if (now_ - connection.badWindowStart > kBadPacketWindowSeconds) {
    connection.badWindowStart = now_;
    connection.badPackets = 0;
  }
  ++connection.badPackets;
  if (now_ - connection.lastBadLog >= 1.0) {  // once per peer per second
    log_->warn("{}: dropped malformed packet ({}); {} in the last {} s", connection.address, reason,
               connection.badPackets, kBadPacketWindowSeconds);
    connection.lastBadLog = now_;
  }
  if (connection.badPackets > static_cast<std::uint32_t>(config_.badPacketLimit)) {
    log_->warn("{}: disconnected after {} malformed packets", connection.address,
               connection.badPackets);
    outbox_.kick(connection, net::Goodbye{"too many malformed packets"}, now_);
    connection.badPackets = 0;
  }
}

void GameServer::refuse(ENetPeer* peer, const std::string& reason) {
  net::sendMessage(peer, net::Refusal{net::kProtocolVersion, reason}, net::kReliableChannel);
  enet_peer_disconnect_later(peer, 0);
  if (const auto found = connections_.find(peer); found != connections_.end()) {
    found->second->refused = true;  // one answer: whatever it sends next is not read
    found->second->closingSince = now_;
  }
}

// ---- the handshake -----------------------------------------------------------------------------

void GameServer::handleHello(Connection& connection, const net::Hello& hello) {
  if (hello.protocolVersion != net::kProtocolVersion) {
    log_->warn("{}: refused: protocol version {} (server speaks {})", connection.address,
               hello.protocolVersion, net::kProtocolVersion);
    refuse(connection.peer, fmt::format("protocol version {} is not supported; the server speaks "
                                        "version {}",
                                        hello.protocolVersion, net::kProtocolVersion));
    return;
  }
  if (const std::string problem = nameProblem(hello.name); !problem.empty()) {
    refuse(connection.peer, problem);
    return;
  }
  if (!joins_.admit(connection.peer->address.host, now_)) {
    refuse(connection.peer, "too many joins from this address; try again in a few seconds");
    return;
  }
  if (const std::string refusal = moderation_.joinRefusal(
          connection.peer->address.host, connection.host, hello.name, hello.password, now_);
      !refusal.empty()) {
    log_->info("{}: refused {:?}: {}", connection.address, hello.name, refusal);
    refuse(connection.peer, refusal);
    return;
  }
  Room* room = roomFor(connection, hello);
  if (room == nullptr) {
    return;
  }
  const bool newcomer = !hello.spectator && room->reservedSlot(hello.reconnectToken) < 0;
  const bool admitted =
      hello.spectator ? admitSpectator(*room, connection) : admitPlayer(*room, connection, hello);
  if (!admitted) {
    return;
  }
  room->enter(connection);
  const net::Welcome welcome =
      room->welcome(connection, hello, sendPhases_++ % ticksPerSend_, now_);
  std::vector<std::uint8_t> encoded = net::encode(welcome);
  net::sendEncoded(connection.peer, encoded, net::kReliableChannel);
  connection.sync.welcomeCopies.keep(std::move(encoded), now_);
  if (newcomer) {  // after the Welcome, so that the newcomer reads it too
    chat_.announce(*room, fmt::format("{} joined", room->slotName(connection.slot)));
  }
}

// The client repeats its Hello until a Welcome comes: answered with a copy (welcome_copies.h).
void GameServer::repeatWelcome(Connection& connection) {
  const double roundTrip = static_cast<double>(connection.peer->roundTripTime) / 1000.0;
  const std::span<const std::uint8_t> copy =
      connection.sync.welcomeCopies.answerRepeatedHello(now_, roundTrip, connection.bytesReceived);
  if (!copy.empty()) {
    net::sendEncoded(connection.peer, copy, net::kUnreliableChannel);
    ++metrics_.welcomeCopies;
  }
}

bool GameServer::admitSpectator(Room& room, Connection& connection) {
  if (governor_.refusesJoins()) {
    refuse(connection.peer, "server busy (overloaded); try again later");
    return false;
  }
  if (!room.admitSpectator(connection)) {
    refuse(connection.peer, "no room for another spectator");
    return false;
  }
  return true;
}

// The slot a reconnect token reserves in `room`, or -1; -2 when the token reserves nothing and
// this address has guessed wrong too often. A correct token is checked first and always let in:
// only wrong guesses are limited (5 per address in 10 s, address_rate_limit.h).
int GameServer::reconnectingSlot(Room& room, Connection& connection,
                                 const net::ReconnectToken& token) {
  if (token.empty()) {
    return -1;
  }
  const int slot = room.reservedSlot(token);
  if (slot < 0) {
    if (!wrongTokens_.admit(connection.peer->address.host, now_)) {
      return -2;
    }
    log_->info("{}: reconnect token {} reserves nothing in room {}", connection.address,
               token.shortForm(), room.name());
    return -1;
  }
  if (room.slotConnected(slot) && !closeOldConnection(room, slot)) {
    return -1;  // its old connection was kicked: the slot is not coming back
  }
  return slot;
}

// The player came back on a new connection before the server noticed that its old one died:
// the old one is closed quietly and the slot handed over (false if it was kicked).
bool GameServer::closeOldConnection(const Room& room, int slot) {
  for (auto& [peer, connection] : connections_) {
    if (connection->role == Connection::Role::Player && connection->room == &room &&
        connection->slot == slot) {
      if (connection->kicked) {
        return false;
      }
      log_->info(
          "player {} (slot {}) came back on a new connection; the old one from {} is "
          "closed",
          room.slotName(slot), slot, connection->address);
      ENetPeer* old = peer;
      onDisconnect(old, false);  // the player stays: nobody left
      enet_peer_reset(old);
      return true;
    }
  }
  return true;
}

bool GameServer::admitPlayer(Room& room, Connection& connection, const net::Hello& hello) {
  int slot = reconnectingSlot(room, connection, hello.reconnectToken);
  if (slot == -2) {
    refuse(connection.peer, "too many wrong reconnect tokens from this address; try later");
    return false;
  }
  const bool reconnecting = slot >= 0;
  if (!reconnecting && governor_.refusesJoins()) {
    refuse(connection.peer, "server busy (overloaded); try again later");
    return false;
  }
  if (!reconnecting) {
    slot = room.claimSlot(hello.name);
    if (slot < 0) {
      refuse(connection.peer,
             fmt::format("room {} is full ({} players)", room.name(), config_.maxPlayers));
      return false;
    }
  }
  room.admitPlayer(connection, slot, reconnecting);
  metrics_.peakPlayers = std::max(metrics_.peakPlayers, players());
  recordsBridge_.playerJoined(room, slot);
  return true;
}

}  // namespace coyote
