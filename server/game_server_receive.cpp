// GameServer's receiving half: the ENet event pump, the handshake and each client message.
#include <algorithm>

#include <fmt/format.h>

#include "net/codec.h"
#include "server/game_server.h"
#include "server/player_name.h"

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
// otherwise hold its slot for ENet's default 5–30 s.
void GameServer::limitHalfOpenPeers() {
  ENetHost* host = host_.get();
  for (ENetPeer* peer = host->peers; peer < host->peers + host->peerCount; ++peer) {
    if (peer->state == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT &&
        peer->timeoutMaximum != kHalfOpenTimeoutMs) {
      enet_peer_timeout(peer, 0, kHalfOpenTimeoutMs, kHalfOpenTimeoutMs);
    }
  }
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
  net::configureGamePeer(peer, config_.reliableTimeout);
  auto connection = std::make_unique<Connection>();
  connection->peer = peer;
  connection->address = net::peerAddress(peer);
  connection->connectedAt = now_;
  connection->lastPacketAt = now_;
  connections_[peer] = std::move(connection);
}

void GameServer::onDisconnect(ENetPeer* peer) {
  const auto found = connections_.find(peer);
  if (found == connections_.end()) {
    return;
  }
  const Connection& connection = *found->second;
  if (connection.role == Connection::Role::Player && connection.kicked) {
    log_->info("player {} (slot {}) was kicked; slot freed", slots_[connection.slot].name,
               connection.slot);
    slots_.release(connection.slot);
    pendingEvents_.push_back({RosterEvent::kLeave, static_cast<std::uint8_t>(connection.slot), ""});
    --metrics_.players;
  } else if (connection.role == Connection::Role::Player) {
    slots_.disconnect(connection.slot, now_);
    log_->info("player {} (slot {}) disconnected from {}; slot kept {} s for reconnection",
               slots_[connection.slot].name, connection.slot, connection.address,
               config_.reconnectWindow);
    --metrics_.players;
  } else if (connection.role == Connection::Role::Spectator) {
    log_->info("spectator {} left", connection.address);
    --metrics_.spectators;
  }
  connections_.erase(found);
}

void GameServer::onReceive(Connection& connection, const ENetPacket& packet) {
  connection.lastPacketAt = now_;
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
    }  // else a copy: a client repeats its Hello until the Welcome comes
  } else if (connection.role == Connection::Role::Pending) {
    rejectPacket(connection, fmt::format("{} before Hello", net::messageName(*message)));
  } else {
    onMessage(connection, *message);
  }
}

void GameServer::onMessage(Connection& connection, const net::Message& message) {
  if (const auto* batch = std::get_if<net::InputBatch>(&message)) {
    handleInputs(connection, *batch);
  } else if (const auto* report = std::get_if<net::DesyncReport>(&message)) {
    handleDesyncReport(connection, *report);
  } else if (const auto* stats = std::get_if<net::ClientReport>(&message)) {
    handleClientReport(connection, *stats);
  } else {
    rejectPacket(connection, fmt::format("unexpected {}", net::messageName(message)));
  }
}

void GameServer::rejectPacket(Connection& connection, const std::string& reason) {
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
    net::sendMessage(connection.peer, net::Goodbye{"too many malformed packets"},
                     net::kReliableChannel);
    enet_peer_disconnect_later(connection.peer, 0);
    connection.badPackets = 0;
    connection.kicked = true;
  }
}

