// Walks every field of every record's field list: each one is hashed, named by differingFields,
// carried by the wire, and (settings) refused outside its range by the TOML loader and by the
// wire with the same bounds.
#include <cmath>
#include <sstream>
#include <string>
#include <type_traits>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/physics_config_loader.h"
#include "scenario/ascii_level.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"
#include "support/refusal.h"
#include "support/temp_file.h"
#include "wire/wire_archive.h"
#include "wire/wire_types.h"

namespace coyote {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

/// Changes a value of any field type to another value of the same type.
template <class T>
void perturb(T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    value = !value;
  } else if constexpr (std::is_same_v<T, Vec2>) {
    value.y += 0.25f;
  } else if constexpr (std::is_floating_point_v<T>) {
    value += 0.25f;
  } else {
    value = static_cast<T>(value + 1);
  }
}

template <class T>
std::string diffName(const std::string& name) {
  return std::is_same_v<T, Vec2> ? name + ".y" : name;
}

template <class Value>
Value wireRoundTrip(const Value& value) {
  std::stringstream stream(std::ios::in | std::ios::out | std::ios::binary);
  {
    net::WireOutputArchive out(stream);
    out(value);
  }
  Value back;
  net::WireInputArchive in(stream);
  in(back);
  return back;
}

/// Calls `check(changed, fieldName)` once per Character field, with that field alone changed in
/// slot 1 of a two-player world.
template <class Check>
void forEachChangedCharacterField(const WorldState& base, Check&& check) {
  int count = 0;
  Character::forEachField(base.characters[1], [&](const FieldInfo&, const auto&) { ++count; });
  for (int target = 0; target < count; ++target) {
    WorldState changed = base;
    int index = 0;
    Character::forEachField(changed.characters[1], [&](const FieldInfo& info, auto& value) {
      if (index++ == target) {
        perturb(value);
        check(changed,
              "characters[1]." + diffName<std::remove_cvref_t<decltype(value)>>(info.name));
      }
    });
  }
}

WorldState twoPlayerWorld() {
  const Level level = levelFromAscii(
      "#.S.S.#\n"
      "#######\n");
  return makeWorld(2, level, PhysicsConfig{});
}

const PhysicsConfig kDefaults{};

TEST(FieldList, EveryCharacterFieldChangesTheHashAndIsNamedByTheDiff) {
  const WorldState base = twoPlayerWorld();
  const std::uint64_t reference = hashState(base);
  int fields = 0;
  forEachChangedCharacterField(base, [&](const WorldState& changed, const std::string& name) {
    ++fields;
    EXPECT_NE(hashState(changed), reference) << name;
    EXPECT_THAT(differingFields(base, changed), ::testing::ElementsAre(name));
  });
  EXPECT_EQ(fields, 25);
}

TEST(FieldList, ActiveFlagAndTickAreStateToo) {
  const WorldState base = twoPlayerWorld();
  WorldState changed = base;
  changed.characters[1].active = false;
  EXPECT_NE(hashState(changed), hashState(base));
  EXPECT_THAT(differingFields(base, changed), Contains("characters[1].active"));
  changed = base;
  changed.tick += 1;
  EXPECT_NE(hashState(changed), hashState(base));
  EXPECT_THAT(differingFields(base, changed), ::testing::ElementsAre("tick"));
  changed = base;
  changed.characters[200].position.x = 3.0f;  // an inactive slot is not part of the state
  EXPECT_EQ(hashState(changed), hashState(base));
}

TEST(FieldList, EveryCharacterFieldSurvivesTheWire) {
  forEachChangedCharacterField(twoPlayerWorld(),
                               [](const WorldState& changed, const std::string& name) {
                                 const WorldState back = wireRoundTrip(changed);
                                 EXPECT_TRUE(differingFields(changed, back).empty()) << name;
                                 EXPECT_EQ(hashState(back), hashState(changed)) << name;
                               });
}

