#pragma once

#include <array>

#include "client/core/rollback_correction.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Position between the previous and the current tick, `alpha` in [0, 1] (the
/// simulation runs at fixed ticks, the screen draws between them).
inline Vec2 interpolate(Vec2 previous, Vec2 current, float alpha) {
  return {previous.x + (current.x - previous.x) * alpha,
          previous.y + (current.y - previous.y) * alpha};
}

/// After a rollback a remote character's simulated position jumps to the corrected one. Drawing
/// that jump looks like a teleport, so the drawn position keeps an offset (old − new) that fades
/// out over `easeSeconds`. A large error, or a change of ground or wall contact (a landing that
/// was not predicted), snaps at once: easing through a floor looks worse than a jump.
class CorrectionSmoother {
 public:
  static constexpr float kSnapDistance = 1.5f;  ///< tiles
  static constexpr float kEaseSeconds = 0.1f;   ///< the offset falls to 5 % in this time

  /// Adds a rollback's correction; returns true if it snapped.
  bool add(const RollbackCorrection& correction);

  /// Fades every offset by `seconds` of frame time.
  void decay(float seconds);

  Vec2 offset(int slot) const { return offsets_[static_cast<std::size_t>(slot)]; }
  void clear(int slot) { offsets_[static_cast<std::size_t>(slot)] = {}; }

 private:
  std::array<Vec2, kMaxCharacters> offsets_{};
};

}  // namespace coyote
