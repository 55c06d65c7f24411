#include "server/game_server.h"

#include <algorithm>
#include <chrono>
#include <ctime>

#include <fmt/format.h>

#include "wire/codec.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

constexpr double kExpiryInterval = 0.1;  ///< s between two looks at connection and room deadlines

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
      log_(std::move(logger)),
      sessions_(
          config, log_, [this](std::uint16_t firstRoom) { return serverInfo(firstRoom); }, *this,
          now),
      records_(recordsFor(config, log_)),
      moderation_(config_, log_, now, static_cast<std::int64_t>(std::time(nullptr)),
                  records_.get()),
      chat_(sessions_, moderation_, log_),
      votes_(config.voteKick, chat_, moderation_, log_),
      recordsBridge_(records_.get(), static_cast<std::size_t>(config.recordsQueue), chat_,
                     sessions_, log_),
      directory_(
          config_, RoomCatalog(level, std::move(roomLevels), config.createUnknownRooms), log_,
          sessions_, chat_,
          [this](Connection& connection, Room& room, const std::string& player) {
            moveIntoRoom(connection, room, player);
          },
          now),
      adminCommands_(config_, log_, directory_, moderation_, chat_),
      startTime_(now),
      now_(now),
      nextTick_(now + 1.0 / config.physics.tickRate),
      lastMetricsLog_(now),
      governor_(config.tickBudgetMs, config.physics.tickRate),
      handshake_(config_, log_, sessions_, directory_, moderation_, chat_, recordsBridge_,
                 governor_, [this] { return nextSendPhase(); }),
      roomSteps_(config.roomThreads) {
  metrics_.tickBudgetMicros =
      config_.tickBudgetMs > 0.0f ? config_.tickBudgetMs * 1000.0 : 1e6 / config_.physics.tickRate;
  baseTicksPerSend_ = static_cast<std::uint32_t>(
      std::max(1, config_.physics.tickRate / std::max(1, config_.sendRate)));
  ticksPerSend_ = baseTicksPerSend_;
  moderation_.loadBans();
  if (roomSteps_.threads() > 1) {
    log_->info("rooms stepped on {} threads (rooms.threads)", roomSteps_.threads());
  }
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
    directory_.closeIdle(now_);
    judgeVotes();
    nextExpiry_ = now_ + kExpiryInterval;
  }
  sessions_.reportRefusedConnects(now_);
  serveAdmin();
  directory_.applyLevelChanges(now_);
  if (config_.metricsInterval > 0.0f && now_ - lastMetricsLog_ >= config_.metricsInterval) {
    updateLossFigures();
    log_->info("{} ({} rooms)", metrics().logLine(elapsedSeconds()), directory_.rooms().size());
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
  recordsBridge_.exchange(directory_.rooms());
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
  for (auto& [name, room] : directory_.rooms()) {
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
    for (auto& [name, room] : directory_.rooms()) {
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
  for (auto& [name, room] : directory_.rooms()) {
    votes_.judge(*room, now_);
  }
}

// Connections past their deadlines (session_host.h), then reservations past theirs.
void GameServer::expireConnections() {
  sessions_.expire(now_);
  for (auto& [name, room] : directory_.rooms()) {
    room->expireReservations(now_);
  }
}

// ---- sending -----------------------------------------------------------------------------------

void GameServer::send() {
  std::optional<StageTimer> timer;  // a tick's send is timed; the loop turns between are not
  if (framesDue_) {
    timer.emplace();
    for (const auto& [peer, connection] : sessions_.connections()) {
      if (connection->room != nullptr) {
        connection->room->sendFramesTo(*connection, ticksPerSend_, now_);
      }
    }
  }
  sessions_.flush();
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
  for (const auto& [peer, connection] : sessions_.connections()) {
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
  sessions_.countInto(metrics_);
}

void GameServer::sayGoodbye(const std::string& reason) {
  updateLossFigures();  // while the clients are still here
  sessions_.sayGoodbye(reason);
}

void GameServer::close() {
  for (auto& [name, room] : directory_.rooms()) {
    room->close();
  }
  updateTraffic();
  log_->info("{}", metrics().logLine(elapsedSeconds()));
}

// ---- the figures of all rooms together ---------------------------------------------------------

ServerMetrics GameServer::metrics() const {
  ServerMetrics total = metrics_;
  total.addRoomCounters(directory_.closedRooms());
  total.welcomeCopies = handshake_.counters().welcomeCopies;
  for (const auto& [name, room] : directory_.rooms()) {
    total.addRoomCounters(room->metrics());
  }
  if (records_) {
    const RecordsService::Counters& counters = records_->counters();
    total.records = {counters.written.load(),  counters.waiting.load(), counters.dropped.load(),
                     counters.failures.load(), counters.lookups.load(), counters.lookupsLost.load(),
                     records_->writeTimes()};
  }
  return total;
}

net::ServerInfo GameServer::serverInfo(std::uint16_t firstRoom) const {
  net::ServerInfo info;
  info.protocolVersion = net::kProtocolVersion;
  info.name = config_.serverName;
  info.motd = config_.motd;
  info.password = !config_.password.empty();
  info.version = fmt::format("coyote protocol {}", net::kProtocolVersion);
  info.players = static_cast<std::uint16_t>(players());
  info.maxPlayers = static_cast<std::uint16_t>(config_.maxPlayers * config_.maxRooms);
  info.roomCount = static_cast<std::uint16_t>(directory_.rooms().size());
  info.firstRoom = firstRoom;
  std::uint16_t index = 0;
  for (const auto& [name, room] : directory_.rooms()) {
    if (index++ < firstRoom) {
      continue;
    }
    const Level& level = room->level();
    info.rooms.push_back({name, net::printablePrefix(level.name, net::kMaxInfoLevelNameLength),
                          level.race.present ? "race" : "play",
                          static_cast<std::uint16_t>(room->metrics().players),
                          static_cast<std::uint16_t>(config_.maxPlayers)});
  }
  return info;
}

int GameServer::players() const {
  int players = 0;
  for (const auto& [name, room] : directory_.rooms()) {
    players += room->metrics().players;
  }
  return players;
}

std::vector<RoomFigures> GameServer::roomFigures() const {
  std::vector<RoomFigures> figures;
  for (const auto& [name, room] : directory_.rooms()) {
    figures.push_back(
        {name, room->tick(), &room->metrics(), room->memoryBytes(), room->activeBodies()});
  }
  return figures;
}

// ---- the admin API and level changes ------------------------------------------------------------

void GameServer::serveAdmin() {
  for (AdminDesk::Pending& pending : adminDesk_.take()) {
    pending.reply.set_value(adminCommands_.run(pending.command, now_));
  }
}

// As a Hello would, but on the connection it has: a player (`player`: its name; "" for a
// spectator) takes a slot under its name (the slots are as many as before, so there is one), a
// spectator watches again.
void GameServer::moveIntoRoom(Connection& connection, Room& room, const std::string& player) {
  net::Hello hello;
  hello.spectator = player.empty();
  hello.name = player;
  connection.moveToNewRoom(now_);
  room.enter(connection);
  if (!player.empty()) {
    const int slot = room.claimSlot(hello.name);
    if (slot < 0) {
      chat_.kick(connection, "the room's new level has no place for you", now_);
      return;
    }
    room.admitPlayer(connection, slot, false);
  } else if (!room.admitSpectator(connection)) {
    chat_.kick(connection, "the room's new level has no place for another spectator", now_);
    return;
  }
  net::sendMessage(connection.peer, room.welcome(connection, hello, nextSendPhase(), now_),
                   net::kReliableChannel);
}

}  // namespace coyote
