#include "server/game_server.h"

#include <algorithm>

#include <fmt/format.h>

#include "server/names/player_name.h"
#include "version/build_version.h"
#include "wire/codec.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

constexpr double kExpiryInterval = 0.1;  ///< s between two looks at connection and room deadlines

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

}  // namespace

GameServer::GameServer(const ServerConfig& config, const Level& level,
                       std::shared_ptr<spdlog::logger> logger, ServerTime start,
                       RoomLevels roomLevels, StageClock& stageClock)
    : config_(config),
      log_(std::move(logger)),
      sessions_(
          config, log_, [this](std::uint16_t firstRoom) { return serverInfo(firstRoom); }, *this,
          start.seconds),
      malformed_(sessions_, static_cast<std::uint32_t>(std::max(0, config.badPacketLimit)), log_),
      records_(recordsFor(config, log_)),
      moderation_(config_, log_, start.seconds, start.unixSeconds, records_.get()),
      chat_(sessions_, moderation_, log_),
      votes_(config.voteKick, chat_, moderation_, log_),
      recordsBridge_(records_.get(), static_cast<std::size_t>(config.recordsQueue), chat_,
                     sessions_, log_),
      directory_(config_, RoomCatalog(level, std::move(roomLevels), config.createUnknownRooms),
                 log_, sessions_,
                 {.move =
                      [this](Connection& connection, Room& room, const std::string& player) {
                        malformed_.moved(connection, now_);
                        handshake_.readmit(connection, room, player, now_);
                      },
                  .announce = [this](const Room& room,
                                     const std::string& text) { chat_.announce(room, text); },
                  .closed = [this](const Room& room) { votes_.forget(room); }},
                 start.seconds),
      adminCommands_(config_, log_, directory_, moderation_, chat_, recordsBridge_),
      startTime_(start.seconds),
      now_(start.seconds),
      unixNow_(start.unixSeconds),
      clock_(config.physics.tickRate, config.maxSubsteps, start.seconds, log_),
      lastMetricsLog_(start.seconds),
      governor_(config.tickBudgetMs, config.physics.tickRate),
      tickTiming_(metrics_, governor_, stageClock),
      handshake_(
          config_, log_, sessions_, directory_, moderation_, chat_, recordsBridge_, governor_,
          [this] { return nextSendPhase(); },
          ServerAddresses(config.publicAddresses, sessions_.boundHost(), sessions_.port())),
      roomStepper_(config.roomThreads) {
  metrics_.tickBudgetMicros =
      config_.tickBudgetMs > 0.0f ? config_.tickBudgetMs * 1000.0 : 1e6 / config_.physics.tickRate;
  baseTicksPerSend_ = static_cast<std::uint32_t>(
      std::max(1, config_.physics.tickRate / std::max(1, config_.sendRate)));
  ticksPerSend_ = baseTicksPerSend_;
  chat_.requireEveryCommand();  // every part has added its `/` commands by now
  moderation_.loadBans();
  if (roomStepper_.threads() > 1) {
    log_->info("rooms stepped on {} threads (rooms.threads)", roomStepper_.threads());
  }
}

GameServer::~GameServer() = default;

SettingsChange GameServer::reloadSettings(const ServerConfig& fresh) {
  SettingsChange change = takeLiveSettings(config_, fresh);
  if (std::find(change.applied.begin(), change.applied.end(), "server.password") !=
      change.applied.end()) {
    moderation_.passwordChanged();
  }
  return change;
}

// ---- time (docs/hosting.md#the-loop): fixed steps, bounded catch-up ----------------------------

void GameServer::advance(ServerTime now) {
  now_ = now.seconds;
  unixNow_ = now.unixSeconds;
  const TickClock::Due due = clock_.advance(now_);
  for (int tick = 0; tick < due.ticks; ++tick) {
    runTick();
  }
  metrics_.droppedLagTicks += due.dropped;
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

// Every room steps once per tick of the loop; the tick's CPU time is the loop thread's plus what
// the other threads spent on rooms.
void GameServer::runTick() {
  tickTiming_.startSimulating();
  const RoomStepper::Stepped stepped = roomStepper_.step(directory_.rooms(), now_);
  recordsBridge_.exchange(directory_.rooms(), unixNow_);
  metrics_.addStepProfile(stepped.profile);
  ++metrics_.ticks;
  framesDue_ = true;  // some clients' turn comes every tick (see send())
  applyGovernorLevel(tickTiming_.simulated(stepped.workerCpu));
}

void GameServer::applyGovernorLevel(const std::optional<OverloadGovernor::Transition>& change) {
  if (!change) {
    return;
  }
  if (change->to > change->from) {
    log_->warn("overload governor: level {} -> {} ({}): {}", change->from, change->to,
               governorLevelEffect(change->to), change->cause);
  } else {
    log_->info("overload governor: level {} -> {}: {}", change->from, change->to, change->cause);
  }
  if (governor_.limitsActivity() != (change->from >= 3)) {
    // Announced as the next tick's authoritative event: every client applies it at that tick.
    const bool limit = governor_.limitsActivity();
    for (auto& [name, room] : directory_.rooms()) {
      room->announceLimits(
          limit ? static_cast<std::uint16_t>(config_.overloadRadius) : std::uint16_t{0},
          limit ? static_cast<std::uint16_t>(config_.overloadActiveBodies) : std::uint16_t{0});
    }
  }
  metrics_.governorLevel = change->to;
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
  if (framesDue_) {  // a tick's send is timed; the loop turns between are not
    tickTiming_.startSending();
    sessions_.forEachConnection([this](Connection& connection) {
      if (connection.room != nullptr) {
        connection.room->sendFramesTo(sessions_, connection, ticksPerSend_, now_);
      }
    });
  }
  sessions_.flush();
  updateTraffic();
  if (framesDue_) {
    applyGovernorLevel(tickTiming_.sent());
    framesDue_ = false;
  }
}

// The mean loss each way: inputs as this server counted them, frames as the clients report.
void GameServer::updateLossFigures() {
  double inputLoss = 0.0;
  double frameLoss = 0.0;
  int players = 0;
  int clients = 0;
  sessions_.forEachConnection([&](const Connection& connection) {
    if (connection.role == Connection::Role::Player) {
      inputLoss += connection.sync.inputLoss.percent();
      ++players;
    }
    if (connection.role != Connection::Role::Pending) {
      frameLoss += connection.sync.report.frameLoss / 100.0;
      ++clients;
    }
  });
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
  info.version = std::string(buildVersion());
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
    std::string levelName = level.name;
    for (const std::string_view extension : {".tmj", ".json"}) {  // a file's name, not a title
      if (levelName.ends_with(extension) && levelName.size() > extension.size()) {
        levelName.resize(levelName.size() - extension.size());
      }
    }
    info.rooms.push_back({name, net::printablePrefix(levelName, net::kMaxInfoLevelNameLength),
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

}  // namespace coyote
