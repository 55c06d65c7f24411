#include "sim/collision/crates_in_reach.h"

namespace coyote {

void gatherCratesInReach(std::span<const Crate> crates, const CrateBits& stirring,
                         const CrateBits& woken, CratesInReach& inReach) {
  inReach.bits = stirring;
  inReach.bits.addAll(woken);
  inReach.count = 0;
  inReach.bits.forEach([&](std::size_t slot) {
    if (slot < crates.size() && crates[slot].present()) {
      inReach.slots[inReach.count++] = static_cast<std::uint16_t>(slot);
    }
  });
}

}  // namespace coyote
