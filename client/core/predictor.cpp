#include "client/core/predictor.h"

#include "match/authoritative_tick.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

bool sameExcept(const TickInputs& a, const TickInputs& b, int skipSlot) {
  for (std::size_t slot = 0; slot < a.size(); ++slot) {
    if (static_cast<int>(slot) != skipSlot && !(a[slot] == b[slot])) {
      return false;
    }
  }
  return true;
}

}  // namespace

Predictor::Predictor(const Level& level, const StepParameters& parameters, int localSlot,
                     std::uint32_t maxPredictionTicks, ConfirmedStep confirmedStep)
    : level_(level),
      parameters_(parameters),
      confirmedStep_(std::move(confirmedStep)),
      localSlot_(localSlot),
      maxPredictionTicks_(maxPredictionTicks),
      race_(level_, parameters_.config.tickRate) {}

void Predictor::adopt(const WorldState& confirmed, const TickInputs& inputs) {
  confirmed_ = confirmed;
  latestAuthoritative_ = inputs;
  authoritativeInputs_.put(confirmed_.tick, inputs);
}

const TickInputs* Predictor::authoritativeInputs(std::uint32_t tick) const {
  return authoritativeInputs_.find(tick);
}

bool Predictor::canAdvance() const {
  return predicted_.tick < confirmed_.tick || lead() < maxPredictionTicks_;
}

void Predictor::advance(PlayerInput ownInput) {
  const std::uint32_t tick = predicted_.tick + 1;
  if (localSlot_ >= 0) {
    ownInputs_.put(tick, ownInput);
  }
  stepPrediction(tick, true, tick);
}

Confirmation Predictor::confirm(std::uint32_t tick, const std::vector<RosterEvent>& events,
                                const TickInputs& inputs, std::uint32_t serverHash) {
  Confirmation result;
  if (tick != confirmed_.tick + 1) {
    return result;
  }
  if (tick <= predicted_.tick) {
    const TickInputs* used = predictionUsed_.find(tick);
    result.remoteMispredicted =
        !events.empty() || used == nullptr || !sameExcept(*used, inputs, localSlot_);
    const auto own = static_cast<std::size_t>(localSlot_);
    result.ownMispredicted = used != nullptr && localSlot_ >= 0 && !((*used)[own] == inputs[own]);
  }
  confirmedStep_(confirmed_, events, inputs, level_, parameters_, &stepEvents_);
  // The tick as it really went: a predicted effect that did not happen is cut short, one that
  // was not predicted starts now, one predicted right is left alone.
  const std::uint32_t present = predicted_.tick > tick ? predicted_.tick : tick;
  effects_.simulated(tick, stepEvents_.events(), confirmed_, level_, parameters_.config, present);
  effects_.forget(tick, present);
  race_.simulated(stepEvents_.events(), confirmed_, true, localSlot_);
  authoritativeInputs_.put(tick, inputs);
  latestAuthoritative_ = inputs;
  result.applied = true;
  result.hash = hashState(confirmed_);
  result.desync = static_cast<std::uint32_t>(result.hash) != serverHash;
  return result;
}

std::uint32_t Predictor::rollback() {
  const std::uint32_t present = predicted_.tick;
  if (present <= confirmed_.tick) {
    restartFromConfirmed();
    return 0;
  }
  // Only the confirmed state is copied (120 KB): the last re-simulated tick below sets the state
  // before it itself.
  predicted_ = confirmed_;
  while (predicted_.tick < present) {
    // Only the last re-simulated tick needs the state before it (for interpolation): copying
    // the whole world before each tick would double the cost of a deep rollback.
    stepPrediction(predicted_.tick + 1, predicted_.tick + 1 == present, present);
  }
  return present - confirmed_.tick;
}

void Predictor::restartFromConfirmed() {
  predicted_ = confirmed_;
  previousPredicted_ = confirmed_;
}

// Everyone keeps doing what they last did; the local player does what it pressed.
TickInputs Predictor::predictionInputs(std::uint32_t tick) const {
  TickInputs inputs = latestAuthoritative_;
  if (localSlot_ >= 0) {
    const PlayerInput* mine = ownInputs_.find(tick);
    inputs[static_cast<std::size_t>(localSlot_)] = mine ? *mine : PlayerInput{};
  }
  return inputs;
}

void Predictor::stepPrediction(std::uint32_t tick, bool keepPrevious, std::uint32_t present) {
  const TickInputs inputs = predictionInputs(tick);
  predictionUsed_.put(tick, inputs);
  if (keepPrevious) {
    previousPredicted_ = predicted_;
  }
  stepWorld(predicted_, inputs, level_, parameters_, nullptr, &stepEvents_);
  effects_.simulated(tick, stepEvents_.events(), predicted_, level_, parameters_.config, present);
  race_.simulated(stepEvents_.events(), predicted_, false, localSlot_);
}

}  // namespace coyote