/// A value just outside [min, max]: the next representable one beyond the bound.
template <class T>
T justBeyond(T bound, int direction) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::nextafter(bound, direction > 0 ? INFINITY : -INFINITY);
  } else {
    return static_cast<T>(bound + direction);
  }
}

std::string tomlRefusal(const char* section, const char* key, const std::string& value) {
  test::TempDirectory directory;
  return test::refusalOf([&] {
    loadPhysicsConfig(
        directory.write("physics.toml", fmt::format("[{}]\n{} = {}\n", section, key, value)));
  });
}

template <class T>
PhysicsConfig loadedWith(const SettingInfo<T>& setting, T value) {
  test::TempDirectory directory;
  return loadPhysicsConfig(directory.write(
      "physics.toml", fmt::format("[{}]\n{} = {}\n", setting.section, setting.key, value)));
}

/// Sets the setting called `name` (of type T) to `value`.
template <class T>
void setSetting(PhysicsConfig& config, std::string_view name, T value) {
  PhysicsConfig::forEachField(config, [&](const auto& info, auto& field) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(field)>, T>) {
      if (name == info.name) {
        field = value;
      }
    }
  });
}

std::string wireBytes(const PhysicsConfig& config) {
  std::stringstream stream;
  net::WireOutputArchive out(stream);
  out(config);
  return stream.str();
}

TEST(FieldList, EverySettingAcceptsBothEndsOfItsRangeFromTomlAndWire) {
  PhysicsConfig::forEachField(kDefaults, [](const auto& setting, const auto&) {
    for (const auto bound : {setting.min, setting.max}) {
      PhysicsConfig expected;
      setSetting(expected, setting.name, bound);
      const PhysicsConfig loaded = loadedWith(setting, bound);
      EXPECT_EQ(wireBytes(loaded), wireBytes(expected)) << setting.key << " = " << bound;
      EXPECT_EQ(wireBytes(wireRoundTrip(loaded)), wireBytes(expected)) << setting.key;
    }
  });
}

/// The wire bytes of a config with one setting forced to `value`, bypassing the sender's check.
template <class T>
std::string configBytesWith(const char* name, T value) {
  std::stringstream stream;
  net::WireOutputArchive out(stream);
  PhysicsConfig::forEachField(kDefaults, [&](const auto& info, const auto& field) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(field)>, T>) {
      out(std::string_view(info.name) == name ? value : field);
    } else {
      out(field);
    }
  });
  return stream.str();
}

TEST(FieldList, EverySettingIsRefusedJustOutsideItsRangeFromTomlAndWire) {
  int settings = 0;
  PhysicsConfig::forEachField(kDefaults, [&](const auto& setting, const auto& value) {
    ++settings;
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, bool>) {
      return;  // a switch has no outside; SwitchSettingsAreBooleansOnly covers it
    }
    for (const auto& [bound, direction] : {std::pair{setting.min, -1}, {setting.max, +1}}) {
      const auto outside = justBeyond(bound, direction);
      const std::string shown = fmt::format("{}", outside);
      EXPECT_THAT(tomlRefusal(setting.section, setting.key, shown),
                  HasSubstr(fmt::format("{}.{}: must be in", setting.section, setting.key)));

      PhysicsConfig sent;
      setSetting(sent, setting.name, outside);
      std::stringstream ignored;
      net::WireOutputArchive out(ignored);
      EXPECT_THROW(out(sent), WireError) << setting.name;

      std::stringstream forged(configBytesWith(setting.name, outside));
      PhysicsConfig received;
      try {
        net::WireInputArchive in(forged);
        in(received);
        ADD_FAILURE() << setting.name << " = " << shown << " was accepted from the wire";
      } catch (const WireError& error) {
        EXPECT_THAT(error.what(), HasSubstr(setting.name));
      }
    }
  });
  EXPECT_EQ(settings, 47);
}

