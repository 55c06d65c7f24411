#pragma once

#include <cstdint>
#include <vector>

#include "client/core/confirmed_step.h"
#include "client/core/effect_list.h"
#include "client/core/race_progress.h"
#include "match/roster_event.h"
#include "sim/state/level.h"
#include "sim/state/step_parameters.h"
#include "sim/world_step.h"
#include "util/tick_ring.h"

namespace coyote {

/// What confirming one authoritative tick found.
struct Confirmation {
  bool applied = false;             ///< the tick was the next unconfirmed one and is now confirmed
  bool remoteMispredicted = false;  ///< another player's input or a roster event differed
  bool ownMispredicted = false;     ///< the server used another input of ours (it came late)
  bool desync = false;              ///< our confirmed state's hash differs from the server's
  std::uint64_t hash = 0;           ///< hashState of our confirmed state after the tick

  bool mispredicted() const { return remoteMispredicted || ownMispredicted; }
};

/// The client's rollback core (docs/protocol.md#prediction-and-rollback), with no sockets and no
/// clock (the GGPO `Sync` idea): a confirmed state advanced only by authoritative ticks and checked
/// against their hashes, and a predicted state ahead of it. The local player's inputs apply at
/// once; every other player is predicted to keep its last authoritative input. When a confirmed
/// tick shows the prediction was wrong, `rollback()` restores the confirmed state and re-simulates
/// to the present.
class Predictor {
 public:
  /// `localSlot` is -1 for a spectator; `maxPredictionTicks` is the rollback window.
  Predictor(const Level& level, const StepParameters& parameters, int localSlot,
            std::uint32_t maxPredictionTicks, ConfirmedStep confirmedStep = applyAuthoritativeTick);

  /// Adopts an authoritative state (join, desync repair) with the inputs used at its tick. The
  /// prediction is kept: call `rollback()` to rebuild it on the new base.
  void adopt(const WorldState& confirmed, const TickInputs& inputs);

  /// True while the prediction may go one tick further without leaving the rollback window.
  bool canAdvance() const;

  /// Predicts one more tick with this player's input for it.
  void advance(PlayerInput ownInput);

  /// Confirms tick `tick` with its authoritative events and inputs and the low 32 bits of the
  /// server's hash. Only the next unconfirmed tick is applied; others return `applied = false`.
  Confirmation confirm(std::uint32_t tick, const std::vector<RosterEvent>& events,
                       const TickInputs& inputs, std::uint32_t serverHash);

  /// Restores the confirmed state and re-simulates to the present with the best inputs known;
  /// returns the ticks re-simulated. A prediction at or behind the confirmed tick (the server
  /// got ahead) simply restarts from the confirmed state and returns 0.
  std::uint32_t rollback();

  const WorldState& confirmed() const { return confirmed_; }
  const WorldState& predicted() const { return predicted_; }
  /// The predicted state one tick before `predicted()`, for render interpolation.
  const WorldState& previousPredicted() const { return previousPredicted_; }
  /// The authoritative inputs of a recent confirmed tick, or nullptr.
  const TickInputs* authoritativeInputs(std::uint32_t tick) const;
  /// Ticks the prediction is ahead of the confirmed state.
  std::uint32_t lead() const { return predicted_.tick - confirmed_.tick; }
  int localSlot() const { return localSlot_; }
  /// The effects of the events of the ticks simulated so far (predicted, re-simulated and
  /// confirmed), each shown once.
  const EffectList& effects() const { return effects_; }
  /// The runs (docs/playing.md#races) as the same simulations timed them.
  const RaceProgress& race() const { return race_; }
  /// A slot changed hands: the runs recorded for it were someone else's.
  void forgetRunner(int slot) { race_.forgetRunner(slot); }
  const Level& level() const { return level_; }
  const StepParameters& parameters() const { return parameters_; }

 private:
  TickInputs predictionInputs(std::uint32_t tick) const;
  /// Predicts `tick`; `present` is the newest tick shown (a rollback re-simulates up to it).
  void stepPrediction(std::uint32_t tick, bool keepPrevious, std::uint32_t present);
  void restartFromConfirmed();

  Level level_;
  StepParameters parameters_;
  ConfirmedStep confirmedStep_;
  int localSlot_;
  std::uint32_t maxPredictionTicks_;
  WorldState confirmed_;
  WorldState predicted_;
  WorldState previousPredicted_;
  TickRing<TickInputs> authoritativeInputs_;
  TickRing<TickInputs> predictionUsed_;
  TickRing<PlayerInput> ownInputs_;
  TickInputs latestAuthoritative_{};
  EventBatch stepEvents_;  ///< the last simulated tick's events (12 KB: a member, not a local)
  EffectList effects_;
  RaceProgress race_;
};

}  // namespace coyote
