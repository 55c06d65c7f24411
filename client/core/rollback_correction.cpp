#include "client/core/rollback_correction.h"

namespace coyote {

std::vector<RollbackCorrection> correctionsBetween(const WorldState& before,
                                                   const WorldState& after, int localSlot) {
  std::vector<RollbackCorrection> corrections;
  if (before.tick != after.tick) {
    return corrections;
  }
  for (std::size_t slot = 0; slot < after.characters.size(); ++slot) {
    const Character& old = before.characters[slot];
    const Character& now = after.characters[slot];
    if (static_cast<int>(slot) == localSlot || !old.active || !now.active) {
      continue;
    }
    if (old.position.x != now.position.x || old.position.y != now.position.y) {
      corrections.push_back(
          {static_cast<int>(slot), old.position, now.position,
           old.grounded != now.grounded || old.wallDirection != now.wallDirection});
    }
  }
  return corrections;
}

}  // namespace coyote
