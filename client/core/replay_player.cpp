#include "client/core/replay_player.h"

#include <algorithm>

#include <fmt/format.h>

#include "match/authoritative_tick.h"
#include "sim/state_hash.h"

namespace coyote {

ReplayPlayer::ReplayPlayer(Replay replay)
    : replay_(std::move(replay)),
      level_(net::toLevel(replay_.header.level)),
      parameters_(replay_.header.physics),
      current_(replay_.header.start.state),
      previous_(current_) {
  for (const net::SlotName& entry : replay_.header.start.roster) {
    names_[entry.slot] = entry.name;
  }
}

std::string ReplayPlayer::nameOf(int slot) const {
  const auto found = names_.find(slot);
  return found == names_.end() ? fmt::format("player{}", slot) : found->second;
}

double ReplayPlayer::tickFraction() const {
  const double tickSeconds = 1.0 / (parameters_.config.tickRate * speed());
  return paused_ || finished() ? 1.0 : std::clamp(accumulator_ / tickSeconds, 0.0, 0.999);
}

void ReplayPlayer::advance() {
  if (finished()) {
    return;
  }
  const ReplayTick& tick = replay_.ticks[next_++];
  previous_ = current_;
  applyAuthoritativeTick(current_, tick.events, expandInputs(tick.inputs), level_, parameters_,
                         &stepEvents_);
  effects_.simulated(current_.tick, stepEvents_.events(), current_, level_, parameters_.config,
                     current_.tick);
  effects_.forget(current_.tick, current_.tick);
  mismatches_ += hashState(current_) == tick.hash ? 0 : 1;
  for (const RosterEvent& event : tick.events) {
    if (event.kind == RosterEvent::kJoin) {
      names_[event.slot] = event.name;
    }
  }
}

void ReplayPlayer::stepOnce() {
  if (paused_) {
    advance();
  }
}

void ReplayPlayer::update(double now) {
  if (lastUpdate_ >= 0.0 && !paused_) {
    accumulator_ += now - lastUpdate_;
  }
  lastUpdate_ = now;
  const double tickSeconds = 1.0 / (parameters_.config.tickRate * speed());
  accumulator_ = std::min(accumulator_, 4.0 * tickSeconds);  // never a burst after a stall
  while (accumulator_ >= tickSeconds && !finished()) {
    accumulator_ -= tickSeconds;
    advance();
  }
}

}  // namespace coyote
