#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "sim/state/settled_crates.h"

namespace coyote {

/// The crates a step's obstacle sets hold, gathered once a step after the joints (the last stage
/// to wake crates before they move): every present crate outside the state's index of settled
/// crates, and those of the index woken so far, in slot order. The index answers for the rest:
/// an obstacle set looks there for the settled crates near a mover (`bits` says which crates it
/// holds already), so a sleeper costs the step nothing until something comes near it.
struct CratesInReach {
  std::array<std::uint16_t, kMaxCrates> slots;  ///< the first `count` filled, the rest never read
  std::size_t count = 0;
  CrateBits bits;  ///< every crate of `stirring` and `woken`, as a set
};

/// `stirring`: the crates the step visits; `woken`: the index's crates woken this step.
void gatherCratesInReach(std::span<const Crate> crates, const CrateBits& stirring,
                         const CrateBits& woken, CratesInReach& inReach);

}  // namespace coyote
