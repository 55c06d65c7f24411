#pragma once

#include <functional>
#include <vector>

#include "match/authoritative_tick.h"
#include "match/roster_event.h"
#include "sim/state/level.h"
#include "sim/state/step_parameters.h"
#include "sim/state/world_state.h"

namespace coyote {

/// How a confirmed tick is stepped: the server's own step, applyAuthoritativeTick. A test hands a
/// predictor (or a ClientSession, ClientOptions::confirmedStep) one that goes wrong at a tick of
/// its choosing, to see the desync found, named and repaired (GGPO's `advance_frame` callback).
using ConfirmedStep = std::function<void(WorldState& state, const std::vector<RosterEvent>& events,
                                         const TickInputs& inputs, const Level& level,
                                         const StepParameters& parameters, EventBatch* stepEvents)>;

}  // namespace coyote
