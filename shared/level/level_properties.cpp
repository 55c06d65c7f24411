#include "level/level_properties.h"

#include <array>
#include <cmath>

#include "level/property_audit.h"
#include "sim/state/level_bodies.h"

namespace coyote {
namespace {

using T = PropertyType;
constexpr double kMaxPathOffset = 4096.0;  ///< tiles: a straight platform path's reach
constexpr double kMaxAxis = 1000.0;

// A number with its range and default (a float unless said), and a property whose default is in
// words (a bool, a string, an object, a number that depends on the object).
constexpr PropertySpec number(std::string_view name, std::string_view unit, double min, double max,
                              std::string_view owners, double fallback = 0.0,
                              PropertyType type = T::Float) {
  return {name, type, unit, min, max, owners, fallback, "", false};
}
constexpr PropertySpec worded(std::string_view name, PropertyType type, std::string_view owners,
                              std::string_view fallback) {
  return {name, type, "", 0.0, 0.0, owners, 0.0, fallback, false};
}
constexpr PropertySpec wordedNumber(std::string_view name, std::string_view unit, double min,
                                    double max, std::string_view owners, double fallback,
                                    std::string_view words) {
  return {name, T::Float, unit, min, max, owners, fallback, words, false};
}

constexpr std::string_view kJoints = "rope spring rail weld";

constexpr std::array kProperties = {
    number("jumpsRemaining", "", -1.0, 1000000.0, "map", -1.0, T::Int),
    number("dashesRemaining", "", -1.0, 1000000.0, "map", -1.0, T::Int),
    number("laps", "", 1.0, kMaxLaps, "map", 1.0, T::Int),
    worded("race_name", T::String, "map", "the level's file name"),
    worded("group.NAME", T::String, "map", ""),
    worded("material", T::String, "tile crate", "`default`"),
    worded("path", T::Object, "platform", ""),
    number("pathX", "tiles", -kMaxPathOffset, kMaxPathOffset, "platform"),
    number("pathY", "tiles", -kMaxPathOffset, kMaxPathOffset, "platform"),
    number("speed", "tiles/s", 0.01, kMaxPlatformSpeed, "platform", 2.0),
    worded("mode", T::String, "platform", "`pingpong`"),
    number("wait", "s", 0.0, kMaxPlatformWait, "platform"),
    worded("oneway", T::Bool, "platform", "false"),
    worded("group", T::String, "platform crate", "`"),  // the object's class: `crate`
    worded("collides_with", T::String, "platform crate", "`"),
    number("width", "tiles", kMinBodySide, kMaxBodySide, "crate", 1.0),
    number("height", "tiles", kMinBodySide, kMaxBodySide, "crate", 1.0),
    number("mass", "", kMinBodyMass, kMaxBodyMass, "crate", 1.0),
    PropertySpec{"order", T::Int, "", 1.0, 64.0, "checkpoint", 0.0, "none", false},
    worded("body", T::Object, kJoints, "(required)"),
    worded("to", T::Object, kJoints, "the world"),
    wordedNumber("length", "tiles", kMinJointLength, kMaxJointLength, "rope spring", 0.0,
                 "as far apart as the level places them"),
    wordedNumber("stiffness", "", 0.0, kMaxJointStiffness, "spring rail", 0.0, "spring: 40"),
    number("damping", "", 0.0, kMaxJointStiffness, "spring rail"),
    number("axisX", "", -kMaxAxis, kMaxAxis, "rail", 1.0),
    number("axisY", "", -kMaxAxis, kMaxAxis, "rail"),
    wordedNumber("lower", "tiles", -kMaxRailTravel, kMaxRailTravel, "rail", -kMaxRailTravel,
                 "no limit"),
    wordedNumber("upper", "tiles", -kMaxRailTravel, kMaxRailTravel, "rail", kMaxRailTravel,
                 "no limit"),
    number("motorSpeed", "tiles/s", -kMaxPlatformSpeed, kMaxPlatformSpeed, "rail"),
    worded("reverse", T::Bool, "rail", "false"),
    PropertySpec{"motorTarget", T::Float, "tiles", 0.0, 0.0, "rail", 0.0, "none", true},
    number("maxForce", "mass·tiles/s²", 0.0, kMaxJointForce, "rail"),
    number("breakForce", "mass·tiles/s²", 0.0, kMaxJointForce, kJoints),
    worded("collide", T::Bool, kJoints, "false"),
};

// 1,000 and −4,096 as docs/levels.md writes them; a float's 10⁶ and 10⁷ as powers.
std::string documentedNumber(double value, bool whole) {
  const char* minus = value < 0.0 ? "−" : "";
  const double magnitude = std::fabs(value);
  if (!whole && magnitude == 1.0e6) {
    return fmt::format("{}10⁶", minus);
  }
  if (!whole && magnitude == 1.0e7) {
    return fmt::format("{}10⁷", minus);
  }
  if (magnitude != std::floor(magnitude)) {
    // 0.05 as the float the loader compares with prints it: never thousands.
    return fmt::format("{}{}", minus, static_cast<float>(magnitude));
  }
  const std::string digits = fmt::format("{}", static_cast<long long>(magnitude));
  std::string text(minus);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const std::size_t left = digits.size() - i;  // digits from here to the end
    if (i > 0 && left % 3 == 0) {
      text += ',';
    }
    text += digits[i];
  }
  return text;
}

}  // namespace

std::span<const PropertySpec> levelProperties() {
  return kProperties;
}

const PropertySpec* findPropertySpec(std::string_view name) {
  if (name.starts_with("group.")) {
    name = "group.NAME";
  }
  for (const PropertySpec& spec : kProperties) {
    if (spec.name == name) {
      return &spec;
    }
  }
  return nullptr;
}

std::string_view propertyTypeName(PropertyType type) {
  constexpr std::array<std::string_view, 5> kNames = {"float", "int", "bool", "string", "object"};
  return kNames[static_cast<std::size_t>(type)];
}

std::string documentedType(const PropertySpec& spec) {
  std::string text(propertyTypeName(spec.type));
  if (!spec.unit.empty()) {
    text += fmt::format(", {}", spec.unit);
  }
  if ((spec.type == PropertyType::Float || spec.type == PropertyType::Int) && !spec.rangeInWords) {
    const bool whole = spec.type == PropertyType::Int;
    text += fmt::format(", {}–{}", documentedNumber(spec.min, whole),
                        documentedNumber(spec.max, whole));
  }
  return text;
}

std::string documentedDefault(const PropertySpec& spec) {
  if (!spec.fallbackInWords.empty() ||
      (spec.type != PropertyType::Float && spec.type != PropertyType::Int)) {
    return std::string(spec.fallbackInWords);
  }
  return documentedNumber(spec.fallback, spec.type == PropertyType::Int);
}

void checkPropertyType(const Node& entry, std::string_view name) {
  const PropertySpec* spec = findPropertySpec(name);
  if (spec == nullptr || !entry.has("type")) {
    return;  // an unknown name is the audit's to refuse; Tiled always writes the type
  }
  const Node declared = entry.child("type");
  const std::string type = declared.string();
  // A whole number is a number: an `int` property serves where a float is read.
  const bool fits =
      type == propertyTypeName(spec->type) || (spec->type == PropertyType::Float && type == "int");
  if (!fits) {
    const std::string_view expected = propertyTypeName(spec->type);
    declared.fail(fmt::format("`{}` is {} {} property, not {}", name,
                              expected.starts_with('i') || expected.starts_with('o') ? "an" : "a",
                              expected, shortenedForMessage(type)));
  }
}

}  // namespace coyote
