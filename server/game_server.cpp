#include "server/game_server.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "match/authoritative_tick.h"
#include "net/codec.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr double kBadPacketWindowSeconds = 10.0;
constexpr double kFullStateCooldownSeconds = 0.5;
constexpr int kPeerSlack = 8;  // extra ENet peers so a full server can still send refusals
constexpr double kHelloTimeoutSeconds = 5.0;  // a connection that never says Hello is dropped

bool validInput(const PlayerInput& input) {
  return input.moveX >= -kAxisMax && input.moveY >= -kAxisMax &&
         (input.buttons & ~kAllButtons) == 0;
}

std::vector<SlotInput> changedInputs(const TickInputs& before, const TickInputs& after) {
  std::vector<SlotInput> changes;
  for (std::size_t slot = 0; slot < after.size(); ++slot) {
    if (!(before[slot] == after[slot])) {
      changes.push_back({static_cast<std::uint8_t>(slot), after[slot]});
    }
  }
  return changes;
}

std::string cleanName(const std::string& name, int slot) {
  std::string clean;
  for (char character : name) {
    if (character >= 32 && character < 127) {
      clean += character;
    }
  }
  return clean.empty() ? fmt::format("player{}", slot) : clean;
}

}  // namespace

struct GameServer::Connection {
  enum class Role { Pending, Player, Spectator };
  ENetPeer* peer = nullptr;
  Role role = Role::Pending;
  double connectedAt = 0.0;
  int slot = -1;
  std::string address;
  std::uint32_t ackTick = 0;
  std::int16_t reportedMargin = 0;
  std::optional<std::int16_t> marginSinceSend;
  std::uint32_t badPackets = 0;
  double badWindowStart = 0.0;
  double lastBadLog = -1e9;
  double lastFullState = -1e9;
  net::ClientReport report;
};

GameServer::GameServer(const ServerConfig& config, const Level& level,
                       std::shared_ptr<spdlog::logger> logger)
    : config_(config),
      level_(level),
      parameters_(config.physics),
      log_(std::move(logger)),
      host_(net::EnetHost::listen(
          config.bindAddress, static_cast<std::uint16_t>(config.port),
          net::HostLimits{
              static_cast<std::size_t>(config.maxPlayers + config.maxSpectators + kPeerSlack),
              static_cast<std::size_t>(config.peersPerAddress), net::kMaxPacketSize,
              net::kMaxWaitingData})),
      tokenState_(
          static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())) {
  ticksPerSend_ = static_cast<std::uint32_t>(
      std::max(1, config_.physics.tickRate / std::max(1, config_.sendRate)));
  history_.record({}, TickInputs{}, hashState(state_), state_);
  if (!config_.record.empty()) {
    ReplayHeader header;
    header.level = net::toLevelData(level_);
    header.physics = config_.physics;
    header.start = snapshotAt(state_.tick);
    replay_ = std::make_unique<ReplayWriter>(config_.record, header);
  }
  startTime_ = now();
  lastMetricsLog_ = startTime_;
}

GameServer::~GameServer() = default;

