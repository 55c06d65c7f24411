#include "client/core/client_session.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "match/authoritative_tick.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"
#include "wire/codec.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

constexpr double kMaxAccumulatedTicks = 4.0;  // a long stall never turns into a burst of ticks

const WorldState& emptyWorld() {
  static const WorldState empty{};
  return empty;
}

}  // namespace

ClientSession::ClientSession(ClientOptions options, std::shared_ptr<spdlog::logger> logger)
    : options_(options), log_(logger), connection_(std::move(options), std::move(logger)) {}

ClientSession::~ClientSession() = default;

const WorldState& ClientSession::predicted() const {
  return predictor_ ? predictor_->predicted() : emptyWorld();
}
const WorldState& ClientSession::previousPredicted() const {
  return predictor_ ? predictor_->previousPredicted() : emptyWorld();
}
const WorldState& ClientSession::confirmed() const {
  return predictor_ ? predictor_->confirmed() : emptyWorld();
}

std::string ClientSession::nameOf(int slot) const {
  const auto found = names_.find(slot);
  return found == names_.end() ? fmt::format("player{}", slot) : found->second;
}

double ClientSession::tickFraction() const {
  const double fraction = accumulator_ / timeSync_.tickDuration();
  return std::clamp(fraction, 0.0, 0.999);
}

double ClientSession::secondsToJoin() const {
  return joined() ? connection_.joinedAt() - connection_.startedAt() : -1.0;
}

double ClientSession::secondsPlayed(double now) const {
  if (!joined()) {
    return 0.0;
  }
  return (connection_.ended() ? connection_.endedAt() : now) - connection_.joinedAt();
}

double ClientSession::secondsWithoutProgress(double now) const {
  const double started = connection_.startedAt();
  return lastProgressAt_ < 0.0 ? now - (started < 0.0 ? now : started) : now - lastProgressAt_;
}

std::uint32_t ClientSession::endTick() const {
  // Nothing is confirmed once the connection has ended: the confirmed tick is the one it ended on.
  return connection_.ended() && predictor_ ? predictor_->confirmed().tick : 0;
}

std::string ClientSession::say(const std::string& text) {
  if (std::string problem = net::chatLineProblem(text); !problem.empty()) {
    return problem;
  }
  if (!connection_.connected() || connection_.phase() != ClientPhase::Playing) {
    return "not connected";
  }
  connection_.send(net::ChatSay{text}, net::kReliableChannel);
  return "";
}

void ClientSession::disconnect() {
  connection_.disconnect();
}

// ---- the per-frame update: network, then pacing ------------------------------------------------

void ClientSession::update(double now, const InputProvider& input) {
  now_ = now;
  connection_.update(now, *this);
  if (connection_.phase() != ClientPhase::Playing) {
    return;
  }
  if (lastUpdate_ >= 0.0) {
    accumulator_ += now - lastUpdate_;
  }
  lastUpdate_ = now;
  runDueTicks(input);
  refreshStats(now);
}

// Runs the ticks the accumulator holds, after any whole-tick correction time sync asked for.
void ClientSession::runDueTicks(const InputProvider& input) {
  const int skip = timeSync_.takeTicksToSkip();
  for (int i = 0; i < skip; ++i) {
    advancePredictedTick(input);
  }
  heldBackTicks_ += skip < 0 ? -skip : 0;
  const double tickDuration = timeSync_.tickDuration();
  accumulator_ = std::min(accumulator_, kMaxAccumulatedTicks * tickDuration);
  while (accumulator_ >= tickDuration) {
    accumulator_ -= tickDuration;
    if (heldBackTicks_ > 0) {
      --heldBackTicks_;
    } else if (predictor_->canAdvance()) {
      advancePredictedTick(input);
    }  // else too far ahead of the server: wait instead of predicting blind
  }
}

// ---- joining ----------------------------------------------------------------------------------