void GameServer::refuse(ENetPeer* peer, const std::string& reason) {
  net::sendMessage(peer, net::Refusal{net::kProtocolVersion, reason}, net::kReliableChannel);
  enet_peer_disconnect_later(peer, 0);
  if (const auto found = connections_.find(peer); found != connections_.end()) {
    found->second->refused = true;  // one answer: whatever it sends next is not read
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
  const bool admitted =
      hello.spectator ? admitSpectator(connection, hello) : admitPlayer(connection, hello);
  if (!admitted) {
    return;
  }
  net::Welcome welcome;
  welcome.playerSlot = static_cast<std::int16_t>(connection.slot);
  if (connection.slot >= 0) {
    welcome.reconnectToken = slots_[connection.slot].token;
  }
  welcome.sendRate = static_cast<std::uint16_t>(config_.sendRate);
  welcome.echoClientTimeMs = hello.clientTimeMs;
  welcome.level = net::toLevelData(level_);
  welcome.physics = config_.physics;
  welcome.snapshot = frames_.snapshotAt(state_.tick);
  connection.ackTick = state_.tick;
  connection.nextSendTick = state_.tick + 1 + sendPhases_++ % ticksPerSend_;
  connection.clientAck = state_.tick;
  connection.lastAckAdvance = now_;
  net::sendMessage(connection.peer, welcome, net::kReliableChannel);
}

bool GameServer::admitSpectator(Connection& connection, const net::Hello& hello) {
  if (governor_.refusesJoins()) {
    refuse(connection.peer, "server busy (overloaded); try again later");
    return false;
  }
  if (metrics_.spectators >= config_.maxSpectators) {
    refuse(connection.peer, "no room for another spectator");
    return false;
  }
  connection.role = Connection::Role::Spectator;
  ++metrics_.spectators;
  log_->info("spectator {} joined from {}", hello.name, connection.address);
  return true;
}

// The slot a reconnect token reserves (its token then renewed), or -1; -2 when this address
// has guessed wrong too often.
int GameServer::reconnectingSlot(Connection& connection, const net::ReconnectToken& token) {
  if (token.empty()) {
    return -1;
  }
  const std::uint32_t host = connection.peer->address.host;
  if (!reconnectGuard_.allows(host, now_)) {
    return -2;
  }
  const int slot = slots_.reconnectSlot(token);
  if (slot < 0) {
    reconnectGuard_.recordFailure(host, now_);
    log_->info("{}: reconnect token {} reserves nothing", connection.address, token.shortForm());
    return -1;
  }
  if (slots_[slot].connected && !closeOldConnection(slot)) {
    return -1;  // its old connection was kicked: the slot is not coming back
  }
  slots_.renewToken(slot);
  return slot;
}

// The player came back on a new connection before the server noticed that its old one died:
// the old one is closed quietly and the slot handed over (false if it was kicked).
bool GameServer::closeOldConnection(int slot) {
  for (auto& [peer, connection] : connections_) {
    if (connection->role == Connection::Role::Player && connection->slot == slot) {
      if (connection->kicked) {
        return false;
      }
      log_->info(
          "player {} (slot {}) came back on a new connection; the old one from {} is "
          "closed",
          slots_[slot].name, slot, connection->address);
      ENetPeer* old = peer;
      onDisconnect(old);
      enet_peer_reset(old);
      return true;
    }
  }
  return true;
}

// A free slot, or the slot of the oldest reservation given up for this newcomer; -1 when full.
int GameServer::claimSlot(const std::string& name) {
  const int slot = slots_.claim(name, config_.maxPlayers, state_);
  if (slot >= 0) {
    return slot;
  }
  const auto released = slots_.releaseOldestReservation();
  if (!released) {
    return -1;
  }
  log_->info("player {} (slot {}) gave up its reservation to a newcomer", released->second,
             released->first);
  pendingEvents_.push_back({RosterEvent::kLeave, static_cast<std::uint8_t>(released->first), ""});
  return slots_.claim(name, config_.maxPlayers, state_, released->first);
}

bool GameServer::admitPlayer(Connection& connection, const net::Hello& hello) {
  int slot = reconnectingSlot(connection, hello.reconnectToken);
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
    slot = claimSlot(hello.name);
    if (slot < 0) {
      refuse(connection.peer, fmt::format("server full ({} players)", config_.maxPlayers));
      return false;
    }
    pendingEvents_.push_back(
        {RosterEvent::kJoin, static_cast<std::uint8_t>(slot), slots_[slot].name});
  }
  slots_.connect(slot);
  inbox_.clear(slot);
  connection.role = Connection::Role::Player;
  connection.slot = slot;
  ++metrics_.players;
  metrics_.peakPlayers = std::max(metrics_.peakPlayers, metrics_.players);
  log_->info("player {} {} slot {} from {}", slots_[slot].name,
             reconnecting ? "reconnected to" : "joined in", slot, connection.address);
  return true;
}