double GameServer::now() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::uint64_t GameServer::newToken() {
  // splitmix64 over a clock-seeded state: unguessable enough for a reconnect token, never 0.
  std::uint64_t z = (tokenState_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z == 0 ? 1 : z;
}

// ---- the fixed-step loop (SPEC §7) -------------------------------------------------------------

void GameServer::run(const std::atomic<bool>& stop, double seconds) {
  const double dt = 1.0 / config_.physics.tickRate;
  double nextTick = now() + dt;
  while (!stop.load()) {
    if (seconds > 0.0 && now() - startTime_ >= seconds) {
      break;
    }
    const double untilTick = nextTick - now();
    serviceNetwork(std::clamp(static_cast<int>(untilTick * 1000.0), 0, 5));
    int substeps = 0;
    while (now() >= nextTick && substeps < config_.maxSubsteps) {
      const auto tickStart = std::chrono::steady_clock::now();
      simulateTick();
      const auto simulated = std::chrono::steady_clock::now();
      if (state_.tick % ticksPerSend_ == 0) {
        sendFrames();
      }
      const auto sent = std::chrono::steady_clock::now();
      metrics_.simulateStage.add(
          std::chrono::duration<double, std::micro>(simulated - tickStart).count());
      metrics_.sendStage.add(std::chrono::duration<double, std::micro>(sent - simulated).count());
      metrics_.tickTime.add(std::chrono::duration<double, std::micro>(sent - tickStart).count());
      nextTick += dt;
      ++substeps;
    }
    if (substeps >= config_.maxSubsteps && now() >= nextTick) {
      // Still behind after max_substeps: drop the lag instead of chasing it (no spiral).
      const auto dropped = static_cast<std::uint64_t>((now() - nextTick) / dt) + 1;
      metrics_.droppedLagTicks += dropped;
      if (now() - lastLagWarning_ > 5.0) {
        log_->warn("running behind: dropped {} ticks of lag (sim.max_substeps = {})", dropped,
                   config_.maxSubsteps);
        lastLagWarning_ = now();
      }
      nextTick = now() + dt;
    }
    expireDisconnectedPlayers();
    if (config_.metricsInterval > 0.0f && now() - lastMetricsLog_ >= config_.metricsInterval) {
      logMetrics();
      lastMetricsLog_ = now();
    }
  }
  shutdown(stop.load() ? "server shutting down" : "server run time elapsed");
}

void GameServer::simulateTick() {
  // A crowd joining at once is spread over several ticks: a frame carries a bounded number.
  const auto taken =
      static_cast<std::ptrdiff_t>(std::min(pendingEvents_.size(), net::kMaxEventsPerFrame));
  const std::vector<RosterEvent> events(pendingEvents_.begin(),
                                             pendingEvents_.begin() + taken);
  pendingEvents_.erase(pendingEvents_.begin(), pendingEvents_.begin() + taken);
  // Events first, so that exactly the characters that exist this tick get an input (the same
  // order as applyAuthoritativeTick on the clients and in replays).
  applyRosterEvents(state_, events, level_, parameters_.config);
  const TickInputs inputs = gatherInputs();
  stepWorld(state_, inputs, level_, parameters_);
  const std::uint64_t hash = hashState(state_);
  history_.record(events, inputs, hash, state_);
  if (replay_) {
    replay_->append(ReplayTick{state_.tick, events, activeInputs(state_, inputs), hash});
  }
  ++metrics_.ticks;
}

// For each player in the world the input it sent for this tick; a missing one is its last input
// (that is then the authoritative input); a disconnected player waiting for its token stands still.
TickInputs GameServer::gatherInputs() {
  const std::uint32_t tick = state_.tick + 1;
  TickInputs inputs{};
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    PlayerSlot& player = slots_[slot];
    if (!player.used || !state_.characters[slot].active) {
      continue;  // not in the world (yet): its input stays neutral
    }
    if (player.connection == nullptr) {
      player.lastInput = PlayerInput{};
    } else if (const PlayerInput* arrived = player.inputs.find(tick)) {
      player.lastInput = *arrived;
    } else {
      ++metrics_.substitutedInputs;
    }
    inputs[slot] = player.lastInput;
  }
  return inputs;
}

void GameServer::expireDisconnectedPlayers() {
  const double current = now();
  for (auto& [peer, connection] : connections_) {
    if (connection->role == Connection::Role::Pending &&
        current - connection->connectedAt > kHelloTimeoutSeconds) {
      connection->connectedAt = current;  // refuse once; the disconnect follows
      refuse(peer, "no Hello within 5 s");
    }
  }
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    PlayerSlot& player = slots_[slot];
    if (player.used && player.connection == nullptr &&
        current - player.disconnectedAt >= config_.reconnectWindow) {
      log_->info("player {} ({}) did not come back within {} s; slot {} freed", player.name, slot,
                 config_.reconnectWindow, slot);
      pendingEvents_.push_back({RosterEvent::kLeave, static_cast<std::uint8_t>(slot), ""});
      player = PlayerSlot{};
    }
  }
}

// ---- network ------------------------------------------------------------------------------------

void GameServer::serviceNetwork(int timeoutMs) {
  ENetEvent event;
  int result = enet_host_service(host_.get(), &event, static_cast<enet_uint32>(timeoutMs));
  while (result > 0) {
    switch (event.type) {
      case ENET_EVENT_TYPE_CONNECT:
        onConnect(event.peer);
        break;
      case ENET_EVENT_TYPE_DISCONNECT:
        onDisconnect(event.peer);
        break;
      case ENET_EVENT_TYPE_RECEIVE: {
        const auto found = connections_.find(event.peer);
        if (found != connections_.end()) {
          onReceive(*found->second, *event.packet);
        }
        enet_packet_destroy(event.packet);
        break;
      }
      default:
        break;
    }
    result = enet_host_check_events(host_.get(), &event);
  }
}

