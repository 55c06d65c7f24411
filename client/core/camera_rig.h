#pragma once

#include <cstdint>

#include "client/core/camera.h"
#include "client/core/effect_list.h"
#include "sim/state/vec2.h"

namespace coyote {

/// Where the camera looks, frame to frame (docs/playing.md#the-window): it follows the player
/// smoothly rather than rigidly, leads in the running direction (farther the faster) and below a
/// fast fall so you see where you go, stays in the level, and shakes a little on a heavy landing
/// of yours or a crate's impact in view. The shake is presentation only (never in the
/// simulation) and can be switched off.
class CameraRig {
 public:
  /// The lead ahead, as a share of the view's width, at running speed (tiles/s); it grows with
  /// speed up to kMaxLookAhead (a dash), and shrinks to nothing standing still.
  static constexpr float kLookAhead = 0.2f;
  static constexpr float kLookAheadSpeed = 9.0f;
  static constexpr float kMaxLookAhead = 0.3f;
  /// Falling faster than kFallLeadSpeed, the view leads down by up to kFallLead of its height,
  /// reached at kFallLeadFull (tiles/s).
  static constexpr float kFallLeadSpeed = 8.0f;
  static constexpr float kFallLeadFull = 20.0f;
  static constexpr float kFallLead = 0.2f;
  /// The lead (tiles) for a velocity, in a view `view` wide and high: x ahead, y below.
  static Vec2 lead(Vec2 velocity, ViewTiles view);
  /// How quickly the camera closes on its target: the gap shrinks by e every 1/kFollowRate s.
  static constexpr float kFollowRate = 9.0f;
  /// A jump of the focus this far (a respawn, a new level) is followed at once.
  static constexpr float kSnapDistance = 6.0f;
  /// A landing at least this fast (tiles/s) shakes the view.
  static constexpr float kHeavyLanding = 18.0f;

  explicit CameraRig(bool shake = true) : shakeEnabled_(shake) {}

  /// Moves toward `focus` (the followed character's centre, tiles) led by `velocity`, over
  /// `seconds`; returns the top-left corner (tiles) of a `view`, whole logical pixels, in the
  /// level.
  Vec2 update(Vec2 focus, Vec2 velocity, float seconds, int levelWidth, int levelHeight,
              ViewTiles view = {});

  /// Starts a shake for each effect not seen before that calls for one: a landing of `followed`
  /// at kHeavyLanding or more, a crate's impact within the view. `renderTick` times the shake.
  void react(const EffectList& effects, BodyId followed, double renderTick);

  /// The shake's offset this frame in tiles, whole logical pixels (0 when off or calm).
  Vec2 shakeOffset(double renderTick) const;

  void setShake(bool on) { shakeEnabled_ = on; }

 private:
  /// The shake's amplitude left at `renderTick`, pixels.
  float shakeLeft(double renderTick) const;

  bool started_ = false;
  Vec2 centre_;
  Vec2 lead_;
  ViewTiles view_;
  bool shakeEnabled_;
  double shakeStart_ = -1e9;
  float shakeStrength_ = 0.0f;  ///< pixels at its start
  std::uint32_t newestSeen_ = 0;
};

}  // namespace coyote
