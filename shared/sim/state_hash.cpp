#include "sim/state_hash.h"

#include <array>
#include <bit>
#include <cstring>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

namespace coyote {
namespace {

/// Feeds fixed-width little-endian fields to xxHash through a small buffer (one update call per
/// buffer, not per field: the bytes hashed are the same, the calls far fewer).
class CanonicalHasher {
 public:
  CanonicalHasher() { XXH64_reset(&state_, 0); }

  void u8(std::uint8_t value) {
    if (size_ == bytes_.size()) {
      flush();
    }
    bytes_[size_++] = value;
  }
  void u32(std::uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
      u8(static_cast<std::uint8_t>(value >> shift));
    }
  }
  std::uint64_t digest() {
    flush();
    return XXH64_digest(&state_);
  }

 private:
  void flush() {
    XXH64_update(&state_, bytes_.data(), size_);
    size_ = 0;
  }

  XXH64_state_t state_;
  std::array<std::uint8_t, 256> bytes_{};
  std::size_t size_ = 0;
};

// The canonical encoding of each field type: its bits, little-endian, at a fixed width.
void encode(CanonicalHasher& out, bool value) {
  out.u8(value ? 1 : 0);
}
void encode(CanonicalHasher& out, std::int8_t value) {
  out.u8(static_cast<std::uint8_t>(value));
}
void encode(CanonicalHasher& out, std::uint8_t value) {
  out.u8(value);
}
void encode(CanonicalHasher& out, std::int32_t value) {
  out.u32(static_cast<std::uint32_t>(value));
}
void encode(CanonicalHasher& out, std::uint32_t value) {
  out.u32(value);
}
void encode(CanonicalHasher& out, float value) {
  out.u32(std::bit_cast<std::uint32_t>(value));
}
void encode(CanonicalHasher& out, Vec2 value) {
  encode(out, value.x);
  encode(out, value.y);
}

template <FieldRecord Record>
void encode(CanonicalHasher& out, const Record& record);

// Only active slots are hashed, each as its index then its fields.
template <SlotArray Slots>
void encode(CanonicalHasher& out, const Slots& slots) {
  for (std::uint32_t slot = 0; slot < slots.size(); ++slot) {
    if (slots[slot].active) {
      out.u32(slot);
      encode(out, slots[slot]);
    }
  }
}

template <FieldRecord Record>
void encode(CanonicalHasher& out, const Record& record) {
  Record::forEachField(record, [&out](const FieldInfo&, const auto& value) { encode(out, value); });
}

}  // namespace

std::uint64_t hashState(const WorldState& state) {
  CanonicalHasher hasher;
  encode(hasher, state);
  return hasher.digest();
}

}  // namespace coyote