void ClientSession::onServerMessage(const net::Message& message, double now) {
  if (const auto* frames = std::get_if<net::ServerFrames>(&message)) {
    onFrames(*frames, now);
  } else if (const auto* full = std::get_if<net::FullState>(&message)) {
    onFullState(*full);
  } else if (const auto* board = std::get_if<net::RaceBoard>(&message)) {
    raceBoard_ = *board;
    for (const net::GhostRequest& request : ghosts_.wanted(*board)) {
      connection_.send(request, net::kReliableChannel);
    }
  } else if (const auto* ghost = std::get_if<net::GhostData>(&message)) {
    ghosts_.receive(*ghost, *log_);
  } else if (const auto* line = std::get_if<net::ChatLine>(&message)) {
    if (const std::string problem = chat_.receive(*line, now); !problem.empty()) {
      connection_.fail("malformed message from the server: " + problem);
    }
  }
}

void ClientSession::onWelcome(const net::Welcome& welcome, double handshakeSeconds,
                              WelcomeKind kind, double now) {
  if (kind == WelcomeKind::LevelChanged) {  // a new world: nothing of the old one holds
    names_.clear();
    raceBoard_.reset();
    ghosts_ = RaceGhosts{};
    ownInputs_ = {};
    inputAck_ = 0;
  }
  level_ = net::toLevel(welcome.level);
  physics_ = welcome.physics;
  slot_ = welcome.playerSlot;
  timeSync_ = TimeSync(physics_.tickRate, options_.targetMargin);
  predictor_.emplace(level_, StepParameters(physics_), slot_,
                     static_cast<std::uint32_t>(options_.maxPredictionTicks),
                     options_.confirmedStep);
  awaitingRepairAt_.reset();  // a rejoin starts from the Welcome's state, repaired or not
  frameLoss_ = {};            // and a new connection numbers its frames from 0
  adoptSnapshot(welcome.snapshot);
  predictor_->rollback();
  stats_.reconnects = connection_.reconnects();
  lastProgressAt_ = now;
  lastUpdate_ = now;
  lastStatsRefresh_ = now;
  lastReport_ = now;
  leadTheServer(handshakeSeconds);
  log_->info("{}: {} as {} at tick {} ({} x {} level, {} Hz, handshake {:.0f} ms)", options_.name,
             kind == WelcomeKind::Joined     ? "joined"
             : kind == WelcomeKind::Rejoined ? "rejoined"
                                             : "moved to the room's new level " + level_.name,
             slot_ >= 0 ? fmt::format("slot {}", slot_) : "spectator", confirmed().tick,
             level_.width(), level_.height(), physics_.tickRate, handshakeSeconds * 1000.0);
}

// The snapshot is half a round trip old, and our first inputs take another half to reach the
// server: start a whole round trip plus the margin ahead of it. A handshake slowed by a lost
// fragment overestimates, so the lead is capped and time sync does the rest.
void ClientSession::leadTheServer(double handshakeSeconds) {
  const int lead = std::min(
      static_cast<int>(std::ceil(handshakeSeconds * physics_.tickRate)) + options_.targetMargin + 1,
      options_.maxPredictionTicks / 2);
  heldBackTicks_ = 0;
  accumulator_ = 0.0;
  for (int i = 0; i < lead; ++i) {
    advancePredictedTick([](std::uint32_t) { return PlayerInput{}; });
  }
}

void ClientSession::adoptSnapshot(const net::Snapshot& snapshot) {
  predictor_->adopt(snapshot.state, expandInputs(snapshot.inputs));
  for (const net::SlotName& entry : snapshot.roster) {
    names_[entry.slot] = entry.name;
  }
  stats_.confirmedTick = snapshot.state.tick;
  stats_.confirmedHash = hashState(snapshot.state);
  lastProgressAt_ = now_;
  stats_.confirmedHashMatches = true;
}

// ---- confirmation, desyncs and rollback --------------------------------------------------------

void ClientSession::onFrames(const net::ServerFrames& message, double now) {
  inputAck_ = std::max(inputAck_, message.inputAck());
  frameLoss_.receiveLow8(message.sequence);
  stats_.lossPercent = frameLoss_.percent();
  stats_.upLossPercent = message.inputLoss / 2.0;
  stats_.serverTick = message.serverTick;
  stats_.inputMargin = message.inputMargin;
  if (slot_ >= 0) {
    timeSync_.onMarginReport(message.inputMargin, now);
  }
  if (!awaitingRepairAt_) {  // nothing confirms until the full state arrives
    confirmFrames(message);
  }
}