void GameServer::onConnect(ENetPeer* peer) {
  const auto timeoutMs = static_cast<enet_uint32>(config_.peerTimeout * 1000.0f);
  enet_peer_timeout(peer, 32, timeoutMs, timeoutMs);
  auto connection = std::make_unique<Connection>();
  connection->peer = peer;
  connection->address = net::peerAddress(peer);
  connection->connectedAt = now();
  connections_[peer] = std::move(connection);
}

void GameServer::onDisconnect(ENetPeer* peer) {
  const auto found = connections_.find(peer);
  if (found == connections_.end()) {
    return;
  }
  Connection& connection = *found->second;
  if (connection.role == Connection::Role::Player) {
    PlayerSlot& player = slots_[static_cast<std::size_t>(connection.slot)];
    player.connection = nullptr;
    player.disconnectedAt = now();
    log_->info("player {} (slot {}) disconnected from {}; slot kept {} s for reconnection",
               player.name, connection.slot, connection.address, config_.reconnectWindow);
    --metrics_.players;
  } else if (connection.role == Connection::Role::Spectator) {
    log_->info("spectator {} left", connection.address);
    --metrics_.spectators;
  }
  connections_.erase(found);
}

void GameServer::onReceive(Connection& connection, const ENetPacket& packet) {
  std::string error;
  const std::optional<net::Message> message =
      net::decode(std::span<const std::uint8_t>(packet.data, packet.dataLength), error);
  if (!message) {
    rejectPacket(connection, error);
    return;
  }
  if (const auto* hello = std::get_if<net::Hello>(&*message)) {
    if (connection.role != Connection::Role::Pending) {
      rejectPacket(connection, "second Hello");
      return;
    }
    handleHello(connection, *hello);
  } else if (connection.role == Connection::Role::Pending) {
    rejectPacket(connection, fmt::format("{} before Hello", net::messageName(*message)));
  } else if (const auto* batch = std::get_if<net::InputBatch>(&*message)) {
    handleInputs(connection, *batch);
  } else if (const auto* report = std::get_if<net::DesyncReport>(&*message)) {
    handleDesyncReport(connection, *report);
  } else if (const auto* stats = std::get_if<net::ClientReport>(&*message)) {
    metrics_.reportedRollbacks +=
        stats->rollbacks - std::min(stats->rollbacks, connection.report.rollbacks);
    metrics_.reportedMaxRollbackDepth =
        std::max<std::uint32_t>(metrics_.reportedMaxRollbackDepth, stats->maxRollbackDepth);
    connection.report = *stats;
  } else {
    rejectPacket(connection, fmt::format("unexpected {}", net::messageName(*message)));
  }
}

void GameServer::rejectPacket(Connection& connection, const std::string& reason) {
  ++metrics_.malformedPackets;
  const double current = now();
  if (current - connection.badWindowStart > kBadPacketWindowSeconds) {
    connection.badWindowStart = current;
    connection.badPackets = 0;
  }
  ++connection.badPackets;
  if (current - connection.lastBadLog >= 1.0) {  // once per peer per second
    log_->warn("{}: dropped malformed packet ({}); {} in the last {} s", connection.address, reason,
               connection.badPackets, kBadPacketWindowSeconds);
    connection.lastBadLog = current;
  }
  if (connection.badPackets > static_cast<std::uint32_t>(config_.badPacketLimit)) {
    log_->warn("{}: disconnected after {} malformed packets", connection.address,
               connection.badPackets);
    net::sendMessage(connection.peer, net::Goodbye{"too many malformed packets"},
                     net::kReliableChannel);
    enet_peer_disconnect_later(connection.peer, 0);
    connection.badPackets = 0;
  }
}

void GameServer::refuse(ENetPeer* peer, const std::string& reason) {
  net::sendMessage(peer, net::Refusal{net::kProtocolVersion, reason}, net::kReliableChannel);
  enet_peer_disconnect_later(peer, 0);
}

int GameServer::findReconnectSlot(std::uint64_t token) const {
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (token != 0 && slots_[slot].used && slots_[slot].token == token &&
        slots_[slot].connection == nullptr) {
      return static_cast<int>(slot);
    }
  }
  return -1;
}

int GameServer::findFreeSlot() const {
  int used = 0;
  int firstFree = -1;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (slots_[slot].used) {
      ++used;
    } else if (firstFree < 0 && !state_.characters[slot].active) {
      firstFree = static_cast<int>(slot);
    }
  }
  return used < config_.maxPlayers ? firstFree : -1;
}

