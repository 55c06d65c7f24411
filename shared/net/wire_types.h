#pragma once

// Cereal serialization of the simulation's value types, with every count bounded.

#include <cstdint>
#include <string>
#include <vector>

#include <cereal/cereal.hpp>

#include "net/protocol.h"
#include "sim/physics_config.h"
#include "sim/player_input.h"
#include "sim/world_state.h"

namespace coyote {

/// Thrown while decoding when a field breaks a cap or a range; the receiver drops the packet.
class DecodeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace net {

/// A count on the wire: 16 bits, checked against `cap` before the container grows.
template <class Archive>
std::size_t boundedCount(Archive& archive, std::size_t count, std::size_t cap, const char* what) {
  auto wire = static_cast<std::uint16_t>(count);
  archive(wire);
  if (wire > cap) {
    throw DecodeError(std::string(what) + " count " + std::to_string(wire) + " exceeds " +
                      std::to_string(cap));
  }
  return wire;
}

template <class Archive, class T>
void boundedVector(Archive& archive, std::vector<T>& values, std::size_t cap, const char* what) {
  const std::size_t count = boundedCount(archive, values.size(), cap, what);
  if constexpr (Archive::is_loading::value) {
    values.resize(count);
  }
  for (T& value : values) {
    archive(value);
  }
}

template <class Archive>
void boundedString(Archive& archive, std::string& text, std::size_t cap, const char* what) {
  const std::size_t count = boundedCount(archive, text.size(), cap, what);
  if constexpr (Archive::is_loading::value) {
    text.resize(count);
  }
  if (count > 0) {
    archive(cereal::binary_data(text.data(), count));
  }
}

/// One player's input at one tick, by slot.
struct SlotInput {
  std::uint8_t slot = 0;
  PlayerInput input;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(slot, input);
  }
  friend bool operator==(const SlotInput&, const SlotInput&) = default;
};

/// A player's display name, by slot.
struct SlotName {
  std::uint8_t slot = 0;
  std::string name;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(slot);
    boundedString(archive, name, kMaxNameLength, "name");
  }
  friend bool operator==(const SlotName&, const SlotName&) = default;
};

}  // namespace net

template <class Archive>
void serialize(Archive& archive, Vec2& value) {
  archive(value.x, value.y);
}

template <class Archive>
void serialize(Archive& archive, PlayerInput& input) {
  archive(input.moveX, input.moveY, input.buttons);
}

template <class Archive>
void serialize(Archive& archive, Character& c) {
  archive(c.active, c.position, c.velocity, c.spawn, c.facing, c.wallDirection, c.previousButtons,
          c.grounded, c.onSlope, c.dashAvailable, c.ticksSinceGrounded, c.ticksSinceJumpPressed,
          c.wallJumpLockTicks, c.dashTicksLeft, c.dashDirection, c.airJumpsLeft, c.jumpsRemaining,
          c.dashesRemaining, c.lastNormalX, c.lastNormalY);
}

/// Only active characters travel: (slot, character) pairs.
template <class Archive>
void save(Archive& archive, const WorldState& state) {
  std::uint16_t active = 0;
  for (const Character& character : state.characters) {
    active = static_cast<std::uint16_t>(active + (character.active ? 1 : 0));
  }
  archive(state.tick, active);
  for (std::size_t slot = 0; slot < state.characters.size(); ++slot) {
    if (state.characters[slot].active) {
      archive(static_cast<std::uint8_t>(slot), state.characters[slot]);
    }
  }
}

template <class Archive>
void load(Archive& archive, WorldState& state) {
  state = WorldState{};
  std::uint16_t active = 0;
  archive(state.tick, active);
  if (active > kMaxCharacters) {
    throw DecodeError("character count exceeds capacity");
  }
  for (std::uint16_t i = 0; i < active; ++i) {
    std::uint8_t slot = 0;
    archive(slot);
    archive(state.characters[slot]);
    state.characters[slot].active = true;
  }
}

template <class Archive>
void serialize(Archive& archive, PhysicsConfig& c) {
  archive(c.tickRate, c.playerWidth, c.playerHeight, c.mass, c.gravity, c.fallGravityMultiplier,
          c.fastFallMultiplier, c.apexThreshold, c.apexGravityMultiplier, c.fallDragCoefficient,
          c.maxRunSpeed, c.groundAccel, c.groundDecel, c.airAccel, c.jumpSpeed, c.jumpCutFactor,
          c.coyoteTime, c.jumpBufferTime, c.airJumps, c.dashSpeed, c.dashDuration, c.wallSlideSpeed,
          c.wallJumpSpeedX, c.wallJumpSpeedY, c.wallJumpLockTime, c.groundSnapDistance);
  if (c.tickRate < 10 || c.tickRate > 240 || !(c.playerWidth > 0.0f && c.playerWidth < 1.0f) ||
      !(c.playerHeight > 0.0f && c.playerHeight < 1.0f) || !(c.mass > 0.0f)) {
    throw DecodeError("physics config out of range");
  }
}

}  // namespace coyote