// Expands each frame's input changes on the tick before it and confirms the next ticks.
void ClientSession::confirmFrames(const net::ServerFrames& message) {
  const std::uint32_t baseTick = message.baseTick();
  const TickInputs* base = predictor_->authoritativeInputs(baseTick);
  if (base == nullptr || baseTick > confirmed().tick) {
    return;  // an old message whose base we no longer hold; the next one will do
  }
  TickInputs inputs = *base;
  bool mispredicted = false;
  bool remoteMispredicted = false;
  for (std::size_t i = 0; i < message.frames.size() && !awaitingRepairAt_; ++i) {
    const std::uint32_t tick = baseTick + 1 + static_cast<std::uint32_t>(i);
    const net::TickFrame& frame = message.frames[i];
    for (const SlotInput& change : frame.changedInputs) {
      inputs[change.slot] = change.input;
    }
    const Confirmation confirmation = predictor_->confirm(tick, frame.events, inputs, frame.hash);
    if (confirmation.applied) {
      onConfirmed(tick, frame, inputs, confirmation);
      mispredicted = mispredicted || confirmation.mispredicted();
      remoteMispredicted = remoteMispredicted || confirmation.remoteMispredicted;
    }
  }
  if (!awaitingRepairAt_ && (mispredicted || predicted().tick <= confirmed().tick)) {
    rebuildPrediction(remoteMispredicted);
  }
}

void ClientSession::onConfirmed(std::uint32_t tick, const net::TickFrame& frame,
                                const TickInputs& inputs, const Confirmation& confirmation) {
  if (slot_ >= 0) {
    const PlayerInput* mine = ownInputs_.find(tick);
    if (mine != nullptr && !(*mine == inputs[static_cast<std::size_t>(slot_)])) {
      // The server did not have our input in time and used another: more margin.
      ++stats_.lateInputs;
      timeSync_.onOwnInputLate(now_);
    }
  }
  for (const RosterEvent& event : frame.events) {
    if (event.kind == RosterEvent::kJoin) {
      names_[event.slot] = event.name;
      predictor_->forgetRunner(event.slot);
    } else if (event.kind == RosterEvent::kLeave) {
      names_.erase(event.slot);
    }
  }
  stats_.confirmedTick = tick;
  stats_.confirmedHash = confirmation.hash;
  lastProgressAt_ = now_;
  stats_.confirmedHashMatches = !confirmation.desync;
  ++stats_.checkedHashes;
  if (confirmation.desync) {
    reportDesync(tick, confirmation.hash, frame.hash);
  }
}

void ClientSession::reportDesync(std::uint32_t tick, std::uint64_t hash, std::uint32_t serverHash) {
  ++stats_.desyncs;
  awaitingRepairAt_ = tick;
  desyncedState_ = confirmed();
  log_->error(
      "{}: desync at tick {}: local hash {:08x}, server hash {:08x}; asking for the "
      "full state",
      options_.name, tick, static_cast<std::uint32_t>(hash), serverHash);
  connection_.send(net::DesyncReport{tick, hash}, net::kReliableChannel);
}

void ClientSession::onFullState(const net::FullState& full) {
  ++stats_.fullStates;
  const WorldState& server = full.snapshot.state;
  if (awaitingRepairAt_ && server.tick == *awaitingRepairAt_) {
    stats_.lastDesyncFields = differingFields(desyncedState_, server);
    log_->error("{}: desync at tick {} was in: {}", options_.name, server.tick,
                fmt::join(stats_.lastDesyncFields, ", "));
  }
  if (awaitingRepairAt_) {
    ++stats_.repairedDesyncs;
    awaitingRepairAt_.reset();
  }
  adoptSnapshot(full.snapshot);
  rebuildPrediction(true);
}

