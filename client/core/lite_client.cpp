#include "client/core/lite_client.h"

#include <algorithm>
#include <cmath>

#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr int kMaxLead = 60;                   ///< ticks: a second at 60 Hz
constexpr std::uint32_t kMaxInputsAtOnce = 8;  ///< after a stall, older ticks are given up
constexpr double kLeadUpInterval = 0.2;        ///< s between two steps up (inputs arrive late)
constexpr double kLeadDownInterval = 1.0;      ///< s between two steps down (too early)
constexpr int kMarginSlack = 3;  ///< ticks early beyond the target before stepping down

}  // namespace

LiteClient::LiteClient(ClientOptions options, std::shared_ptr<spdlog::logger> logger,
                       InputSource inputs)
    : options_(options),
      log_(logger),
      connection_(std::move(options), std::move(logger)),
      inputs_(std::move(inputs)) {}

void LiteClient::update(double now) {
  connection_.update(now, *this);
  if (connection_.phase() == ClientPhase::Playing && connection_.connected()) {
    sendInputs(now);
  }
}

// The snapshot is half a round trip old and our inputs take another half to arrive: they are
// made a round trip plus the margin ahead, as a predicting client's are.
void LiteClient::onWelcome(const net::Welcome& welcome, double handshakeSeconds, WelcomeKind kind,
                           double now) {
  if (kind == WelcomeKind::LevelChanged) {
    newestInput_ = 0;  // the new world's ticks start again
  }
  slot_ = welcome.playerSlot;
  tickRate_ = welcome.physics.tickRate;
  const std::uint32_t tick = welcome.snapshot.state.tick;
  stats_.welcomeTick = tick;
  stats_.confirmedTick = tick;  // a new connection: the server counts acknowledgements from here
  serverTick_ = tick;
  serverTickAt_ = now;
  inputAck_ = tick;
  newestInput_ = std::max(newestInput_, tick);
  stats_.lead = std::clamp(
      static_cast<int>(std::ceil(handshakeSeconds * tickRate_)) + options_.targetMargin + 1, 1,
      kMaxLead / 2);
  lastProgressAt_ = now;
}

void LiteClient::onServerMessage(const net::Message& message, double now) {
  if (const auto* frames = std::get_if<net::ServerFrames>(&message)) {
    onFrames(*frames, now);
  } else if (const auto* full = std::get_if<net::FullState>(&message)) {
    onFullState(*full, now);
  }  // race boards and ghosts: a lite client has no use for them
}

void LiteClient::onFrames(const net::ServerFrames& message, double now) {
  ++stats_.frameMessages;
  if (message.serverTick > serverTick_) {
    serverTick_ = message.serverTick;
    serverTickAt_ = now;
  }
  inputAck_ = std::max(inputAck_, message.inputAck());
  stats_.inputMargin = message.inputMargin;
  adjustLead(message.inputMargin, now);
  const std::uint32_t base = message.baseTick();
  if (base > stats_.confirmedTick) {
    ++stats_.gaps;  // the server sends from our acknowledgement: this should not happen
    return;
  }
  for (std::size_t i = 0; i < message.frames.size(); ++i) {
    const std::uint32_t tick = base + 1 + static_cast<std::uint32_t>(i);
    if (tick > stats_.confirmedTick) {
      frameHashes_.put(tick, message.frames[i].hash);
      ++stats_.frames;
      stats_.confirmedTick = tick;
      lastProgressAt_ = now;
    }
  }
}

// The one hash check a client that does not simulate can make: a full state against the frame
// of the same tick, when it received both.
void LiteClient::onFullState(const net::FullState& full, double now) {
  ++stats_.fullStates;
  const WorldState& state = full.snapshot.state;
  if (const std::uint32_t* frameHash = frameHashes_.find(state.tick)) {
    ++stats_.hashesChecked;
    if (static_cast<std::uint32_t>(hashState(state)) != *frameHash) {
      ++stats_.hashMismatches;
      log_->error("{}: the full state of tick {} does not hash to its frame's hash", options_.name,
                  state.tick);
    }
  }
  if (state.tick > stats_.confirmedTick) {
    stats_.confirmedTick = state.tick;
    lastProgressAt_ = now;
  }
}

// Late inputs (a negative margin below the target) push the lead up quickly; inputs far too
// early bring it down slowly, as time sync does for a predicting client.
void LiteClient::adjustLead(int margin, double now) {
  if (margin < options_.targetMargin && now - lastLeadChange_ >= kLeadUpInterval) {
    stats_.lead = std::min(stats_.lead + 1, kMaxLead);
    lastLeadChange_ = now;
  } else if (margin > options_.targetMargin + kMarginSlack &&
             now - lastLeadChange_ >= kLeadDownInterval) {
    stats_.lead = std::max(stats_.lead - 1, 1);
    lastLeadChange_ = now;
  }
}

// Makes the inputs due by the server's estimated tick plus the lead and sends every one the
// server has not acknowledged (up to options.redundancy), with our acknowledgement of its frames.
void LiteClient::sendInputs(double now) {
  if (slot_ < 0) {
    return;
  }
  const double elapsedTicks = std::clamp((now - serverTickAt_) * tickRate_, 0.0, tickRate_);
  const std::uint32_t target = serverTick_ + static_cast<std::uint32_t>(elapsedTicks) +
                               static_cast<std::uint32_t>(stats_.lead);
  if (target <= newestInput_) {
    return;
  }
  newestInput_ = std::max(newestInput_, target - std::min(target, kMaxInputsAtOnce));
  while (newestInput_ < target) {
    ++newestInput_;
    ownInputs_.put(newestInput_, inputs_(newestInput_));
    ++stats_.inputsSent;
  }
  const auto redundancy = static_cast<std::uint32_t>(
      std::clamp(options_.redundancy, 1, static_cast<int>(net::kMaxInputsPerBatch)));
  const std::uint32_t first = std::max(
      {inputAck_ + 1, target + 1 - std::min(target, redundancy), stats_.confirmedTick + 1});
  std::vector<PlayerInput> batch;
  for (std::uint32_t tick = first; tick <= target; ++tick) {
    const PlayerInput* input = ownInputs_.find(tick);
    batch.push_back(input ? *input : PlayerInput{});
  }
  connection_.send(net::InputBatch::make(stats_.confirmedTick, first, std::move(batch)),
                   net::kUnreliableChannel);
  ++stats_.batchesSent;
}

}  // namespace coyote