void GameServer::handleHello(Connection& connection, const net::Hello& hello) {
  if (hello.protocolVersion != net::kProtocolVersion) {
    log_->warn("{}: refused: protocol version {} (server speaks {})", connection.address,
               hello.protocolVersion, net::kProtocolVersion);
    refuse(connection.peer, fmt::format("protocol version {} is not supported; the server speaks "
                                        "version {}",
                                        hello.protocolVersion, net::kProtocolVersion));
    return;
  }
  net::Welcome welcome;
  welcome.sendRate = static_cast<std::uint16_t>(config_.sendRate);
  welcome.echoClientTimeMs = hello.clientTimeMs;
  welcome.level = net::toLevelData(level_);
  welcome.physics = config_.physics;
  if (hello.spectator) {
    if (metrics_.spectators >= config_.maxSpectators) {
      refuse(connection.peer, "no room for another spectator");
      return;
    }
    connection.role = Connection::Role::Spectator;
    ++metrics_.spectators;
    log_->info("spectator {} joined from {}", hello.name, connection.address);
  } else {
    int slot = findReconnectSlot(hello.reconnectToken);
    const bool reconnecting = slot >= 0;
    if (!reconnecting) {
      slot = findFreeSlot();
      if (slot < 0) {
        refuse(connection.peer, fmt::format("server full ({} players)", config_.maxPlayers));
        return;
      }
      PlayerSlot& player = slots_[static_cast<std::size_t>(slot)];
      player = PlayerSlot{};
      player.used = true;
      player.name = cleanName(hello.name, slot);
      player.token = newToken();
      pendingEvents_.push_back(
          {RosterEvent::kJoin, static_cast<std::uint8_t>(slot), player.name});
    }
    PlayerSlot& player = slots_[static_cast<std::size_t>(slot)];
    player.connection = &connection;
    player.inputs.clear();
    connection.role = Connection::Role::Player;
    connection.slot = slot;
    welcome.playerSlot = static_cast<std::int16_t>(slot);
    welcome.reconnectToken = player.token;
    ++metrics_.players;
    metrics_.peakPlayers = std::max(metrics_.peakPlayers, metrics_.players);
    log_->info("player {} {} slot {} from {}", player.name,
               reconnecting ? "reconnected to" : "joined in", slot, connection.address);
  }
  welcome.snapshot = snapshotAt(state_.tick);
  connection.ackTick = state_.tick;
  net::sendMessage(connection.peer, welcome, net::kReliableChannel);
}

void GameServer::handleInputs(Connection& connection, const net::InputBatch& batch) {
  const std::uint32_t serverTick = state_.tick;
  const std::uint32_t firstTick = batch.firstTick(serverTick);
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
  if (batch.inputs.empty()) {
    return;
  }
  const std::uint64_t newest = std::uint64_t{firstTick} + batch.inputs.size() - 1;
  if (newest > std::uint64_t{serverTick} + static_cast<std::uint64_t>(config_.maxInputLead)) {
    rejectPacket(connection, fmt::format("inputs for tick {} are more than {} ticks ahead of {}",
                                         newest, config_.maxInputLead, serverTick));
    return;
  }
  if (!std::all_of(batch.inputs.begin(), batch.inputs.end(), validInput)) {
    rejectPacket(connection, "input value out of range");
    return;
  }
  PlayerSlot& player = slots_[static_cast<std::size_t>(connection.slot)];
  for (std::size_t i = 0; i < batch.inputs.size(); ++i) {
    const std::uint32_t tick = firstTick + static_cast<std::uint32_t>(i);
    if (tick <= serverTick) {
      // Already simulated: a redundant copy, or an input that came too late to count.
      metrics_.lateInputs += player.inputs.has(tick) ? 0 : 1;
      continue;
    }
    player.inputs.put(tick, batch.inputs[i]);
  }
  const auto margin = static_cast<std::int16_t>(static_cast<std::int64_t>(newest) -
                                                (static_cast<std::int64_t>(serverTick) + 1));
  connection.marginSinceSend =
      connection.marginSinceSend ? std::min(*connection.marginSinceSend, margin) : margin;
}

void GameServer::handleDesyncReport(Connection& connection, const net::DesyncReport& report) {
  ++metrics_.desyncReports;
  const TickHistory::Entry* entry = history_.find(report.tick);
  log_->warn("{}: desync reported at tick {}: client hash {:016x}, server hash {}",
             connection.address, report.tick, report.clientHash,
             entry ? fmt::format("{:016x}", entry->hash) : std::string("(out of history)"));
  sendFullState(connection, entry ? report.tick : state_.tick);
}

// ---- sending ------------------------------------------------------------------------------------

