#include "server/rooms/room.h"

#include <algorithm>

#include <fmt/format.h>

#include "match/authoritative_tick.h"
#include "server/names/player_name.h"
#include "sim/bodies/platform_step.h"
#include "sim/state_hash.h"
#include "version/build_version.h"
#include "wire/codec.h"

namespace coyote {

Room::Room(std::string name, const Level& level, const ServerConfig& config,
           std::shared_ptr<spdlog::logger> log, const std::string& record, std::uint16_t levelEpoch)
    : name_(std::move(name)),
      level_(level),
      levelEpoch_(levelEpoch),
      config_(config),
      parameters_(config.physics),
      log_(std::move(log)),
      frames_(state_, slots_, metrics_) {
  placeBodies(state_, level_);  // the level's platforms and crates, at their starting points
  frames_.record({}, TickInputs{}, hashState(state_), state_);
  if (!record.empty()) {
    ReplayHeader header;
    header.writtenBy = std::string(buildVersion());
    header.level = net::toLevelData(level_);
    header.physics = config_.physics;
    header.start = frames_.snapshotAt(state_.tick);
    replay_ = std::make_unique<ReplayWriter>(record, header);
  }
  if (config_.recordsEnabled() && level_.race.present) {
    runs_ = std::make_unique<RunTracker>(level_, config_.physics);
    course_ = fmt::format("{:016x}", runs_->course());
  }
}

Room::~Room() = default;

bool Room::empty() const {
  return !attended() && !slots_.anyHeld();
}

bool Room::idleFor(double seconds, double now) {
  if (attended()) {
    lastAttendedAt_ = now;
  }
  if (!empty()) {
    emptySince_ = -1.0;
    return false;
  }
  if (emptySince_ < 0.0) {
    emptySince_ = now;
  }
  return now - emptySince_ >= seconds;
}

void Room::runTick(double now, StepProfile& profile) {
  // A crowd joining at once is spread over several ticks: a frame carries a bounded number.
  const auto taken =
      static_cast<std::ptrdiff_t>(std::min(pendingEvents_.size(), net::kMaxEventsPerFrame));
  const std::vector<RosterEvent> events(pendingEvents_.begin(), pendingEvents_.begin() + taken);
  pendingEvents_.erase(pendingEvents_.begin(), pendingEvents_.begin() + taken);
  // Events first, so that exactly the characters that exist this tick get an input (the same
  // order as applyAuthoritativeTick on the clients and in replays).
  applyRosterEvents(state_, events, level_, parameters_.config);
  const TickInputs inputs =
      inbox_.gather(state_.tick + 1, state_, slots_, metrics_.substitutedInputs);
  StepProfile own;
  stepWorld(state_, inputs, level_, parameters_, &own, &stepEvents_);
  metrics_.addStepProfile(own);
  for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
    profile.micros[stage] += own.micros[stage];
  }
  stepEventLog_.observe(stepEvents_, now, metrics_, *log_);
  if (runs_) {
    for (const RosterEvent& event : events) {
      if (event.kind == RosterEvent::kLeave) {
        runs_->forget(event.slot);
      }
    }
    // The history's newest tick is still the one before this step.
    runs_->observe(
        stepEvents_, inputs, state_, [this] { return frames_.snapshotAt(state_.tick - 1); },
        [this](int slot) {
          return RunTracker::Runner{slots_[slot].name, slots_[slot].owner};
        },
        finishedRuns_);
  }
  const std::uint64_t hash = hashState(state_);
  frames_.record(events, inputs, hash, state_);
  if (replay_) {
    replay_->append(ReplayTick{state_.tick, events, activeInputs(state_, inputs), hash});
  }
  ++metrics_.ticks;
}

void Room::takeFinishedRuns(std::vector<FinishedRun>& out) {
  for (FinishedRun& run : finishedRuns_) {
    out.push_back(std::move(run));
  }
  finishedRuns_.clear();
}

void Room::announceLimits(std::uint16_t radius, std::uint16_t activeBodies) {
  pendingEvents_.push_back(RosterEvent::limits(radius, activeBodies));
}

// ---- joining and leaving ----------------------------------------------------------------------

int Room::releaseReservationOf(std::string_view key, std::string_view fingerprint) {
  const int slot = slots_.slotKeyed(key);
  if (slot < 0 || slots_[slot].connected || slots_[slot].owner != fingerprint) {
    return -1;
  }
  const std::string name = slots_[slot].name;
  slots_.release(slot);
  reservationReleased(slot, name, "its own player, back without its token");
  return slot;
}

int Room::claimSlot(const std::string& name, std::string_view fingerprint) {
  const int namesake = name.empty() ? -1 : releaseReservationOf(nameKey(name), fingerprint);
  const int slot = slots_.claim(name, config_.maxPlayers, state_, namesake);
  if (slot >= 0) {
    return slot;
  }
  const auto released = slots_.releaseOldestReservation();
  if (!released) {
    return -1;
  }
  reservationReleased(released->first, released->second, "a newcomer");
  return slots_.claim(name, config_.maxPlayers, state_, released->first);
}

// Its character leaves the world at the next tick; inputs still on their way are dropped.
void Room::reservationReleased(int slot, const std::string& name, std::string_view to) {
  log_->info("room {}: player {} (slot {}) gave up its reservation to {}", name_, name, slot, to);
  inbox_.release(slot);
  pendingEvents_.push_back({RosterEvent::kLeave, static_cast<std::uint8_t>(slot), ""});
}

