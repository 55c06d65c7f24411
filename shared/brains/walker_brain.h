#pragma once

#include <cstdint>

#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/player_input.h"
#include "sim/state/world_state.h"

namespace coyote {

/// A bot that plays like a player (`coyote-bot --brain walker`): it runs one way and
/// reads the world ahead with the spatial queries — a box cast for a wall, rays down for the
/// ground and a look at the tiles for spikes — and jumps a wall or a gap it sees, jumps over
/// hazards, turns round at a wall too high or when stuck, and stops a while to ride a platform
/// it lands on. Its inputs depend only on its seed and the states it is shown, so the same seed
/// in the same world plays the same.
class WalkerBrain {
 public:
  explicit WalkerBrain(std::uint64_t seed);

  /// The input for the character in `slot` of `state` (neutral if the slot is empty).
  PlayerInput next(const WorldState& state, const Level& level, const PhysicsConfig& config,
                   int slot);

 private:
  /// What the casts saw ahead of the character.
  struct Outlook {
    bool wall = false;      ///< blocked within half a tile
    bool highWall = false;  ///< still blocked two tiles up: no plain jump clears it
    bool gap = false;       ///< no ground within 3 tiles below the next step
    bool hazard = false;    ///< spikes within two tiles ahead, at the feet or below
  };
  Outlook lookAhead(const WorldState& state, const Level& level, const PhysicsConfig& config,
                    int slot) const;
  void turnRound();
  std::uint32_t below(std::uint32_t bound);

  std::uint64_t random_;
  int direction_ = 1;
  int jumpHeldTicks_ = 0;  ///< ticks left to hold jump (a full jump is a held one)
  int rideTicks_ = 0;      ///< ticks left standing still on a platform
  int stuckTicks_ = 0;
  int ticksToTurn_ = 0;  ///< a change of mind now and then, as players do
  float lastX_ = 0.0f;
  BodyId lastSupport_ = kNoBody;
};

}  // namespace coyote
