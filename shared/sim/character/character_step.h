#pragma once

#include <span>

#include "sim/collision/box_cast.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state/character.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/player_input.h"
#include "sim/state/step_events.h"
#include "sim/state/step_parameters.h"

namespace coyote {

/// What a character's step did to the bodies around it, for the world step to apply.
struct CharacterContacts {
  BodyId pushed = kNoBody;  ///< the crate it walked into, if any
  float pushSpeed = 0.0f;   ///< its horizontal speed when it did, tiles/s
  float fallSpeed = 0.0f;   ///< vertical speed of this step's motion (an impact speed on landing)
  bool swimming = false;    ///< it swam this step (more than half of it under water)
  bool jumped = false;      ///< a jump fired (ground, coyote, wall, air, out of the water)
  JumpKind jumpKind = JumpKind::Ground;  ///< which, when one fired
  bool dashStarted = false;
  bool respawned = false;  ///< the respawn button put it back at its checkpoint
  /// Its box may touch a hazard tile after the step: false only when its reach, which the box
  /// ends inside, holds none (almost every step), and the hazard rule need not look.
  bool mayTouchHazard = true;
};

/// Advances one character by one fixed step in the order of docs/simulation.md#the-character-step,
/// against the tiles and `bodies` (platforms, crates and, when they block each other, characters:
/// stood on, walked into, hit from below) that its collision group interacts with. `self` is its
/// own body id, never an obstacle to itself.
CharacterContacts stepCharacter(Character& character, PlayerInput input, const Level& level,
                                const StepParameters& parameters,
                                const ObstacleSet* bodies = nullptr, BodyId self = kNoBody);

}  // namespace coyote
