#include "client_session.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "net/authoritative_tick.h"
#include "net/codec.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr double kMaxAccumulatedTicks = 4.0;  // a long stall never turns into a burst of ticks
constexpr enet_uint32 kPingIntervalMs = 1000;

bool sameInputs(const TickInputs& a, const TickInputs& b, int skipSlot) {
  for (std::size_t slot = 0; slot < a.size(); ++slot) {
    if (static_cast<int>(slot) != skipSlot && !(a[slot] == b[slot])) {
      return false;
    }
  }
  return true;
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
  peer_ = enet_host_connect(host_.get(), &address, net::kChannelCount, 0);
  if (peer_ == nullptr) {
    end(ClientPhase::Disconnected, "no free ENet peer for the connection");
    return;
  }
  // Inputs flow every tick anyway; a ping every second (ENet's default is 2 per second) keeps
  // the RTT fresh and saves upstream bytes.
  enet_peer_ping_interval(peer_, kPingIntervalMs);
}

ClientSession::~ClientSession() = default;

std::string ClientSession::nameOf(int slot) const {
  const auto found = names_.find(slot);
  return found == names_.end() ? fmt::format("player{}", slot) : found->second;
}

double ClientSession::tickFraction() const {
  const double fraction = accumulator_ / timeSync_.tickDuration();
  return std::clamp(fraction, 0.0, 0.999);
}