void Room::admitPlayer(Connection& connection, int slot, bool reconnecting) {
  if (reconnecting) {
    slots_.renewToken(slot);
  } else {
    pendingEvents_.push_back(
        {RosterEvent::kJoin, static_cast<std::uint8_t>(slot), slots_[slot].name});
    slots_.own(slot, connection.fingerprint);
  }
  slots_.connect(slot);
  inbox_.clear(slot);
  connection.role = Connection::Role::Player;
  connection.slot = slot;
  ++metrics_.players;
  log_->info("room {}: player {} {} slot {} from {}", name_, slots_[slot].name,
             reconnecting ? "reconnected to" : "joined in", slot, connection.address);
}

bool Room::admitSpectator(Connection& connection) {
  if (metrics_.spectators >= config_.maxSpectators) {
    return false;
  }
  connection.role = Connection::Role::Spectator;
  ++metrics_.spectators;
  log_->info("room {}: spectator joined from {}", name_, connection.address);
  return true;
}

net::Welcome Room::welcome(Connection& connection, const net::Hello& hello, std::uint32_t sendPhase,
                           double now) {
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
  welcome.levelEpoch = levelEpoch_;
  connection.sync.ackTick = state_.tick;
  connection.sync.nextSendTick = state_.tick + 1 + sendPhase;
  connection.sync.clientAck = state_.tick;
  connection.sync.lastAckAdvance = now;
  return welcome;
}

void Room::enter(Connection& connection) {
  connection.room = this;
  members_.push_back(&connection);
}

void Room::handOver(Connection& connection) {
  std::erase(members_, &connection);
  connection.room = nullptr;
}

std::vector<Connection*> Room::playersNamed(const std::string& name) const {
  const std::string key = nameKey(name);
  std::vector<Connection*> found;
  for (Connection* member : members_) {
    if (member->role == Connection::Role::Player && !member->kicked() &&
        slots_[member->slot].key == key) {
      found.push_back(member);
    }
  }
  return found;
}

void Room::leave(Connection& connection, double now) {
  std::erase(members_, &connection);
  connection.room = nullptr;
  if (connection.role == Connection::Role::Player && connection.kicked()) {
    log_->info("room {}: player {} (slot {}) was kicked; slot freed", name_,
               slots_[connection.slot].name, connection.slot);
    slots_.release(connection.slot);
    inbox_.release(connection.slot);
    pendingEvents_.push_back({RosterEvent::kLeave, static_cast<std::uint8_t>(connection.slot), ""});
    --metrics_.players;
  } else if (connection.role == Connection::Role::Player) {
    slots_.disconnect(connection.slot, now, now - connection.connectedAt < kBriefStaySeconds);
    log_->info("room {}: player {} (slot {}) disconnected from {}; slot kept {} s for reconnection",
               name_, slots_[connection.slot].name, connection.slot, connection.address,
               config_.reconnectWindow);
    --metrics_.players;
  } else if (connection.role == Connection::Role::Spectator) {
    log_->info("room {}: spectator {} left", name_, connection.address);
    --metrics_.spectators;
  }
}

void Room::expireReservations(double now) {
  for (const auto& [slot, name] : slots_.expire(now, config_.reconnectWindow)) {
    log_->info("room {}: player {} did not come back within {} s; slot {} freed", name_, name,
               config_.reconnectWindow, slot);
    inbox_.release(slot);
    pendingEvents_.push_back({RosterEvent::kLeave, static_cast<std::uint8_t>(slot), ""});
  }
}

std::size_t Room::activeBodies() const {
  std::size_t active = level_.platforms.size();
  state_.roster.forEach([&active](std::size_t) { ++active; });
  for (const Crate& crate : state_.crates) {  // in any slot order: all are looked at
    active += crate.present() && !crate.asleep ? 1 : 0;
  }
  return active;
}

int Room::runnersUnderway() const {
  int runners = 0;
  state_.roster.forEach([this, &runners](std::size_t slot) {
    runners += state_.characters[slot].runTicks >= 0 ? 1 : 0;
  });
  return runners;
}

// The parts that grow with players and time; the rest is sizeof(Room) (its state among them).
std::size_t Room::memoryBytes() const {
  return sizeof(Room) + frames_.history().bytes() + inbox_.bytes() - sizeof(InputInbox) +
         metrics_.bytes() + pendingEvents_.capacity() * sizeof(RosterEvent) + stepEventLog_.bytes();
}

void Room::close() {
  if (replay_) {
    replay_->close();
    log_->info("room {}: replay written to {} ({} ticks)", name_, replay_->file(), state_.tick);
  }
}

std::string roomRecordPath(const std::string& record, const std::string& room) {
  static constexpr std::string_view kPlaceholder = "{room}";
  const auto at = record.find(kPlaceholder);
  if (at == std::string::npos) {
    return room == net::kDefaultRoom ? record : "";
  }
  std::string path = record;
  path.replace(at, kPlaceholder.size(), room);
  return path;
}

Who whoIs(const Connection& connection) {
  const bool plays = connection.role == Connection::Role::Player && connection.room != nullptr;
  return {plays ? connection.room->slotName(connection.slot) : std::string(),
          connection.fingerprint, connection.host};
}

}  // namespace coyote