TEST(FieldList, SwitchSettingsAreBooleansOnly) {
  EXPECT_THAT(tomlRefusal("physics", "players_collide", "1"),
              AllOf(HasSubstr("physics.players_collide"), HasSubstr("expected a boolean")));
  EXPECT_TRUE(
      loadedWith(
          SettingInfo<bool>{{"playersCollide", "", ""}, "physics", "players_collide", false, true},
          true)
          .playersCollide);
  // On the wire a switch is one byte, 0 or 1: another byte is refused, naming it.
  const std::string valid = configBytesWith("playersCollide", true);
  const std::string zero = configBytesWith("playersCollide", false);
  std::size_t at = 0;
  while (at < valid.size() && valid[at] == zero[at]) {
    ++at;
  }
  ASSERT_LT(at, valid.size());
  std::string forged = valid;
  forged[at] = 2;
  std::stringstream stream(forged);
  PhysicsConfig received;
  net::WireInputArchive in(stream);
  EXPECT_THROW(
      {
        try {
          in(received);
        } catch (const WireError& error) {
          EXPECT_THAT(error.what(), HasSubstr("playersCollide"));
          throw;
        }
      },
      WireError);
}

std::string stateBytes(const WorldState& state) {
  std::stringstream stream;
  net::WireOutputArchive out(stream);
  out(state);
  return stream.str();
}

/// The wire bytes of `base` with one bool field of slot 1 forced to the byte 101.
template <class Bool>
std::string bytesWithBoolForced(const WorldState& base, const Bool& field) {
  WorldState flipped = base;
  const auto offset = reinterpret_cast<const char*>(&field) - reinterpret_cast<const char*>(&base);
  bool& target = *reinterpret_cast<bool*>(reinterpret_cast<char*>(&flipped) + offset);
  target = !target;
  const std::string original = stateBytes(base);
  std::string bytes = stateBytes(flipped);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] != original[i]) {
      bytes[i] = 101;
    }
  }
  return bytes;
}

TEST(FieldList, EveryBoolFieldRefusesAByteOtherThanZeroOrOne) {
  // Found by the client_messages fuzzer: byte 101 became a bool that is neither true nor false.
  const WorldState base = twoPlayerWorld();
  int bools = 0;
  Character::forEachField(base.characters[1], [&](const FieldInfo& info, const auto& field) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(field)>, bool>) {
      ++bools;
      std::stringstream stream(bytesWithBoolForced(base, field));
      net::WireInputArchive in(stream);
      WorldState received;
      try {
        in(received);
        ADD_FAILURE() << info.name << " = 101 was accepted";
      } catch (const WireError& error) {
        EXPECT_THAT(error.what(), HasSubstr(std::string(info.name) + " is not a boolean"));
      }
    }
  });
  EXPECT_EQ(bools, 3);  // grounded, onSlope, dashAvailable
}

TEST(FieldList, EveryVectorFieldRefusesNonFiniteOrHugeValues) {
  // Found by the client_messages fuzzer: a position of 5.6e13 reached a float-to-int conversion.
  const WorldState base = twoPlayerWorld();
  int vectors = 0;
  Character::forEachField(base.characters[1], [&](const FieldInfo& info, const auto& field) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(field)>, Vec2>) {
      ++vectors;
      for (const float bad : {NAN, INFINITY, 5.6e13f, -2.0e6f}) {
        WorldState sent = base;
        const auto offset = reinterpret_cast<const char*>(&field) -
                            reinterpret_cast<const char*>(&base.characters[1]);
        reinterpret_cast<Vec2*>(reinterpret_cast<char*>(&sent.characters[1]) + offset)->x = bad;
        std::stringstream ignored;
        net::WireOutputArchive out(ignored);
        EXPECT_THROW(out(sent), WireError) << info.name << " = " << bad;
      }
    }
  });
  EXPECT_EQ(vectors, 4);  // position, velocity, spawn, dashDirection
}

}  // namespace
}  // namespace coyote
