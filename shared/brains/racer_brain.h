#pragma once

#include <cstdint>

#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/player_input.h"
#include "sim/state/world_state.h"

namespace coyote {

/// A bot that races (`coyote-bot --brain racer`): it heads for the race's next checkpoint in
/// order, then the finish, and reads the world on its way with the spatial queries, as the
/// walker does: it jumps a wall, a gap or spikes it sees, jumps again in the air if it is still
/// falling short, dashes across a gap it cannot jump, swims up out of water, climbs a shaft by
/// jumping from wall to wall, and tries a jump, then the other way, when it makes no progress.
/// Its inputs depend only on the states it is shown, so one world plays the same every time.
class RacerBrain {
 public:
  /// The input for the character in `slot` of `state` (neutral if the slot is empty, or if the
  /// level has no race).
  PlayerInput next(const WorldState& state, const Level& level, const PhysicsConfig& config,
                   int slot);

 private:
  struct Outlook {
    bool wall = false;    ///< blocked within half a tile ahead
    bool gap = false;     ///< no ground within 3 tiles below the next step
    bool hazard = false;  ///< spikes within two tiles ahead, at the feet or below
  };
  Outlook lookAhead(const WorldState& state, const Level& level, const PhysicsConfig& config,
                    int slot, int direction) const;
  /// Where the character goes now: the centre of the next checkpoint, or of the finish.
  static Vec2 target(const Character& character, const Level& level);
  /// Jump held for a full jump; released a tick before the next press so that it is an edge.
  std::uint8_t jumpButton(bool wanted, bool canJump);

  int jumpHeldTicks_ = 0;
  int stuckTicks_ = 0;
  int detourTicks_ = 0;  ///< ticks left going the other way after being stuck
  float bestDistance_ = 1e9f;
  int climbDirection_ = 1;  ///< in a shaft: the wall to reach next
};

}  // namespace coyote