// ---- messages from a client in the game
// ----------------------------------------------------------

void GameServer::handleInputs(Connection& connection, const net::InputBatch& batch) {
  const std::uint32_t serverTick = state_.tick;
  const std::uint32_t confirmedTick = batch.confirmedTick(serverTick);
  if (connection.role != Connection::Role::Player && !batch.inputs.empty()) {
    rejectPacket(connection, "inputs from a spectator");
    return;
  }
  if (confirmedTick > serverTick) {
    rejectPacket(connection,
                 fmt::format("ack of tick {} beyond server tick {}", confirmedTick, serverTick));
    return;
  }
  connection.ackTick = std::max(connection.ackTick, confirmedTick);
  if (confirmedTick > connection.clientAck) {
    connection.clientAck = confirmedTick;
    connection.lastAckAdvance = now_;
    connection.stalledFullStates = 0;
  }
  if (connection.role != Connection::Role::Player) {
    return;
  }
  const InputInbox::Receipt receipt = inbox_.receive(
      connection.slot, batch.firstTick(serverTick), batch.inputs, serverTick, config_.maxInputLead);
  if (!receipt.refusal.empty()) {
    rejectPacket(connection, receipt.refusal);
    return;
  }
  metrics_.lateInputs += receipt.late;
  recordInputTiming(
      connection, batch.firstTick(serverTick) + static_cast<std::uint32_t>(batch.inputs.size()) - 1,
      receipt.margin);
}

// A client sends one batch per tick it predicts, so the batches' newest ticks are gapless: the
// gaps are its input loss. Only a batch newer than all before it tells how early inputs come (a
// duplicate or a straggler would report a margin far too small).
void GameServer::recordInputTiming(Connection& connection, std::uint32_t newestTick,
                                   std::optional<std::int16_t> margin) {
  if (!margin) {
    return;  // an empty batch: an ack only
  }
  connection.inputLoss.receive(newestTick);
  if (newestTick <= connection.newestInput) {
    return;
  }
  connection.newestInput = newestTick;
  connection.marginSinceSend =
      connection.marginSinceSend ? std::min(*connection.marginSinceSend, *margin) : *margin;
}

void GameServer::handleDesyncReport(Connection& connection, const net::DesyncReport& report) {
  ++metrics_.desyncReports;
  ++connection.desyncReports;
  const TickHistory::Entry* entry = frames_.history().find(report.tick);
  if (now_ - connection.lastDesyncLog >= 1.0) {  // at most one line a second per peer
    log_->warn(
        "{}: desync reported at tick {}: client hash {:016x}, server hash {} ({} reports "
        "from this peer)",
        connection.address, report.tick, report.clientHash,
        entry ? fmt::format("{:016x}", entry->hash) : std::string("(out of history)"),
        connection.desyncReports);
    connection.lastDesyncLog = now_;
  }
  frames_.sendFullState(connection, entry ? report.tick : state_.tick, now_);
}

void GameServer::handleClientReport(Connection& connection, const net::ClientReport& report) {
  metrics_.reportedRollbacks +=
      report.rollbacks - std::min(report.rollbacks, connection.report.rollbacks);
  metrics_.reportedMaxRollbackDepth =
      std::max<std::uint32_t>(metrics_.reportedMaxRollbackDepth, report.maxRollbackDepth);
  connection.report = report;
}

}  // namespace coyote
