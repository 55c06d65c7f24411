#include "sim/state_diff.h"

#include <bit>
#include <cstdint>

namespace coyote {
namespace {

class FieldComparer {
 public:
  FieldComparer(std::vector<std::string>& out, std::size_t limit) : out_(out), limit_(limit) {}

  template <class T>
  void compare(const std::string& name, const T& a, const T& b) {
    if (out_.size() < limit_ && !same(a, b)) {
      out_.push_back(name);
    }
  }
  void compare(const std::string& name, Vec2 a, Vec2 b) {
    compare(name + ".x", a.x, b.x);
    compare(name + ".y", a.y, b.y);
  }

 private:
  // Floats compare by bit pattern: the contract is bit identity, and NaN must not hide.
  static bool same(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
  template <class T>
  static bool same(const T& a, const T& b) {
    return a == b;
  }

  std::vector<std::string>& out_;
  std::size_t limit_;
};

}  // namespace

std::vector<std::string> differingFields(const WorldState& a, const WorldState& b,
                                         std::size_t limit) {
  std::vector<std::string> fields;
  FieldComparer field(fields, limit);
  field.compare("tick", a.tick, b.tick);
  for (std::size_t slot = 0; slot < a.characters.size(); ++slot) {
    const Character& x = a.characters[slot];
    const Character& y = b.characters[slot];
    if (!x.active && !y.active) {
      continue;
    }
    const std::string prefix = "characters[" + std::to_string(slot) + "].";
    field.compare(prefix + "active", x.active, y.active);
    field.compare(prefix + "position", x.position, y.position);
    field.compare(prefix + "velocity", x.velocity, y.velocity);
    field.compare(prefix + "spawn", x.spawn, y.spawn);
    field.compare(prefix + "facing", x.facing, y.facing);
    field.compare(prefix + "wallDirection", x.wallDirection, y.wallDirection);
    field.compare(prefix + "previousButtons", x.previousButtons, y.previousButtons);
    field.compare(prefix + "grounded", x.grounded, y.grounded);
    field.compare(prefix + "onSlope", x.onSlope, y.onSlope);
    field.compare(prefix + "dashAvailable", x.dashAvailable, y.dashAvailable);
    field.compare(prefix + "ticksSinceGrounded", x.ticksSinceGrounded, y.ticksSinceGrounded);
    field.compare(prefix + "ticksSinceJumpPressed", x.ticksSinceJumpPressed,
                  y.ticksSinceJumpPressed);
    field.compare(prefix + "wallJumpLockTicks", x.wallJumpLockTicks, y.wallJumpLockTicks);
    field.compare(prefix + "dashTicksLeft", x.dashTicksLeft, y.dashTicksLeft);
    field.compare(prefix + "dashDirection", x.dashDirection, y.dashDirection);
    field.compare(prefix + "airJumpsLeft", x.airJumpsLeft, y.airJumpsLeft);
    field.compare(prefix + "jumpsRemaining", x.jumpsRemaining, y.jumpsRemaining);
    field.compare(prefix + "dashesRemaining", x.dashesRemaining, y.dashesRemaining);
    field.compare(prefix + "lastNormalX", x.lastNormalX, y.lastNormalX);
    field.compare(prefix + "lastNormalY", x.lastNormalY, y.lastNormalY);
  }
  return fields;
}

}  // namespace coyote