void ClientSession::end(ClientPhase phase, const std::string& reason) {
  if (phase_ == ClientPhase::Refused || phase_ == ClientPhase::Disconnected) {
    return;
  }
  phase_ = phase;
  endReason_ = reason;
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

// ---- the per-frame update ----------------------------------------------------------------------

void ClientSession::update(double now, const InputProvider& input) {
  if (connectStarted_ < 0.0) {
    connectStarted_ = now;
  }
  serviceNetwork(now);
  if (phase_ == ClientPhase::Connecting && now - connectStarted_ > options_.connectTimeout) {
    end(ClientPhase::Disconnected, fmt::format("no answer from {}:{} within {} s", options_.host,
                                               options_.port, options_.connectTimeout));
  }
  if (phase_ != ClientPhase::Playing) {
    return;
  }
  if (lastUpdate_ >= 0.0) {
    accumulator_ += now - lastUpdate_;
  }
  lastUpdate_ = now;
  const int jump = timeSync_.takeJump();
  if (jump > 0) {
    for (int i = 0; i < jump; ++i) {
      advancePredictedTick(input);
    }
  } else if (jump < 0) {
    heldBackTicks_ += -jump;
  }
  const double tickDuration = timeSync_.tickDuration();
  accumulator_ = std::min(accumulator_, kMaxAccumulatedTicks * tickDuration);
  while (accumulator_ >= tickDuration) {
    accumulator_ -= tickDuration;
    if (heldBackTicks_ > 0) {
      --heldBackTicks_;
      continue;
    }
    if (predicted_.tick - confirmed_.tick >=
        static_cast<std::uint32_t>(options_.maxPredictionTicks)) {
      continue;  // too far ahead of the server: wait instead of predicting blind
    }
    advancePredictedTick(input);
  }
  refreshStats(now);
}

void ClientSession::serviceNetwork(double now) {
  ENetEvent event;
  int result = enet_host_service(host_.get(), &event, 0);
  while (result > 0) {
    if (event.type == ENET_EVENT_TYPE_CONNECT) {
      net::Hello hello;
      hello.protocolVersion = options_.protocolVersion;
      hello.name = options_.name.substr(0, net::kMaxNameLength);
      hello.reconnectToken = options_.reconnectToken;
      hello.spectator = options_.spectator;
      helloTimeMs_ = static_cast<std::uint32_t>((now - connectStarted_) * 1000.0);
      hello.clientTimeMs = helloTimeMs_;
      net::sendMessage(peer_, hello, net::kReliableChannel);
    } else if (event.type == ENET_EVENT_TYPE_DISCONNECT) {
      end(ClientPhase::Disconnected,
          phase_ == ClientPhase::Connecting ? "could not connect" : "connection lost");
      peer_ = nullptr;
    } else if (event.type == ENET_EVENT_TYPE_RECEIVE) {
      std::string error;
      const auto message = net::decode(
          std::span<const std::uint8_t>(event.packet->data, event.packet->dataLength), error);
      enet_packet_destroy(event.packet);
      if (message) {
        onMessage(*message, now);
      } else {
        log_->warn("{}: dropped malformed packet from the server: {}", options_.name, error);
      }
    }
    if (peer_ == nullptr) {
      return;
    }
    result = enet_host_check_events(host_.get(), &event);
  }
}

void ClientSession::onMessage(const net::Message& message, double now) {
  if (const auto* welcome = std::get_if<net::Welcome>(&message)) {
    onWelcome(*welcome, now);
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
  parameters_ = StepParameters(welcome.physics);
  slot_ = welcome.playerSlot;
  token_ = welcome.reconnectToken;
  timeSync_ = TimeSync(welcome.physics.tickRate, options_.targetMargin);
  adoptSnapshot(welcome.snapshot);
  predicted_ = confirmed_;
  previousPredicted_ = confirmed_;
  phase_ = ClientPhase::Playing;
  lastUpdate_ = now;
  lastStatsRefresh_ = now;
  lastReport_ = now;
  // Start ahead of the server by half the handshake round trip plus the margin.
  const double roundTrip = now - connectStarted_ - helloTimeMs_ / 1000.0;
  // A handshake slowed by a lost fragment overestimates; time sync corrects the rest.
  const int lead =
      std::min(static_cast<int>(std::ceil(roundTrip * 0.5 * welcome.physics.tickRate)) +
                   options_.targetMargin + 1,
               options_.maxPredictionTicks / 2);
  heldBackTicks_ = 0;
  accumulator_ = 0.0;
  for (int i = 0; i < lead; ++i) {
    advancePredictedTick([](std::uint32_t) { return PlayerInput{}; });
  }
  log_->info("{}: joined as {} at tick {} ({} x {} level, {} Hz, handshake {:.0f} ms)",
             options_.name, slot_ >= 0 ? fmt::format("slot {}", slot_) : "spectator",
             confirmed_.tick, level_.width(), level_.height(), welcome.physics.tickRate,
             roundTrip * 1000.0);
}

void ClientSession::adoptSnapshot(const net::Snapshot& snapshot) {
  confirmed_ = snapshot.state;
  latestAuthoritative_ = net::expandInputs(snapshot.inputs);
  authoritativeInputs_.put(confirmed_.tick, latestAuthoritative_);
  for (const net::SlotName& entry : snapshot.roster) {
    names_[entry.slot] = entry.name;
  }
  stats_.confirmedTick = confirmed_.tick;
  stats_.confirmedHash = hashState(confirmed_);
  stats_.confirmedHashMatches = true;
}

// ---- confirmation and rollback -----------------------------------------------------------------

void ClientSession::onFrames(const net::ServerFrames& message, double now) {
  inputAck_ = std::max(inputAck_, message.inputAck());
  stats_.serverTick = message.serverTick;
  stats_.inputMargin = message.inputMargin;
  if (slot_ >= 0) {
    timeSync_.onMarginReport(message.inputMargin, now);
  }
  if (awaitingRepairAt_) {
    return;  // nothing confirms until the full state arrives
  }
  const std::uint32_t baseTick = message.baseTick();
  const TickInputs* base = authoritativeInputs_.find(baseTick);
  if (base == nullptr || baseTick > confirmed_.tick) {
    return;  // an old message whose base we no longer hold; the next one will do
  }
  TickInputs inputs = *base;
  bool mispredicted = false;
  bool remoteMispredicted = false;
  for (std::size_t i = 0; i < message.frames.size() && !awaitingRepairAt_; ++i) {
    const std::uint32_t tick = baseTick + 1 + static_cast<std::uint32_t>(i);
    const net::TickFrame& frame = message.frames[i];
    for (const net::SlotInput& change : frame.changedInputs) {
      inputs[change.slot] = change.input;
    }
    if (tick == confirmed_.tick + 1) {
      confirmTick(tick, frame, inputs, mispredicted, remoteMispredicted);
    }
  }
  if (awaitingRepairAt_) {
    return;
  }
  if (predicted_.tick <= confirmed_.tick) {
    // The server got ahead of our prediction (a stall): continue from the confirmed state.
    predicted_ = confirmed_;
    previousPredicted_ = confirmed_;
  } else if (mispredicted) {
    rollback(remoteMispredicted);
  }
}

void ClientSession::confirmTick(std::uint32_t tick, const net::TickFrame& frame,
                                const TickInputs& inputs, bool& mispredicted,
                                bool& remoteMispredicted) {
  if (tick <= predicted_.tick) {
    const TickInputs* used = predictionUsed_.find(tick);
    const bool remoteDiffers =
        !frame.events.empty() || used == nullptr || !sameInputs(*used, inputs, slot_);
    const bool ownDiffers =
        used != nullptr && slot_ >= 0 &&
        !((*used)[static_cast<std::size_t>(slot_)] == inputs[static_cast<std::size_t>(slot_)]);
    mispredicted = mispredicted || remoteDiffers || ownDiffers;
    remoteMispredicted = remoteMispredicted || remoteDiffers;
  }
  if (slot_ >= 0) {
    const PlayerInput* mine = ownInputs_.find(tick);
    if (mine != nullptr && !(*mine == inputs[static_cast<std::size_t>(slot_)])) {
      ++stats_.lateInputs;  // the server did not have our input in time and used another
    }
  }
  net::applyAuthoritativeTick(confirmed_, frame.events, inputs, level_, parameters_);
  for (const net::RosterEvent& event : frame.events) {
    if (event.kind == net::RosterEvent::kJoin) {
      names_[event.slot] = event.name;
    } else {
      names_.erase(event.slot);
    }
  }
  authoritativeInputs_.put(tick, inputs);
  latestAuthoritative_ = inputs;
  const std::uint64_t hash = hashState(confirmed_);
  stats_.confirmedTick = tick;
  stats_.confirmedHash = hash;
  stats_.confirmedHashMatches = static_cast<std::uint32_t>(hash) == frame.hash;
  if (!stats_.confirmedHashMatches) {
    ++stats_.desyncs;
    awaitingRepairAt_ = tick;
    desyncedState_ = confirmed_;
    log_->error(
        "{}: desync at tick {}: local hash {:08x}, server hash {:08x}; asking for the "
        "full state",
        options_.name, tick, static_cast<std::uint32_t>(hash), frame.hash);
    net::sendMessage(peer_, net::DesyncReport{tick, hash}, net::kReliableChannel);
  }
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
  if (predicted_.tick <= confirmed_.tick) {
    predicted_ = confirmed_;
    previousPredicted_ = confirmed_;
  } else {
    rollback(true);
  }
}

TickInputs ClientSession::predictionInputs(std::uint32_t tick) const {
  TickInputs inputs = latestAuthoritative_;  // everyone keeps doing what they last did
  if (slot_ >= 0) {
    const PlayerInput* mine = ownInputs_.find(tick);
    inputs[static_cast<std::size_t>(slot_)] = mine ? *mine : PlayerInput{};
  }
  return inputs;
}

// Restores the confirmed state and re-simulates up to the present with the best inputs known.
void ClientSession::rollback(bool causedByRemote) {
  const std::uint32_t present = predicted_.tick;
  const std::uint32_t depth = present - confirmed_.tick;
  ++stats_.rollbacks;
  stats_.rollbackTicks += depth;
  stats_.maxRollbackDepth = std::max(stats_.maxRollbackDepth, depth);
  if (!causedByRemote) {
    ++stats_.ownInputRollbacks;
  }
  std::optional<WorldState> before;
  if (options_.trackCorrections) {
    before = predicted_;
  }
  predicted_ = confirmed_;
  previousPredicted_ = confirmed_;
  while (predicted_.tick < present) {
    const std::uint32_t tick = predicted_.tick + 1;
    const TickInputs inputs = predictionInputs(tick);
    predictionUsed_.put(tick, inputs);
    previousPredicted_ = predicted_;
    stepWorld(predicted_, inputs, level_, parameters_);
  }
  if (before) {
    recordCorrections(*before);
  }
}

void ClientSession::recordCorrections(const WorldState& before) {
  if (before.tick != predicted_.tick) {
    return;
  }
  for (std::size_t slot = 0; slot < predicted_.characters.size(); ++slot) {
    const Character& old = before.characters[slot];
    const Character& now = predicted_.characters[slot];
    if (static_cast<int>(slot) == slot_ || !old.active || !now.active) {
      continue;
    }
    if (old.position.x != now.position.x || old.position.y != now.position.y) {
      corrections_.push_back(
          {static_cast<int>(slot), old.position, now.position,
           old.grounded != now.grounded || old.wallDirection != now.wallDirection});
    }
  }
}

// ---- prediction --------------------------------------------------------------------------------

void ClientSession::advancePredictedTick(const InputProvider& input) {
  const std::uint32_t tick = predicted_.tick + 1;
  if (slot_ >= 0) {
    ownInputs_.put(tick + static_cast<std::uint32_t>(options_.inputDelay), input(tick));
    if (ownInputs_.find(tick) == nullptr) {
      ownInputs_.put(tick, PlayerInput{});  // the first ticks of an input delay
    }
  }
  const TickInputs inputs = predictionInputs(tick);
  predictionUsed_.put(tick, inputs);
  previousPredicted_ = predicted_;
  stepWorld(predicted_, inputs, level_, parameters_);
  stats_.predictedTick = predicted_.tick;
  sendInputs();
}

void ClientSession::sendInputs() {
  if (peer_ == nullptr) {
    return;
  }
  std::vector<PlayerInput> inputs;
  std::uint32_t first = confirmed_.tick + 1;
  const std::uint32_t newest = predicted_.tick + static_cast<std::uint32_t>(options_.inputDelay);
  if (slot_ >= 0) {
    const int redundancy =
        std::clamp(options_.redundancy, 1, static_cast<int>(net::kMaxInputsPerBatch));
    const auto oldestRepeated =
        newest + 1 - std::min<std::uint32_t>(newest, static_cast<std::uint32_t>(redundancy));
    first = std::max({inputAck_ + 1, oldestRepeated, confirmed_.tick + 1});
    for (std::uint32_t tick = first; tick <= newest; ++tick) {
      const PlayerInput* mine = ownInputs_.find(tick);
      inputs.push_back(mine ? *mine : PlayerInput{});
    }
  }
  net::sendMessage(peer_, net::InputBatch::make(confirmed_.tick, first, std::move(inputs)),
                   net::kUnreliableChannel);
}

// ---- statistics --------------------------------------------------------------------------------

void ClientSession::refreshStats(double now) {
  if (peer_ != nullptr) {
    stats_.rttMs = peer_->roundTripTime;
    stats_.lossPercent =
        100.0 * peer_->packetLoss / static_cast<double>(ENET_PEER_PACKET_LOSS_SCALE);
  }
  stats_.dilation = timeSync_.dilation();
  const net::TrafficTotals traffic = host_.traffic();
  stats_.bytesUp = traffic.bytesSent + traffic.datagramsSent * net::kUdpIpHeaderBytes;
  stats_.bytesDown = traffic.bytesReceived + traffic.datagramsReceived * net::kUdpIpHeaderBytes;
  const double elapsed = now - lastStatsRefresh_;
  if (elapsed >= 1.0) {
    const std::uint64_t upBefore =
        lastTraffic_.bytesSent + lastTraffic_.datagramsSent * net::kUdpIpHeaderBytes;
    const std::uint64_t downBefore =
        lastTraffic_.bytesReceived + lastTraffic_.datagramsReceived * net::kUdpIpHeaderBytes;
    stats_.bytesUpPerSecond = static_cast<double>(stats_.bytesUp - upBefore) / elapsed;
    stats_.bytesDownPerSecond = static_cast<double>(stats_.bytesDown - downBefore) / elapsed;
    lastTraffic_ = traffic;
    lastStatsRefresh_ = now;
  }
  if (peer_ != nullptr && now - lastReport_ >= options_.reportInterval) {
    net::ClientReport report;
    report.rollbacks = static_cast<std::uint32_t>(stats_.rollbacks);
    report.maxRollbackDepth =
        static_cast<std::uint16_t>(std::min<std::uint32_t>(stats_.maxRollbackDepth, 65535));
    report.desyncs = stats_.desyncs;
    report.lateInputs = stats_.lateInputs;
    net::sendMessage(peer_, report, net::kReliableChannel);
    lastReport_ = now;
  }
}

void ClientSession::corruptConfirmedStateForTesting() {
  for (Character& character : confirmed_.characters) {
    if (character.active) {
      character.position.x += 0.5f;
      return;
    }
  }
}

}  // namespace coyote