// Re-simulates the prediction on the confirmed state and keeps the figures (and, for a
// renderer, how remote characters moved).
void ClientSession::rebuildPrediction(bool causedByRemote) {
  const WorldState before = options_.trackCorrections ? predicted() : WorldState{};
  const std::uint32_t depth = predictor_->rollback();
  if (depth == 0) {
    return;  // the server was ahead: the prediction simply restarted from the confirmed state
  }
  ++stats_.rollbacks;
  stats_.rollbackTicks += depth;
  stats_.maxRollbackDepth = std::max(stats_.maxRollbackDepth, depth);
  if (!causedByRemote) {
    ++stats_.ownInputRollbacks;
    log_->debug("{}: own-input rollback, depth {}, confirmed {}, margin {}, target {}",
                options_.name, depth, confirmed().tick, stats_.inputMargin, timeSync_.target());
  }
  if (options_.trackCorrections) {
    const auto moved = correctionsBetween(before, predicted(), slot_);
    corrections_.insert(corrections_.end(), moved.begin(), moved.end());
  }
}

// ---- prediction and inputs ---------------------------------------------------------------------

void ClientSession::advancePredictedTick(const InputProvider& input) {
  const std::uint32_t tick = predicted().tick + 1;
  PlayerInput own;
  if (slot_ >= 0) {
    ownInputs_.put(tick + static_cast<std::uint32_t>(options_.inputDelay), input(tick));
    if (ownInputs_.find(tick) == nullptr) {
      ownInputs_.put(tick, PlayerInput{});  // the first ticks of an input delay
    }
    own = *ownInputs_.find(tick);
  }
  predictor_->advance(own);
  stats_.predictedTick = predicted().tick;
  sendInputs();
}

void ClientSession::sendInputs() {
  if (!connection_.connected()) {
    return;
  }
  std::vector<PlayerInput> inputs;
  std::uint32_t first = confirmed().tick + 1;
  const std::uint32_t newest = predicted().tick + static_cast<std::uint32_t>(options_.inputDelay);
  if (slot_ >= 0) {
    const int redundancy =
        std::clamp(options_.redundancy, 1, static_cast<int>(net::kMaxInputsPerBatch));
    const auto oldestRepeated =
        newest + 1 - std::min<std::uint32_t>(newest, static_cast<std::uint32_t>(redundancy));
    first = std::max({inputAck_ + 1, oldestRepeated, confirmed().tick + 1});
    for (std::uint32_t tick = first; tick <= newest; ++tick) {
      const PlayerInput* mine = ownInputs_.find(tick);
      inputs.push_back(mine ? *mine : PlayerInput{});
    }
  }
  connection_.send(net::InputBatch::make(confirmed().tick, first, std::move(inputs)),
                   net::kUnreliableChannel);
}

// ---- statistics --------------------------------------------------------------------------------

void ClientSession::refreshStats(double now) {
  if (connection_.connected()) {
    stats_.rttMs = connection_.roundTripMs();
  }
  stats_.dilation = timeSync_.dilation();
  stats_.targetMargin = timeSync_.target();
  const net::TrafficTotals traffic = connection_.traffic();
  stats_.bytesUp = traffic.wireBytesSent();
  stats_.bytesDown = traffic.wireBytesReceived();
  const double elapsed = now - lastStatsRefresh_;
  if (elapsed >= 1.0) {
    stats_.bytesUpPerSecond =
        static_cast<double>(stats_.bytesUp - lastTraffic_.wireBytesSent()) / elapsed;
    stats_.bytesDownPerSecond =
        static_cast<double>(stats_.bytesDown - lastTraffic_.wireBytesReceived()) / elapsed;
    lastTraffic_ = traffic;
    lastStatsRefresh_ = now;
  }
  if (connection_.connected() && now - lastReport_ >= options_.reportInterval) {
    sendReport(now);
  }
}

void ClientSession::sendReport(double now) {
  net::ClientReport report;
  report.rollbacks = static_cast<std::uint32_t>(stats_.rollbacks);
  report.maxRollbackDepth =
      static_cast<std::uint16_t>(std::min<std::uint32_t>(stats_.maxRollbackDepth, 65535));
  report.desyncs = stats_.desyncs;
  report.lateInputs = stats_.lateInputs;
  report.frameLoss = static_cast<std::uint16_t>(std::lround(stats_.lossPercent * 100.0));
  // Unreliable: the next report replaces a lost one, and a reliable message left unacknowledged
  // on a lossy link is what makes ENet drop a peer.
  connection_.send(report, net::kUnreliableChannel);
  lastReport_ = now;
}

}  // namespace coyote
