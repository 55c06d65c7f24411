#include "client/core/client_session.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "match/authoritative_tick.h"
#include "wire/codec.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr double kMaxAccumulatedTicks = 4.0;  // a long stall never turns into a burst of ticks
constexpr enet_uint32 kPingIntervalMs = 1000;
/// After its Hello, a client that hears nothing from the server for this long gives up waiting
/// for the Welcome and tries again from the start.
constexpr double kWelcomeTimeoutSeconds = 6.0;
/// A server that took the Hello sends frames at once, 10 to 20 a second: heard nothing at all
/// since the Hello for this long (or 4 round trips, if longer), the server never completed its
/// half of ENet's handshake (its VERIFY_CONNECT went unacknowledged; it retries after 0.5, 1.5,
/// 3.5 and 7.5 s). A new attempt is quicker than waiting for those.
constexpr double kHalfOpenTimeoutSeconds = 2.5;

const WorldState& emptyWorld() {
  static const WorldState empty{};
  return empty;
}

}  // namespace

ClientSession::ClientSession(ClientOptions options, std::shared_ptr<spdlog::logger> logger)
    : options_(std::move(options)), log_(std::move(logger)), host_(net::EnetHost::client()) {
  ENetAddress address{};
  if (enet_address_set_host(&address, options_.host.c_str()) != 0) {
    end(ClientPhase::Disconnected, fmt::format("cannot resolve host \"{}\"", options_.host));
    return;
  }
  address.port = options_.port;
  challenge_ = std::make_unique<net::ConnectChallenge>(host_, address);
}

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

double ClientSession::secondsPlayed(double now) const {
  if (!joined()) {
    return 0.0;
  }
  return (endedAt_ >= 0.0 ? endedAt_ : now) - joinedAt_;
}

double ClientSession::secondsWithoutProgress(double now) const {
  return lastProgressAt_ < 0.0 ? now - (connectStarted_ < 0.0 ? now : connectStarted_)
                               : now - lastProgressAt_;
}

void ClientSession::end(ClientPhase phase, const std::string& reason) {
  if (phase_ == ClientPhase::Refused || phase_ == ClientPhase::Disconnected) {
    return;
  }
  phase_ = phase;
  endReason_ = reason;
  endedAt_ = now_;
  endTick_ = predictor_ ? predictor_->confirmed().tick : 0;
  if (phase == ClientPhase::Refused) {
    log_->error("{}: refused: {}", options_.name, reason);
  } else {
    log_->info("{}: disconnected: {}", options_.name, reason);
  }
}

void ClientSession::disconnect() {
  if (peer_ != nullptr && phase_ != ClientPhase::Disconnected) {
    enet_peer_disconnect(peer_, 0);
    enet_host_flush(host_.get());
  }
  end(ClientPhase::Disconnected, "left");
}

void ClientSession::corruptConfirmedStateForTesting() {
  if (predictor_) {
    predictor_->corruptConfirmedStateForTesting();
  }
}

// ---- the per-frame update: network, then pacing ------------------------------------------------