net::Snapshot GameServer::snapshotAt(std::uint32_t tick) const {
  const TickHistory::Entry* entry = history_.find(tick);
  const WorldState& state = entry ? entry->state : state_;
  net::Snapshot snapshot;
  snapshot.state = state;
  snapshot.inputs = activeInputs(state, entry ? entry->inputs : TickInputs{});
  for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
    if (state.characters[slot].active) {
      snapshot.roster.push_back({static_cast<std::uint8_t>(slot), slots_[slot].name});
    }
  }
  return snapshot;
}

void GameServer::sendFullState(Connection& connection, std::uint32_t tick) {
  if (now() - connection.lastFullState < kFullStateCooldownSeconds) {
    return;
  }
  connection.lastFullState = now();
  net::FullState full;
  full.snapshot = snapshotAt(tick);
  connection.ackTick = full.snapshot.state.tick;
  ++metrics_.fullStatesSent;
  net::sendMessage(connection.peer, full, net::kReliableChannel);
}

std::uint32_t GameServer::inputAckFor(const Connection& connection) const {
  std::uint32_t ack = state_.tick;
  if (connection.role == Connection::Role::Player) {
    const PlayerSlot& player = slots_[static_cast<std::size_t>(connection.slot)];
    while (player.inputs.has(ack + 1) &&
           ack - state_.tick < decltype(PlayerSlot::inputs)::kCapacity) {
      ++ack;
    }
  }
  return ack;
}

void GameServer::sendFrames() {
  for (auto& [peer, connection] : connections_) {
    if (connection->role != Connection::Role::Pending) {
      sendFramesTo(*connection);
    }
  }
  enet_host_flush(host_.get());
  const net::TrafficTotals traffic = host_.traffic();
  metrics_.bytesSent = traffic.bytesSent + traffic.datagramsSent * net::kUdpIpHeaderBytes;
  metrics_.bytesReceived =
      traffic.bytesReceived + traffic.datagramsReceived * net::kUdpIpHeaderBytes;
}

void GameServer::sendFramesTo(Connection& connection) {
  const std::uint32_t serverTick = state_.tick;
  if (connection.ackTick >= serverTick) {
    return;
  }
  const TickHistory::Entry* base = history_.find(connection.ackTick);
  if (base == nullptr || serverTick - connection.ackTick > net::kMaxFramesPerMessage) {
    // The client fell behind the history window: it gets the whole state instead.
    sendFullState(connection, serverTick);
    return;
  }
  if (connection.marginSinceSend) {
    connection.reportedMargin = *connection.marginSinceSend;
    connection.marginSinceSend.reset();
  }
  net::ServerFrames message;
  message.serverTick = serverTick;
  message.inputAckAhead =
      static_cast<std::uint8_t>(std::min<std::uint32_t>(inputAckFor(connection) - serverTick, 255));
  message.inputMargin =
      static_cast<std::int8_t>(std::clamp<int>(connection.reportedMargin, -127, 127));
  const TickInputs* previous = &base->inputs;
  for (std::uint32_t tick = connection.ackTick + 1; tick <= serverTick; ++tick) {
    const TickHistory::Entry* entry = history_.find(tick);
    message.frames.push_back({entry->events, changedInputs(*previous, entry->inputs),
                              static_cast<std::uint32_t>(entry->hash)});
    previous = &entry->inputs;
  }
  net::sendMessage(connection.peer, message, net::kUnreliableChannel);
}

void GameServer::logMetrics() {
  log_->info("{}", metrics_.logLine(now() - startTime_));
}

void GameServer::shutdown(const std::string& reason) {
  elapsed_ = now() - startTime_;
  log_->info("{}: saying goodbye to {} connections", reason, connections_.size());
  for (auto& [peer, connection] : connections_) {
    net::sendMessage(peer, net::Goodbye{reason}, net::kReliableChannel);
    enet_peer_disconnect_later(peer, 0);
  }
  enet_host_flush(host_.get());
  // Give the goodbyes a moment to be delivered and acknowledged.
  const double deadline = now() + 0.3;
  while (!connections_.empty() && now() < deadline) {
    serviceNetwork(10);
  }
  if (replay_) {
    replay_->close();
    log_->info("replay written to {} ({} ticks)", replay_->file(), state_.tick);
  }
  const net::TrafficTotals traffic = host_.traffic();
  metrics_.bytesSent = traffic.bytesSent + traffic.datagramsSent * net::kUdpIpHeaderBytes;
  metrics_.bytesReceived =
      traffic.bytesReceived + traffic.datagramsReceived * net::kUdpIpHeaderBytes;
  logMetrics();
}

}  // namespace coyote
