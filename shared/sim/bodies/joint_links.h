#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "sim/state/body.h"

namespace coyote {

/// What the joint stage of a step tells the crates' move that follows it. Empty until the stage
/// `clear`s it, which it does only on a level with joints: the crate sets are left unfilled
/// before that, and read only after it (nearly every level has no joints, and clearing 512 bytes
/// would cost a one-player step of such a level a twentieth of its instructions).
class JointLinks {
 public:
  /// Makes the sets empty and readable: the joint stage's first act on a level with joints.
  void clear() {
    cleared_ = true;
    launched_.fill(0);
    paired_.fill(0);
    pairCount_ = 0;
  }

  /// Crates (by level index) the joint stage launched: their velocity already holds this step's
  /// gravity and the joints' pull.
  bool launched(std::size_t crate) const { return cleared_ && test(launched_, crate); }
  void markLaunched(std::size_t crate) { set(launched_, crate); }

  /// Pairs of bodies an unbroken joint links without `collide` pass through each other.
  void ignore(BodyId a, BodyId b) {
    if (pairCount_ < kMaxJoints) {
      pairs_[2 * pairCount_] = a;
      pairs_[2 * pairCount_ + 1] = b;
      ++pairCount_;
      markPaired(a);
      markPaired(b);
    }
  }
  /// Whether `crate` is in a pair: passes through something (false for a body not a crate). For
  /// every other crate a look at the pairs would find nothing, and a crowded step asks for each
  /// crate's every neighbour.
  bool ignoresAnything(BodyId crate) const {
    return cleared_ && isCrateId(crate) &&
           test(paired_, static_cast<std::size_t>(crate - kCrateIdBase));
  }
  bool ignores(BodyId a, BodyId b) const {
    for (std::size_t i = 0; i < pairCount_; ++i) {
      const BodyId first = pairs_[2 * i];
      const BodyId second = pairs_[2 * i + 1];
      if ((first == a && second == b) || (first == b && second == a)) {
        return true;
      }
    }
    return false;
  }

 private:
  using CrateWords = std::array<std::uint64_t, kMaxCrates / 64>;
  static bool test(const CrateWords& words, std::size_t crate) {
    return ((words[crate / 64] >> (crate % 64)) & 1u) != 0;
  }
  static void set(CrateWords& words, std::size_t crate) {
    words[crate / 64] |= std::uint64_t{1} << (crate % 64);
  }
  void markPaired(BodyId id) {
    if (isCrateId(id)) {
      set(paired_, static_cast<std::size_t>(id - kCrateIdBase));
    }
  }

  bool cleared_ = false;
  CrateWords launched_;  // unfilled until clear()
  CrateWords paired_;    // unfilled until clear()
  /// Only the first `pairCount_` are ever read (left unfilled: this is on every step's path).
  std::array<BodyId, 2 * kMaxJoints> pairs_;
  std::size_t pairCount_ = 0;
};

}  // namespace coyote
