#include "sim/collision/step_up.h"

#include "sim/state/scalar.h"

namespace coyote {

SweepResult stepUpBlocked(const BlockedMotion& motion, float height, const Level& level) {
  const SweepResult& blocked = motion.swept;
  // Tiles' tops are whole rows: stopped by a tile, the box can step only if a row's top lies
  // within `height` above its feet. Not on a tile floor (feet on a whole row), where a walker
  // pushing against a wall would otherwise pay four sweeps a tick for nothing.
  const float feet = motion.start.bottom();
  const float highestTop = static_cast<float>(floorToInt(feet - kSkin));
  if (blocked.hitX == kNoBody && highestTop < feet - height) {
    return blocked;
  }
  const SweepResult up =
      sweepAabb(motion.start, Vec2{0.0f, -height}, level, motion.oneWay, motion.bodies);
  const float lift = feet - up.box.bottom();
  const SweepResult across =
      sweepAabb(up.box, Vec2{motion.delta.x, 0.0f}, level, motion.oneWay, motion.bodies);
  // A wall stops the lifted move too, no further than the blocked one: the same side at every
  // height the box may step. A lifted move that nothing stopped is no wall, however short: a
  // move that would end within a skin of a lip's face is clamped to the face and reported as
  // blocked, and the lifted move then gets no further than that clamp. Judged by the clamp, the
  // lip was a wall on those ticks, the walker lost its speed, and whether it did depended on
  // where the previous tick happened to stop.
  const float along = motion.delta.x < 0.0f ? -1.0f : 1.0f;
  if (across.normalX != 0 && along * (across.box.left() - blocked.box.left()) <= kSkin) {
    return blocked;
  }
  // The start's one-way rule: a one-way top above the feet is passed, not stood on. Lowered by a
  // skin more than it rose: a body's top exactly at the feet' height is met at the very end of
  // a cast of `lift`, which a cast does not count as a hit (the tiles' pass looks a skin further).
  const SweepResult down =
      sweepAabb(across.box, Vec2{0.0f, lift + kSkin}, level, motion.oneWay, motion.bodies);
  // On the ledge, the box must clear what is above it by a skin: a gap exactly its height is no
  // room to walk in.
  const SweepResult headroom =
      sweepAabb(down.box, Vec2{0.0f, -kSkin}, level, motion.oneWay, motion.bodies);
  if (down.normalY >= 0 || headroom.normalY != 0) {
    return blocked;
  }
  SweepResult stepped = down;
  stepped.normalX = across.normalX;
  stepped.hitX = across.hitX;
  return stepped;
}

}  // namespace coyote
