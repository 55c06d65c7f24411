#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace coyote {

/// Held buttons, one bit each. Only held state travels; edges are derived in the simulation.
enum InputButton : std::uint8_t {
  kButtonJump = 1u << 0,
  kButtonDash = 1u << 1,
  kButtonDown = 1u << 2,     ///< Fast-fall, and with jump: drop through a one-way platform.
  kButtonRespawn = 1u << 3,  ///< Pressed: back to the last checkpoint or the spawn ("kill").
  kButtonRestart = 1u << 4,  ///< Pressed: back to the spawn, checkpoints and race run cleared.
};
inline constexpr std::uint8_t kAllButtons =
    kButtonJump | kButtonDash | kButtonDown | kButtonRespawn | kButtonRestart;

/// One player's input for one tick, already quantized (docs/simulation.md#inputs): this exact value
/// is what the server, the client and the replay all feed to the simulation.
struct PlayerInput {
  std::int8_t moveX = 0;  ///< -127 (left) .. 127 (right)
  std::int8_t moveY = 0;  ///< -127 (up) .. 127 (down)
  std::uint8_t buttons = 0;

  bool held(InputButton button) const { return (buttons & button) != 0; }
  friend bool operator==(const PlayerInput&, const PlayerInput&) = default;
};

inline constexpr int kAxisMax = 127;
/// Analog dead zone (docs/simulation.md#inputs), as a fraction of full deflection.
inline constexpr float kDeadZone = 0.15f;

/// Quantizes an analog axis in [-1, 1] to int8 the same way on every side.
std::int8_t quantizeAxis(float value);

namespace detail {

constexpr float deadZoneOf(int quantized) {
  // -128 is outside the wire range; treat it like -127 so the result stays within [-1, 1].
  const int clamped = quantized < -kAxisMax ? -kAxisMax : quantized;
  const float value = static_cast<float>(clamped) / static_cast<float>(kAxisMax);
  const float magnitude = value < 0.0f ? -value : value;
  if (magnitude < kDeadZone) {
    return 0.0f;
  }
  const float remapped = (magnitude - kDeadZone) / (1.0f - kDeadZone);
  return value < 0.0f ? -remapped : remapped;
}

/// Every axis value's result, computed by the compiler (IEEE single precision, as at run time):
/// the step reads two entries instead of dividing four times a character.
inline constexpr std::array<float, 256> kDeadZoneTable = [] {
  std::array<float, 256> table{};
  for (int quantized = -128; quantized <= 127; ++quantized) {
    table[static_cast<std::size_t>(quantized + 128)] = deadZoneOf(quantized);
  }
  return table;
}();

}  // namespace detail

/// A quantized axis as a float in [-1, 1] after the dead zone: |v| < 0.15 is 0 and the rest is
/// remapped linearly to [0, 1] so that slow walking stays reachable. Inline: a table read.
inline float axisAfterDeadZone(std::int8_t quantized) {
  return detail::kDeadZoneTable[static_cast<std::size_t>(quantized + 128)];
}

}  // namespace coyote
