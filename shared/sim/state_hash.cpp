#include "sim/state_hash.h"

#include <array>
#include <bit>
#include <cstring>

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

namespace coyote {
namespace {

/// Appends fixed-width little-endian fields to a small buffer.
class CanonicalWriter {
 public:
  void u8(std::uint8_t value) { bytes_[size_++] = value; }
  void i8(std::int8_t value) { u8(static_cast<std::uint8_t>(value)); }
  void u32(std::uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
      u8(static_cast<std::uint8_t>(value >> shift));
    }
  }
  void i32(std::int32_t value) { u32(static_cast<std::uint32_t>(value)); }
  void f32(float value) { u32(std::bit_cast<std::uint32_t>(value)); }
  void vec(Vec2 value) {
    f32(value.x);
    f32(value.y);
  }
  const std::uint8_t* data() const { return bytes_.data(); }
  std::size_t size() const { return size_; }

 private:
  std::array<std::uint8_t, 128> bytes_{};
  std::size_t size_ = 0;
};

void encodeCharacter(CanonicalWriter& out, std::uint32_t slot, const Character& c) {
  out.u32(slot);
  out.vec(c.position);
  out.vec(c.velocity);
  out.vec(c.spawn);
  out.i8(c.facing);
  out.i8(c.wallDirection);
  out.u8(c.previousButtons);
  out.u8(c.grounded);
  out.u8(c.onSlope);
  out.u8(c.dashAvailable);
  out.i32(c.ticksSinceGrounded);
  out.i32(c.ticksSinceJumpPressed);
  out.i32(c.wallJumpLockTicks);
  out.i32(c.dashTicksLeft);
  out.vec(c.dashDirection);
  out.i32(c.airJumpsLeft);
  out.i32(c.jumpsRemaining);
  out.i32(c.dashesRemaining);
  out.i8(c.lastNormalX);
  out.i8(c.lastNormalY);
}

}  // namespace

std::uint64_t hashState(const WorldState& state) {
  XXH64_state_t hasher;
  XXH64_reset(&hasher, 0);
  CanonicalWriter header;
  header.u32(state.tick);
  XXH64_update(&hasher, header.data(), header.size());
  for (std::uint32_t slot = 0; slot < state.characters.size(); ++slot) {
    const Character& character = state.characters[slot];
    if (!character.active) {
      continue;
    }
    CanonicalWriter out;
    encodeCharacter(out, slot, character);
    XXH64_update(&hasher, out.data(), out.size());
  }
  return XXH64_digest(&hasher);
}

}  // namespace coyote
