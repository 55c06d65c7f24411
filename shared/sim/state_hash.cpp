#include "sim/state_hash.h"

#include <array>
#include <bit>
#include <concepts>
#include <cstring>
#include <type_traits>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

namespace coyote {
namespace {

/// Fixed-width little-endian fields in a small local buffer. A record is encoded into one on the
/// stack (so the compiler keeps its size in a register) and then handed to xxHash whole.
template <std::size_t Capacity>
class CanonicalBytes {
 public:
  void u8(std::uint8_t value) { bytes_[size_++] = value; }
  void u32(std::uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
      u8(static_cast<std::uint8_t>(value >> shift));
    }
  }
  const std::uint8_t* data() const { return bytes_.data(); }
  std::size_t size() const { return size_; }

 private:
  std::array<std::uint8_t, Capacity> bytes_;
  std::size_t size_ = 0;
};

// Every field type encodes to at most its own size, so a record fits in sizeof(Record) bytes
// (plus 4 for its slot index).
template <class Record>
using RecordBytes = CanonicalBytes<sizeof(Record) + 4>;

// The canonical encoding of each field type: its bits, little-endian, at a fixed width.
template <class Out, std::integral T>
void encode(Out& out, T value) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "a field type without a canonical encoding");
  if constexpr (sizeof(T) == 1) {
    out.u8(static_cast<std::uint8_t>(value));  // bool is 0 or 1
  } else if constexpr (sizeof(T) == 2) {
    out.u8(static_cast<std::uint8_t>(static_cast<std::uint16_t>(value)));
    out.u8(static_cast<std::uint8_t>(static_cast<std::uint16_t>(value) >> 8));
  } else {
    out.u32(static_cast<std::uint32_t>(value));
  }
}
template <class Out>
void encode(Out& out, float value) {
  out.u32(std::bit_cast<std::uint32_t>(value));
}
template <class Out>
void encode(Out& out, Vec2 value) {
  encode(out, value.x);
  encode(out, value.y);
}

/// Feeds bytes to the hasher. Not inlined: g++ 12 at -O3, seeing xxHash's 32-byte stripe code
/// run on a record it knows is shorter, warns of an out-of-bounds pointer (-Warray-bounds, a
/// false positive: that code is behind a length check).
[[gnu::noinline]] void feed(XXH64_state_t& hasher, const std::uint8_t* bytes, std::size_t size) {
  XXH64_update(&hasher, bytes, size);
}

template <FieldRecord Record>
void hashRecord(XXH64_state_t& hasher, const Record& record, const std::uint32_t* slot);

// Only active slots are hashed, each as its index then its fields.
template <SlotArray Slots>
void hashSlots(XXH64_state_t& hasher, const Slots& slots) {
  for (std::uint32_t slot = 0; slot < slots.size(); ++slot) {
    if (slots[slot].active) {
      hashRecord(hasher, slots[slot], &slot);
    }
  }
}

// A record's plain fields go through one local buffer; a slot array inside it is hashed in
// place, after the fields before it.
template <FieldRecord Record>
void hashRecord(XXH64_state_t& hasher, const Record& record, const std::uint32_t* slot) {
  RecordBytes<Record> bytes;
  if (slot != nullptr) {
    bytes.u32(*slot);
  }
  std::size_t hashed = 0;
  Record::forEachField(record, [&](const FieldInfo&, const auto& value) {
    if constexpr (SlotArray<std::remove_cvref_t<decltype(value)>>) {
      feed(hasher, bytes.data() + hashed, bytes.size() - hashed);
      hashed = bytes.size();
      hashSlots(hasher, value);
    } else {
      encode(bytes, value);
    }
  });
  feed(hasher, bytes.data() + hashed, bytes.size() - hashed);
}

}  // namespace

std::uint64_t hashState(const WorldState& state) {
  XXH64_state_t hasher;
  XXH64_reset(&hasher, 0);
  hashRecord(hasher, state, nullptr);
  return XXH64_digest(&hasher);
}

}  // namespace coyote