void ClientSession::update(double now, const InputProvider& input) {
  now_ = now;
  if (connectStarted_ < 0.0) {
    connectStarted_ = now;
    attemptStarted_ = now;
  }
  startConnecting(now);
  serviceNetwork(now);
  checkTimeouts(now);
  repeatHello(now);
  if (phase_ != ClientPhase::Playing) {
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

// A server that fell silent, a Welcome that never came (the server may have dropped a
// half-open connection that this side thinks complete), or no join at all within the timeout.
void ClientSession::checkTimeouts(double now) {
  const bool silent =
      phase_ == ClientPhase::Playing && now - lastPacketAt_ > options_.serverTimeout;
  // Frames come as soon as the server has taken the Hello: while they do, the Welcome is only
  // slow (its reliable fragments retransmitted), and waiting beats starting over.
  const bool helloSent = phase_ == ClientPhase::Connecting && helloSentAt_ >= 0.0;
  const bool noWelcome =
      helloSent && now - std::max(helloSentAt_, lastPacketAt_) > kWelcomeTimeoutSeconds;
  const double halfOpenTimeout = std::max(kHalfOpenTimeoutSeconds, 4.0 * roundTripSeconds());
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
  if (phase_ == ClientPhase::Connecting && now - attemptStarted_ > options_.connectTimeout) {
    end(ClientPhase::Disconnected, fmt::format("no answer from {}:{} within {} s", options_.host,
                                               options_.port, options_.connectTimeout));
  }
}

// Until ENet's connection has started: cookie requests (connect_challenge.h), then the CONNECT.
void ClientSession::startConnecting(double now) {
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
  }
}

// The connection died (ENet gave up, or the server fell silent). Before the Welcome that is one
// failed attempt: try again (new cookie) until `connectTimeout`. While playing, a player with a
// reconnect token rejoins with it and keeps its character; otherwise the session is over.
void ClientSession::onConnectionLost() {
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

void ClientSession::startReconnecting() {
  log_->info("{}: connection lost at tick {}; rejoining with the reconnect token", options_.name,
             confirmed().tick);
  phase_ = ClientPhase::Connecting;
  options_.reconnectToken = token_;
  attemptStarted_ = now_;
  challenge_->restart(now_);
}

void ClientSession::serviceNetwork(double now) {
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
        onMessage(*message, now);
      } else {
        // A server that sends what no Coyote server sends is broken or hostile: stop trusting it.
        end(ClientPhase::Disconnected, "malformed message from the server: " + error);
        enet_peer_disconnect(peer_, 0);
      }
    }
    if (peer_ == nullptr) {
      return;
    }
    result = enet_host_check_events(host_.get(), &event);
  }
}

// ---- the handshake -----------------------------------------------------------------------------

void ClientSession::sayHello(double now) {
  net::Hello hello;
  hello.protocolVersion = options_.protocolVersion;
  hello.name = options_.name.substr(0, net::kMaxNameLength);
  hello.reconnectToken = options_.reconnectToken;
  hello.spectator = options_.spectator;
  hello.room = options_.room;
  helloTimeMs_ = static_cast<std::uint32_t>((now - connectStarted_) * 1000.0);
  helloSentAt_ = now;
  hello.clientTimeMs = helloTimeMs_;
  net::sendMessage(peer_, hello, net::kReliableChannel);
  hello_ = hello;
  lastHelloCopyAt_ = now;
}

// The server drops a connection that has not said Hello within 2 s. On a lossy link the
// reliable Hello may need longer (ENet doubles each retransmission's wait), so unreliable
// copies follow every 0.2 s until the Welcome (or a refusal) comes; the server reads the first.
void ClientSession::repeatHello(double now) {
  if (phase_ == ClientPhase::Connecting && helloSentAt_ >= 0.0 && now - lastHelloCopyAt_ >= 0.2) {
    net::sendMessage(peer_, hello_, net::kUnreliableChannel);
    lastHelloCopyAt_ = now;
  }
}

void ClientSession::onMessage(const net::Message& message, double now) {
  if (phase_ == ClientPhase::Refused || phase_ == ClientPhase::Disconnected) {
    return;  // the session is over, whatever the server still says
  }
  if (const auto* welcome = std::get_if<net::Welcome>(&message)) {
    if (phase_ == ClientPhase::Connecting) {
      onWelcome(*welcome, now);
    }  // else a copy, or the reliable original after a copy (welcome_copies.h): already in
  } else if (const auto* refusal = std::get_if<net::Refusal>(&message)) {
    end(ClientPhase::Refused, refusal->reason);
  } else if (const auto* goodbye = std::get_if<net::Goodbye>(&message)) {
    end(ClientPhase::Disconnected, goodbye->reason);
  } else if (phase_ != ClientPhase::Playing) {
    return;
  } else if (const auto* frames = std::get_if<net::ServerFrames>(&message)) {
    onFrames(*frames, now);
  } else if (const auto* full = std::get_if<net::FullState>(&message)) {
    onFullState(*full);
  }
}

