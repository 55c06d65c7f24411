#include "server/game_server.h"

#include <algorithm>
#include <chrono>
#include <ctime>

#include "wire/codec.h"

namespace coyote {
namespace {

constexpr double kExpiryInterval = 0.1;  ///< s between two looks at connection and room deadlines
constexpr int kPeerSlack = 8;  // extra ENet peers so a full server can still send refusals
/// At least this many connections may wait for their Hello at once, beside every room's players.
constexpr int kMinPendingPeers = 64;

/// Burns `milliseconds` of wall time (the governor's test hook; 0 costs nothing).
void spinForTesting(double milliseconds) {
  if (milliseconds <= 0.0) {
    return;
  }
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(milliseconds);
  while (std::chrono::steady_clock::now() < until) {
  }
}

const char* governorLevelEffect(int level) {
  switch (level) {
    case 1:
      return "frames at half rate";
    case 2:
      return "new joins refused";
    default:
      return "activity radius and active bodies capped";
  }
}

}  // namespace

// A whole room's players may connect at once (a match starting), and at least kMinPendingPeers.
int pendingLimit(const ServerConfig& config) {
  return std::max(kMinPendingPeers, config.maxPlayers + config.maxSpectators);
}

namespace {

// Every room full, the connections still to say Hello, plus the slack; ENet takes at most 4095
// peers.
net::HostLimits hostLimits(const ServerConfig& config) {
  const int peers = config.maxRooms * (config.maxPlayers + config.maxSpectators) +
                    pendingLimit(config) + kPeerSlack;
  return net::HostLimits{static_cast<std::size_t>(std::min(peers, 4095)),
                         static_cast<std::size_t>(config.peersPerAddress), net::kMaxPacketSize,
                         net::kMaxWaitingData};
}

/// The records service when records are kept (records.path or records.url), else nullptr.
std::unique_ptr<RecordsService> recordsFor(const ServerConfig& config,
                                           std::shared_ptr<spdlog::logger> log) {
  if (!config.recordsEnabled()) {
    return nullptr;
  }
  constexpr double kRecordsRetrySeconds = 2.0;  // finished runs wait this long between tries
  return std::make_unique<RecordsService>(
      [path = config.recordsPath, url = config.recordsUrl] { return openRecordsStore(path, url); },
      static_cast<std::size_t>(config.recordsQueue), kRecordsRetrySeconds, std::move(log));
}

double threadCpuMicros() {
  timespec cpu{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
  return static_cast<double>(cpu.tv_sec) * 1e6 + static_cast<double>(cpu.tv_nsec) / 1e3;
}

/// Microseconds of a stage, for the stage timings only (no decision depends on them): wall time
/// (what a tick took, preemption included) and this thread's CPU time (what it cost the server,
/// whatever else the machine runs).
class StageTimer {
 public:
  StageTiming lap() {
    const auto now = std::chrono::steady_clock::now();
    const double cpu = threadCpuMicros();
    const StageTiming timing{std::chrono::duration<double, std::micro>(now - last_).count(),
                             cpu - lastCpu_};
    last_ = now;
    lastCpu_ = cpu;
    return timing;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  double lastCpu_ = threadCpuMicros();
};

}  // namespace

GameServer::GameServer(const ServerConfig& config, const Level& level,
                       std::shared_ptr<spdlog::logger> logger, double now, RoomLevels roomLevels)
    : config_(config),
      catalog_(level, std::move(roomLevels), config.createUnknownRooms),
      log_(std::move(logger)),
      host_(net::EnetHost::listen(config.bindAddress, static_cast<std::uint16_t>(config.port),
                                  hostLimits(config))),
      roomOpens_(config.roomOpensPerAddress, 60.0),
      joins_(4 * config.peersPerAddress, 10.0),
      records_(recordsFor(config, log_)),
      moderation_(config_, log_, now, static_cast<std::int64_t>(std::time(nullptr)),
                  records_.get()),
      chat_(outbox_, moderation_, log_),
      votes_(config.voteKick, chat_, moderation_, log_),
      recordsBridge_(records_.get(), static_cast<std::size_t>(config.recordsQueue), chat_, outbox_,
                     log_),
      startTime_(now),
      now_(now),
      nextTick_(now + 1.0 / config.physics.tickRate),
      lastMetricsLog_(now),
      governor_(config.tickBudgetMs, config.physics.tickRate),
      roomSteps_(config.roomThreads) {
  metrics_.tickBudgetMicros =
      config_.tickBudgetMs > 0.0f ? config_.tickBudgetMs * 1000.0 : 1e6 / config_.physics.tickRate;
  baseTicksPerSend_ = static_cast<std::uint32_t>(
      std::max(1, config_.physics.tickRate / std::max(1, config_.sendRate)));
  ticksPerSend_ = baseTicksPerSend_;
  // Before ENet sees a datagram: info queries answered, cookie requests answered, CONNECTs
  // without a cookie dropped.
  host_.setDatagramFilter([this](const ENetAddress& from, std::span<const std::uint8_t> datagram) {
    return info_.answer(host_, from, datagram, now_) || gate_.screen(host_, from, datagram, now_);
  });
  gate_.setAdmission([this](const ENetAddress& from, std::uint32_t connectId) {
    letGoOfSupersededAttempt(from, connectId);
    return connectRefusal(from, connectId);
  });
  moderation_.loadBans();
  if (roomSteps_.threads() > 1) {
    log_->info("rooms stepped on {} threads (rooms.threads)", roomSteps_.threads());
  }
  const std::string main(net::kDefaultRoom);
  openRoom(main, *catalog_.levelFor(main));
}

GameServer::~GameServer() = default;

// ---- time (docs/hosting.md#the-loop): fixed steps, bounded catch-up ----------------------------

void GameServer::advance(double now) {
  now_ = now;
  const double dt = 1.0 / config_.physics.tickRate;
  int substeps = 0;
  while (now_ >= nextTick_ && substeps < config_.maxSubsteps) {
    runTick();
    nextTick_ += dt;
    ++substeps;
  }
  if (now_ >= nextTick_) {
    dropLag();
  }
  // Deadlines of seconds, looked at ten times a second rather than at every packet: with 64
  // rooms, walking every slot of every room each loop turn was a tenth of an idle server's time.
  if (now_ >= nextExpiry_) {
    expireConnections();
    closeIdleRooms();
    judgeVotes();
    nextExpiry_ = now_ + kExpiryInterval;
  }
  reportRefusedConnects();
  serveAdmin();
  applyLevelChanges();
  if (config_.metricsInterval > 0.0f && now_ - lastMetricsLog_ >= config_.metricsInterval) {
    updateLossFigures();
    log_->info("{} ({} rooms)", metrics().logLine(elapsedSeconds()), rooms_.size());
    lastMetricsLog_ = now_;
  }
}

// Still behind after max_substeps: drop the lag instead of chasing it (no spiral of death).
void GameServer::dropLag() {
  const double dt = 1.0 / config_.physics.tickRate;
  const auto dropped = static_cast<std::uint64_t>((now_ - nextTick_) / dt) + 1;
  metrics_.droppedLagTicks += dropped;
  if (now_ - lastLagWarning_ > 5.0) {
    log_->warn("running behind: dropped {} ticks of lag (sim.max_substeps = {})", dropped,
               config_.maxSubsteps);
    lastLagWarning_ = now_;
  }
  nextTick_ = now_ + dt;
}

// Every room steps once per tick of the loop, each from its own tick count, on rooms.threads
// threads. Each room's CPU time is its thread's; the tick's is the loop thread's plus what the
// other threads spent on rooms.
void GameServer::runTick() {
  StageTimer timer;
  const double workerCpu = stepRooms();
  StepProfile profile;  // the tick's stages summed over the rooms
  for (std::size_t i = 0; i < roomList_.size(); ++i) {
    for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
      profile.micros[stage] += roomProfiles_[i].micros[stage];
    }
  }
  recordsBridge_.exchange(rooms_);
  metrics_.addStepProfile(profile);
  ++metrics_.ticks;
  framesDue_ = true;  // some clients' turn comes every tick (see send())
  spinForTesting(artificialTickCostMs_);
  StageTiming simulate = timer.lap();
  simulate.cpu += workerCpu;
  metrics_.simulateCpuMicros += simulate.cpu;
  metrics_.simulateBudgetOverruns += simulate.cpu > metrics_.tickBudgetMicros ? 1 : 0;
  metrics_.simulateStage.add(simulate.wall);
  if (pendingTick_) {
    recordTick(*pendingTick_);  // an earlier substep of this turn, not sent
  }
  pendingTick_ = simulate;
}

double GameServer::stepRooms() {
  roomList_.clear();
  for (auto& [name, room] : rooms_) {
    roomList_.push_back(room.get());
  }
  roomProfiles_.assign(roomList_.size(), StepProfile{});
  roomCpuMicros_.assign(roomList_.size(), 0.0);
  roomSteps_.run(roomList_.size(), [this](std::size_t i) {
    const double start = threadCpuMicros();
    roomList_[i]->runTick(now_, roomProfiles_[i]);
    roomCpuMicros_[i] = threadCpuMicros() - start;
  });
  double workerCpu = 0.0;
  for (std::size_t i = 0; i < roomList_.size(); ++i) {
    roomList_[i]->noteTickCpu(roomCpuMicros_[i]);
    workerCpu += roomSteps_.ranOnLoopThread(i) ? 0.0 : roomCpuMicros_[i];
  }
  return workerCpu;
}

void GameServer::recordTick(const StageTiming& timing) {
  metrics_.addTick(timing);
  if (const auto change = governor_.addTick(timing.wall / 1000.0)) {
    applyGovernorLevel(*change);
  }
}

void GameServer::applyGovernorLevel(const OverloadGovernor::Transition& change) {
  if (change.to > change.from) {
    log_->warn("overload governor: level {} -> {} ({}): {}", change.from, change.to,
               governorLevelEffect(change.to), change.cause);
  } else {
    log_->info("overload governor: level {} -> {}: {}", change.from, change.to, change.cause);
  }
  if (governor_.limitsActivity() != (change.from >= 3)) {
    // Announced as the next tick's authoritative event: every client applies it at that tick.
    const bool limit = governor_.limitsActivity();
    for (auto& [name, room] : rooms_) {
      room->announceLimits(
          limit ? static_cast<std::uint16_t>(config_.overloadRadius) : std::uint16_t{0},
          limit ? static_cast<std::uint16_t>(config_.overloadActiveBodies) : std::uint16_t{0});
    }
  }
  metrics_.governorLevel = change.to;
  ++metrics_.governorTransitions;
  ticksPerSend_ = governor_.halvesSendRate() ? baseTicksPerSend_ * 2 : baseTicksPerSend_;
}

void GameServer::judgeVotes() {
  for (auto& [name, room] : rooms_) {
    votes_.judge(*room, now_);
  }
}

// Every deadline is kept by a reset, never a graceful disconnect: that waits for
// acknowledgements, and a peer that stops acknowledging would hold its ENet peer for the
// reliable timeout (20 s).
void GameServer::expireConnections() {
  std::vector<ENetPeer*> silent;
  std::vector<ENetPeer*> expired;
  for (auto& [peer, connection] : connections_) {
    const bool closing = connection->closingSince >= 0.0;
    if (closing && now_ - connection->closingSince > kClosingSeconds) {
      expired.push_back(peer);  // refused or kicked; its last message had its chance
    } else if (!closing && connection->role == Connection::Role::Pending &&
               now_ - connection->connectedAt > kHelloTimeoutSeconds) {
      // Dropped without a message: nothing to amplify, and a real client whose Hello was lost
      // sees a failed attempt and tries again.
      expired.push_back(peer);
    } else if (connection->role != Connection::Role::Pending &&
               now_ - connection->lastPacketAt > config_.peerTimeout) {
      silent.push_back(peer);  // a live client sends inputs, or its Hello again, every tick
    }
  }
  for (ENetPeer* peer : expired) {
    dropConnection(peer);
  }
  for (ENetPeer* peer : silent) {
    log_->info("{}: nothing heard for {} s; connection dropped", connections_[peer]->address,
               config_.peerTimeout);
    dropConnection(peer);  // a player keeps its reservation and may come back with its token
  }
  for (auto& [name, room] : rooms_) {
    room->expireReservations(now_);
  }
}

// ---- sending -----------------------------------------------------------------------------------

void GameServer::send() {
  std::optional<StageTimer> timer;  // a tick's send is timed; the loop turns between are not
  if (framesDue_) {
    timer.emplace();
    for (auto& [peer, connection] : connections_) {
      if (connection->room != nullptr) {
        connection->room->sendFramesTo(*connection, ticksPerSend_, now_);
      }
    }
  }
  enet_host_flush(host_.get());
  updateTraffic();
  if (framesDue_) {
    const StageTiming sending = timer->lap();
    metrics_.sendStage.add(sending.wall);
    metrics_.sendCpuMicros += sending.cpu;
    metrics_.sendBudgetOverruns += sending.cpu > metrics_.tickBudgetMicros ? 1 : 0;
    if (pendingTick_) {
      recordTick({pendingTick_->wall + sending.wall, pendingTick_->cpu + sending.cpu});
      pendingTick_.reset();
    }
    framesDue_ = false;
  }
}

// The mean loss each way: inputs as this server counted them, frames as the clients report.
void GameServer::updateLossFigures() {
  double inputLoss = 0.0;
  double frameLoss = 0.0;
  int players = 0;
  int clients = 0;
  for (const auto& [peer, connection] : connections_) {
    if (connection->role == Connection::Role::Player) {
      inputLoss += connection->sync.inputLoss.percent();
      ++players;
    }
    if (connection->role != Connection::Role::Pending) {
      frameLoss += connection->sync.report.frameLoss / 100.0;
      ++clients;
    }
  }
  metrics_.inputLossPercent = players > 0 ? inputLoss / players : 0.0;
  metrics_.frameLossPercent = clients > 0 ? frameLoss / clients : 0.0;
}

void GameServer::updateTraffic() {
  const net::TrafficTotals traffic = host_.traffic();
  const net::ConnectGate::Counters& gate = gate_.counters();
  metrics_.cookieReplies = gate.repliesSent;
  metrics_.refusedConnects = gate.connectsRefused;
  metrics_.turnedAwayConnects = gate.connectsTurnedAway;
  metrics_.infoRequests = info_.counters().requests;
  metrics_.infoReplies = info_.counters().replies;
  // Cookie replies and connect refusals leave through the socket without ENet's counters.
  metrics_.bytesSent = traffic.wireBytesSent() +
                       gate.repliesSent * (net::kCookieReplySize + net::kUdpIpHeaderBytes) +
                       gate.refusalsSent * (net::kConnectRefusalSize + net::kUdpIpHeaderBytes) +
                       info_.counters().replyBytes +
                       info_.counters().replies * net::kUdpIpHeaderBytes;
  metrics_.bytesReceived = traffic.wireBytesReceived();
  metrics_.datagramsSent =
      traffic.datagramsSent + gate.repliesSent + gate.refusalsSent + info_.counters().replies;
  metrics_.datagramsReceived = traffic.datagramsReceived;
}

void GameServer::sayGoodbye(const std::string& reason) {
  updateLossFigures();  // while the clients are still here
  log_->info("{}: saying goodbye to {} connections", reason, connections_.size());
  for (auto& [peer, connection] : connections_) {
    net::sendMessage(peer, net::Goodbye{reason}, net::kReliableChannel);
    enet_peer_disconnect_later(peer, 0);
  }
  enet_host_flush(host_.get());
}

void GameServer::close() {
  for (auto& [name, room] : rooms_) {
    room->close();
  }
  updateTraffic();
  log_->info("{}", metrics().logLine(elapsedSeconds()));
}

}  // namespace coyote
