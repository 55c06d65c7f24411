#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "sim/state/body.h"
#include "sim/state/level.h"
#include "sim/state/slot_bits.h"
#include "sim/state/vec2.h"

namespace coyote {

/// A set of crate slots.
using CrateBits = SlotBits<kMaxCrates>;

/// How far outside the grid (tiles, each side) a body may be before the guard calls it lost.
inline constexpr float kLevelMargin = 32.0f;

/// Where a body may be: within kLevelMargin of the grid. Its bounds are found once, for a phase
/// that asks about every character.
struct SoundArea {
  explicit SoundArea(const Level& level)
      : right(static_cast<float>(level.width()) + kLevelMargin),
        bottom(static_cast<float>(level.height()) + kLevelMargin) {}

  /// Finite and inside (written so that a NaN fails every comparison and so the test).
  bool holds(Vec2 position) const {
    return position.x >= -kLevelMargin && position.x <= right && position.y >= -kLevelMargin &&
           position.y <= bottom;
  }

  float right;
  float bottom;
};

inline bool isSoundPosition(Vec2 position, const Level& level) {
  return SoundArea(level).holds(position);
}

/// Below this row a body has fallen out of the level (it starts again: world_step.cpp).
inline float killLine(const Level& level) {
  return static_cast<float>(level.height()) + 2.0f;
}

/// Whether a crate is settled: asleep at rest with nothing under it that can move (the tiles, or
/// nothing), still, sound and already recorded as such. No pass of a step changes a settled crate
/// until something wakes it. Bits are compared, not values: a -0 velocity is not settled, for the
/// guard would make it +0.
inline bool isSettled(const Crate& crate, std::uint8_t restingTicks, const Level& level) {
  const auto bits = [](float value) { return std::bit_cast<std::uint32_t>(value); };
  return crate.present() && crate.asleep && crate.restTicks >= restingTicks &&
         crate.support == kNoBody && (bits(crate.velocity.x) | bits(crate.velocity.y)) == 0 &&
         bits(crate.position.x) == bits(crate.lastValid.x) &&
         bits(crate.position.y) == bits(crate.lastValid.y) && crate.position.y <= killLine(level) &&
         isSoundPosition(crate.position, level);
}

/// The settled crates of a state, kept from step to step in a grid so that a step never visits
/// them (2,000 crates step at the cost of the awake ones). What a step does not visit,
/// an obstacle set finds here when a mover's reach touches it (Box2D keeps its sleeping bodies
/// in the broadphase the same way).
///
/// It is derived from the crates, like the character roster: neither hashed nor sent, rebuilt
/// after a decode and whenever it was built for another level or rest time. A step keeps it:
/// a crate woken (`wake`) leaves it at the step's end, and a crate the step visited and left
/// settled joins it. Code outside a step that edits a crate calls `wakeCrate` or `invalidate`.
/// Whatever it holds, a step's result is the one a walk over every crate gives: only the speed
/// depends on it (a test steps worlds both ways and compares every tick).
class SettledIndex {
 public:
  static constexpr float kCellTiles = 2.0f;  ///< a cell is 2 × 2 tiles
  /// A crate larger than this (tiles, either side) is never indexed: it is visited every step,
  /// so a query never has to look this far beyond its area.
  static constexpr float kLargestIndexed = 4.0f;

  void invalidate() { valid_ = false; }
  /// Whether it was built for this many crates, this grid and this rest time.
  bool builtFor(std::size_t crates, const Level& level, std::uint8_t restingTicks) const {
    return valid_ && crates == crateCount_ && level.width() == width_ &&
           level.height() == height_ && restingTicks == restingTicks_;
  }
  /// Every settled crate of `crates` (those a level has) in the grid, every other active one in
  /// `unsettled`.
  void rebuild(std::span<const Crate> crates, const Level& level, std::uint8_t restingTicks);

  /// The active crates outside the grid: the ones a step visits.
  const CrateBits& unsettled() const { return unsettled_; }
  /// The crates of the grid woken since the last step ended.
  const CrateBits& woken() const { return woken_; }
  bool empty() const { return count_ == 0; }

  /// Crate `slot` was woken or edited: it stays where it is until the step ends, then leaves.
  void wake(std::size_t slot) {
    if (slot < kMaxCrates && inGrid_.contains(slot)) {
      woken_.add(slot);
    }
  }

  /// A step's last act: each crate of `visited` (every crate it could have changed, the woken
  /// ones among them) joins the grid if it is settled and leaves it if not.
  void update(std::span<const Crate> crates, const Level& level, std::uint8_t restingTicks,
              const CrateBits& visited);

