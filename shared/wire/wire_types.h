#pragma once

// Cereal serialization of the simulation's value types. Records with a field list travel field
// by field in list order; settings are range-checked both ways with the same bounds as the TOML
// loader; slot arrays carry only their active slots.

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include <cereal/cereal.hpp>

#include "match/roster_event.h"
#include "match/slot_input.h"
#include "sim/state/physics_config.h"
#include "sim/state/player_input.h"
#include "sim/state/world_state.h"
#include "wire/protocol.h"
#include "wire/wire_range.h"

namespace coyote {

namespace net {

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
void serialize(Archive& archive, SlotInput& entry) {
  archive(entry.slot, entry.input);
}

template <class Archive>
void serialize(Archive& archive, RosterEvent& event) {
  archive(event.kind, event.slot);
  if (event.kind != RosterEvent::kJoin && event.kind != RosterEvent::kLeave &&
      event.kind != RosterEvent::kLimits) {
    throw WireError("unknown roster event");
  }
  if (event.kind == RosterEvent::kLimits) {
    net::rangedValue(archive, event.radius, std::uint16_t{0}, net::kMaxLimitRadius,
                     "limits radius");
    net::rangedValue(archive, event.activeBodies, std::uint16_t{0},
                     static_cast<std::uint16_t>(kMaxCrates), "limits active bodies");
  }
  net::boundedString(archive, event.name, net::kMaxNameLength, "name");
}

namespace net {

template <class Archive, class T>
void serializeField(Archive& archive, const FieldInfo&, T& value) {
  archive(value);
}

template <class Archive>
void serializeField(Archive& archive, const FieldInfo& info, bool& value) {
  wireBool(archive, value, info.name);
}

/// The largest coordinate (tiles, tiles/s) a state may carry: far beyond any level or speed,
/// and small enough that the simulation's float-to-int conversions stay defined.
inline constexpr float kMaxWireCoordinate = 1.0e6f;

/// A vector field of the state: finite and within ±kMaxWireCoordinate, both ways.
template <class Archive>
void serializeField(Archive& archive, const FieldInfo& info, Vec2& value) {
  rangedValue(archive, value.x, -kMaxWireCoordinate, kMaxWireCoordinate, info.name);
  rangedValue(archive, value.y, -kMaxWireCoordinate, kMaxWireCoordinate, info.name);
}

/// The state's 16-bit fields are body ids: a body, or kNoBody.
template <class Archive>
void serializeField(Archive& archive, const FieldInfo& info, std::int16_t& value) {
  rangedValue(archive, value, kNoBody, kMaxBodyId, info.name);
}

/// A setting: refused outside its range when written and when read.
template <class Archive, class T>
void serializeField(Archive& archive, const SettingInfo<T>& info, T& value) {
  rangedValue(archive, value, info.min, info.max, info.name);
}

/// A switch: one byte, 0 or 1.
template <class Archive>
void serializeField(Archive& archive, const SettingInfo<bool>& info, bool& value) {
  wireBool(archive, value, info.name);
}

/// A slot array: the count of active slots, then (slot, record) for each.
template <class Archive, SlotArray Slots>
void serializeField(Archive& archive, const FieldInfo& info, Slots& slots) {
  using Index = std::conditional_t<(std::tuple_size_v<Slots> <= 256), std::uint8_t, std::uint16_t>;
  std::size_t active = 0;
  for (const auto& record : slots) {
    active += record.active ? 1 : 0;
  }
  active = rangedCount<std::uint16_t>(archive, active, slots.size(), info.name);
  if constexpr (Archive::is_saving::value) {
    for (std::size_t slot = 0; slot < slots.size(); ++slot) {
      if (slots[slot].active) {
        archive(static_cast<Index>(slot), slots[slot]);
      }
    }
  } else {
    slots = Slots{};
    for (std::size_t i = 0; i < active; ++i) {
      Index slot = 0;
      archive(slot);
      if (slot >= slots.size() || slots[slot].active) {
        throw WireError(std::string(info.name) + ": slot out of range or repeated");
      }
      archive(slots[slot]);
      slots[slot].active = true;
    }
  }
}

}  // namespace net

/// Every record with a field list (Character, WorldState, PhysicsConfig, …): its fields in order.
template <class Archive, FieldRecord Record>
void serialize(Archive& archive, Record& record) {
  Record::forEachField(record, [&archive](const auto& info, auto& value) {
    net::serializeField(archive, info, value);
  });
  if constexpr (!Archive::is_saving::value && requires { record.afterDecode(); }) {
    record.afterDecode();  // what a record derives from its fields (WorldState's roster)
  }
}

}  // namespace coyote
