#pragma once

#include <array>
#include <bitset>
#include <cstddef>

#include "sim/body.h"

namespace coyote {

/// What the joint stage of a step tells the crates' move that follows it.
struct JointLinks {
  /// Crates (by level index) the joint stage launched: their velocity already holds this step's
  /// gravity and the joints' pull.
  std::bitset<kMaxCrates> launched;

  /// Pairs of bodies an unbroken joint links without `collide`: they pass through each other.
  /// Only the first `pairCount` are ever read (left unfilled: this is on every step's path).
  std::array<BodyId, 2 * kMaxJoints> pairs;
  std::size_t pairCount = 0;
  /// The crates (by level index) in at least one of the pairs: for every other crate, a look at
  /// the pairs would find nothing, and a crowded step asks for each crate's every neighbour.
  std::bitset<kMaxCrates> paired;

  void ignore(BodyId a, BodyId b) {
    if (pairCount < kMaxJoints) {
      pairs[2 * pairCount] = a;
      pairs[2 * pairCount + 1] = b;
      ++pairCount;
      markPaired(a);
      markPaired(b);
    }
  }
  /// Whether `crate` is in a pair: passes through something (false for a body not a crate).
  bool ignoresAnything(BodyId crate) const {
    return isCrateId(crate) && paired.test(static_cast<std::size_t>(crate - kCrateIdBase));
  }
  bool ignores(BodyId a, BodyId b) const {
    for (std::size_t i = 0; i < pairCount; ++i) {
      const BodyId first = pairs[2 * i];
      const BodyId second = pairs[2 * i + 1];
      if ((first == a && second == b) || (first == b && second == a)) {
        return true;
      }
    }
    return false;
  }

 private:
  void markPaired(BodyId id) {
    if (isCrateId(id)) {
      paired.set(static_cast<std::size_t>(id - kCrateIdBase));
    }
  }
};

}  // namespace coyote
