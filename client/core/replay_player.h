#pragma once

#include <map>
#include <string>

#include "client/core/effect_list.h"
#include "replay/replay_file.h"
#include "sim/world_step.h"

namespace coyote {

/// Plays a recorded replay back: the same re-simulation as `coyote-sim verify`, paced for the
/// screen, with pause, single steps and 0.25× to 4× speed. It checks every recorded hash as it
/// goes, so a playback of a replay from another build shows whether it still agrees.
class ReplayPlayer {
 public:
  static constexpr double kSpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0};

  explicit ReplayPlayer(Replay replay);

  void update(double now);
  void togglePause() { paused_ = !paused_; }
  void stepOnce();  ///< one tick, while paused
  void faster() { speedIndex_ = std::min(speedIndex_ + 1, 4); }
  void slower() { speedIndex_ = std::max(speedIndex_ - 1, 0); }

  const WorldState& current() const { return current_; }
  const WorldState& previous() const { return previous_; }
  double tickFraction() const;
  const Level& level() const { return level_; }
  const PhysicsConfig& physics() const { return replay_.header.physics; }
  std::string nameOf(int slot) const;
  bool paused() const { return paused_; }
  double speed() const { return kSpeeds[speedIndex_]; }
  bool finished() const { return next_ >= replay_.ticks.size(); }
  std::size_t ticksPlayed() const { return next_; }
  std::size_t totalTicks() const { return replay_.ticks.size(); }
  std::size_t hashMismatches() const { return mismatches_; }
  /// The effects of the events of the ticks played (a replay never rolls back).
  const EffectList& effects() const { return effects_; }

 private:
  void advance();

  Replay replay_;
  Level level_;
  StepParameters parameters_;
  WorldState current_;
  WorldState previous_;
  EventBatch stepEvents_;
  EffectList effects_;
  std::map<int, std::string> names_;
  std::size_t next_ = 0;
  std::size_t mismatches_ = 0;
  bool paused_ = false;
  int speedIndex_ = 2;
  double lastUpdate_ = -1.0;
  double accumulator_ = 0.0;
};

}  // namespace coyote
