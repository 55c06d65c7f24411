#include "sim/state/settled_crates.h"

namespace coyote {

// No padding the compiler would leave unwritten (the sync test compares states byte by byte).
static_assert(sizeof(SettledIndex) == 3 * sizeof(CrateBits) + 2 * 2 * kMaxCrates + 2 * 4096 +
                                          2 * 1024 + 4 * kMaxCrates + sizeof(Vec2) +
                                          sizeof(BoxEdges) + 4 * 4 + 2 + 6);

void SettledIndex::rebuild(std::span<const Crate> crates, const Level& level,
                           std::uint8_t restingTicks) {
  *this = SettledIndex{};
  head_.fill(kNone);
  crateCount_ = static_cast<std::uint32_t>(crates.size());
  width_ = level.width();
  height_ = level.height();
  restingTicks_ = restingTicks;
  valid_ = true;
  CrateBits all;
  for (std::size_t slot = 0; slot < crates.size() && slot < kMaxCrates; ++slot) {
    if (crates[slot].active) {
      all.add(slot);
    }
  }
  update(crates, level, restingTicks, all);
}

void SettledIndex::update(std::span<const Crate> crates, const Level& level,
                          std::uint8_t restingTicks, const CrateBits& visited) {
  bool anyLeft = false;
  visited.forEach([&](std::size_t slot) {
    if (slot >= crates.size()) {
      return;
    }
    if (inGrid_.contains(slot)) {
      unlink(slot);
      anyLeft = true;  // the extent may shrink; a crate that settles again grows it back
    }
    const Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    const bool indexed = definition != nullptr && definition->size.x <= kLargestIndexed &&
                         definition->size.y <= kLargestIndexed &&
                         isSettled(crate, restingTicks, level);
    if (indexed) {
      link(slot, crate, *definition);
      unsettled_.remove(slot);
    } else if (crate.active) {
      unsettled_.add(slot);
    }
  });
  woken_ = CrateBits{};
  if (anyLeft) {
    measureExtent(crates, level);
  }
}

void SettledIndex::measureExtent(std::span<const Crate> crates, const Level& level) {
  extent_ = BoxEdges::none();
  inGrid_.forEach([&](std::size_t slot) {
    const CrateDefinition* definition =
        slot < crates.size() ? crateDefinition(level, crates[slot].id) : nullptr;
    if (definition == nullptr) {
      return;  // never linked without one
    }
    extent_.include(Aabb{crates[slot].position, definition->size});
  });
}

void SettledIndex::link(std::size_t slot, const Crate& crate, const CrateDefinition& definition) {
  const std::uint32_t key = keyOf(cellOf(crate.position.x), cellOf(crate.position.y));
  const std::size_t bucket = bucketOf(key);
  const auto self = static_cast<std::int16_t>(slot);
  cellKey_[slot] = key;
  previous_[slot] = kNone;
  next_[slot] = head_[bucket];
  if (head_[bucket] != kNone) {
    previous_[static_cast<std::size_t>(head_[bucket])] = self;
  }
  head_[bucket] = self;
  ++rowCount_[static_cast<std::size_t>(key >> 16) % kRowBuckets];
  extent_.include(Aabb{crate.position, definition.size});
  inGrid_.add(slot);
  ++count_;
  largest_.x = definition.size.x > largest_.x ? definition.size.x : largest_.x;
  largest_.y = definition.size.y > largest_.y ? definition.size.y : largest_.y;
}

void SettledIndex::unlink(std::size_t slot) {
  const std::int16_t before = previous_[slot];
  const std::int16_t after = next_[slot];
  if (before != kNone) {
    next_[static_cast<std::size_t>(before)] = after;
  } else {
    head_[bucketOf(cellKey_[slot])] = after;
  }
  if (after != kNone) {
    previous_[static_cast<std::size_t>(after)] = before;
  }
  --rowCount_[static_cast<std::size_t>(cellKey_[slot] >> 16) % kRowBuckets];
  inGrid_.remove(slot);
  --count_;
}

}  // namespace coyote