void ClientSession::onWelcome(const net::Welcome& welcome, double now) {
  if (welcome.protocolVersion != net::kProtocolVersion) {
    end(ClientPhase::Refused,
        fmt::format("the server speaks protocol version {}; this client speaks {}",
                    welcome.protocolVersion, net::kProtocolVersion));
    enet_peer_disconnect(peer_, 0);
    return;
  }
  level_ = net::toLevel(welcome.level);
  physics_ = welcome.physics;
  slot_ = welcome.playerSlot;
  token_ = welcome.reconnectToken;
  timeSync_ = TimeSync(physics_.tickRate, options_.targetMargin);
  predictor_.emplace(level_, StepParameters(physics_), slot_,
                     static_cast<std::uint32_t>(options_.maxPredictionTicks));
  awaitingRepairAt_.reset();  // a rejoin starts from the Welcome's state, repaired or not
  frameLoss_ = {};            // and a new connection numbers its frames from 0
  adoptSnapshot(welcome.snapshot);
  predictor_->rollback();
  phase_ = ClientPhase::Playing;
  helloSentAt_ = -1.0;
  if (joinedAt_ >= 0.0) {
    ++stats_.reconnects;
  } else {
    joinedAt_ = now;
  }
  lastPacketAt_ = now;
  lastProgressAt_ = now;
  lastUpdate_ = now;
  lastStatsRefresh_ = now;
  lastReport_ = now;
  // The snapshot is half a round trip old, and our first inputs take another half to reach the
  // server: start a whole round trip plus the margin ahead of it. A handshake slowed by a lost
  // fragment overestimates, so the lead is capped and time sync does the rest.
  const double roundTrip = now - connectStarted_ - helloTimeMs_ / 1000.0;
  const int lead = std::min(
      static_cast<int>(std::ceil(roundTrip * physics_.tickRate)) + options_.targetMargin + 1,
      options_.maxPredictionTicks / 2);
  heldBackTicks_ = 0;
  accumulator_ = 0.0;
  for (int i = 0; i < lead; ++i) {
    advancePredictedTick([](std::uint32_t) { return PlayerInput{}; });
  }
  log_->info("{}: joined as {} at tick {} ({} x {} level, {} Hz, handshake {:.0f} ms)",
             options_.name, slot_ >= 0 ? fmt::format("slot {}", slot_) : "spectator",
             confirmed().tick, level_.width(), level_.height(), physics_.tickRate,
             roundTrip * 1000.0);
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
    } else if (event.kind == RosterEvent::kLeave) {
      names_.erase(event.slot);
    }
  }
  stats_.confirmedTick = tick;
  stats_.confirmedHash = confirmation.hash;
  lastProgressAt_ = now_;
  stats_.confirmedHashMatches = !confirmation.desync;
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
  net::sendMessage(peer_, net::DesyncReport{tick, hash}, net::kReliableChannel);
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
  if (peer_ == nullptr) {
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
  net::sendMessage(peer_, net::InputBatch::make(confirmed().tick, first, std::move(inputs)),
                   net::kUnreliableChannel);
}

// ---- statistics --------------------------------------------------------------------------------

void ClientSession::refreshStats(double now) {
  if (peer_ != nullptr) {
    stats_.rttMs = peer_->roundTripTime;
  }
  stats_.dilation = timeSync_.dilation();
  stats_.targetMargin = timeSync_.target();
  const net::TrafficTotals traffic = host_.traffic();
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
  if (peer_ != nullptr && now - lastReport_ >= options_.reportInterval) {
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
  net::sendMessage(peer_, report, net::kUnreliableChannel);
  lastReport_ = now;
}

}  // namespace coyote