  /// Calls `visit(slot)` once for every crate of the grid whose box touches `area` (edges count),
  /// in no particular order.
  template <class Visit>
  void forEachTouching(const Aabb& area, std::span<const Crate> crates, const Level& level,
                       Visit visit) const;

 private:
  static constexpr std::size_t kBuckets = 4096;
  static constexpr std::size_t kRowBuckets = 1024;
  static constexpr int kMaxQueryCells = 64;  ///< beyond this, a query walks the grid's crates
  static constexpr std::int16_t kNone = -1;

  /// Cells are clamped to a finite range (a hostile position must not make a query long).
  static int cellOf(float tiles) {
    const float cells = tiles * (1.0f / kCellTiles);
    const float below = cells < 4096.0f ? cells : 4096.0f;  // a NaN stays NaN here
    const float clamped = below > -2.0f ? below : -2.0f;    // and becomes -2 here
    return static_cast<int>(clamped + 8.0f) - 8;            // floor, for values from -2 up
  }
  static std::uint32_t keyOf(int column, int row) {
    return static_cast<std::uint32_t>(column + 8) | (static_cast<std::uint32_t>(row + 8) << 16);
  }
  static std::size_t bucketOf(std::uint32_t key) {
    return ((key & 0xffffu) + (key >> 16) * 173u) % kBuckets;  // a row's cells are neighbours
  }
  static std::size_t rowBucketOf(int row) {
    return static_cast<std::size_t>(row + 8) % kRowBuckets;
  }

  void link(std::size_t slot, const Crate& crate, const CrateDefinition& definition);
  void unlink(std::size_t slot);
  /// The extent of what is left after crates left the grid (it only grows as they join).
  void measureExtent(std::span<const Crate> crates, const Level& level);

  CrateBits unsettled_;
  CrateBits inGrid_;
  CrateBits woken_;
  std::array<std::int16_t, kBuckets> head_{};          ///< first slot of each bucket, or kNone
  std::array<std::int16_t, kMaxCrates> next_{};        ///< next slot in the bucket, or kNone
  std::array<std::int16_t, kMaxCrates> previous_{};    ///< previous slot, or kNone (the head)
  std::array<std::uint32_t, kMaxCrates> cellKey_{};    ///< the cell of a slot's top-left corner
  std::array<std::uint16_t, kRowBuckets> rowCount_{};  ///< indexed crates per row of cells
  Vec2 largest_;  ///< the largest indexed crate: how far up and left of an area one can start
  /// The union of the indexed crates' edges, found as `forEachTouching` finds each crate's (so a
  /// crate that touches an area never lies outside it): most queries (a character far from every
  /// settled crate) end on its four comparisons.
  BoxEdges extent_ = BoxEdges::none();
  std::uint32_t count_ = 0;
  std::uint32_t crateCount_ = 0;
  std::int32_t width_ = 0;
  std::int32_t height_ = 0;
  std::uint8_t restingTicks_ = 0;
  bool valid_ = false;
  [[maybe_unused]] std::array<std::uint8_t, 6>
      padding_{};  ///< spelled out: states are compared byte by byte
};

template <class Visit>
void SettledIndex::forEachTouching(const Aabb& area, std::span<const Crate> crates,
                                   const Level& level, Visit visit) const {
  if (count_ == 0 || !extent_.touches(area)) {
    return;  // a NaN area touches nothing either
  }
  const auto test = [&](std::size_t slot) {
    const Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (definition != nullptr &&
        BoxEdges::of(Aabb{crate.position, definition->size}).touches(area)) {
      visit(slot);
    }
  };
  const int left = cellOf(area.left() - largest_.x);
  const int top = cellOf(area.top() - largest_.y);
  const int right = cellOf(area.right());
  const int bottom = cellOf(area.bottom());
  if ((right - left + 1) * (bottom - top + 1) > kMaxQueryCells) {
    inGrid_.forEach(test);  // a long ray or a wide area: every indexed crate once
    return;
  }
  // Along a row, keys and buckets are consecutive (bucketOf): both are counted, not computed.
  for (int row = top; row <= bottom; ++row) {
    if (rowCount_[rowBucketOf(row)] == 0) {
      continue;  // no crate in this row of cells (most rows of a level, and of a query)
    }
    std::uint32_t key = keyOf(left, row);
    std::size_t bucket = bucketOf(key);
    for (int column = left; column <= right; ++column, ++key, bucket = (bucket + 1) % kBuckets) {
      for (std::int16_t slot = head_[bucket]; slot != kNone;
           slot = next_[static_cast<std::size_t>(slot)]) {
        if (cellKey_[static_cast<std::size_t>(slot)] == key) {
          test(static_cast<std::size_t>(slot));
        }
      }
    }
  }
}

}  // namespace coyote
