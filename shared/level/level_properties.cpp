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

constexpr std::array kProperties = {
    PropertySpec{"jumpsRemaining", T::Int, "", -1.0, 1000000.0, "map"},
    PropertySpec{"dashesRemaining", T::Int, "", -1.0, 1000000.0, "map"},
    PropertySpec{"group.NAME", T::String, "", 0.0, 0.0, "map"},
    PropertySpec{"material", T::String, "", 0.0, 0.0, "tile crate"},
    PropertySpec{"path", T::Object, "", 0.0, 0.0, "platform"},
    PropertySpec{"pathX", T::Float, "tiles", -kMaxPathOffset, kMaxPathOffset, "platform"},
    PropertySpec{"pathY", T::Float, "tiles", -kMaxPathOffset, kMaxPathOffset, "platform"},
    PropertySpec{"speed", T::Float, "tiles/s", 0.01, kMaxPlatformSpeed, "platform"},
    PropertySpec{"mode", T::String, "", 0.0, 0.0, "platform"},
    PropertySpec{"wait", T::Float, "s", 0.0, kMaxPlatformWait, "platform"},
    PropertySpec{"oneway", T::Bool, "", 0.0, 0.0, "platform"},
    PropertySpec{"group", T::String, "", 0.0, 0.0, "platform crate"},
    PropertySpec{"collides_with", T::String, "", 0.0, 0.0, "platform crate"},
    PropertySpec{"width", T::Float, "tiles", kMinBodySide, kMaxBodySide, "crate"},
    PropertySpec{"height", T::Float, "tiles", kMinBodySide, kMaxBodySide, "crate"},
    PropertySpec{"mass", T::Float, "", kMinBodyMass, kMaxBodyMass, "crate"},
    PropertySpec{"body", T::Object, "", 0.0, 0.0, "rope spring rail weld"},
    PropertySpec{"to", T::Object, "", 0.0, 0.0, "rope spring rail weld"},
    PropertySpec{"length", T::Float, "tiles", kMinJointLength, kMaxJointLength, "rope spring"},
    PropertySpec{"stiffness", T::Float, "", 0.0, kMaxJointStiffness, "spring rail"},
    PropertySpec{"damping", T::Float, "", 0.0, kMaxJointStiffness, "spring rail"},
    PropertySpec{"axisX", T::Float, "", -kMaxAxis, kMaxAxis, "rail"},
    PropertySpec{"axisY", T::Float, "", -kMaxAxis, kMaxAxis, "rail"},
    PropertySpec{"lower", T::Float, "tiles", -kMaxRailTravel, kMaxRailTravel, "rail"},
    PropertySpec{"upper", T::Float, "tiles", -kMaxRailTravel, kMaxRailTravel, "rail"},
    PropertySpec{"motorSpeed", T::Float, "tiles/s", -kMaxPlatformSpeed, kMaxPlatformSpeed, "rail"},
    PropertySpec{"reverse", T::Bool, "", 0.0, 0.0, "rail"},
    PropertySpec{"motorTarget", T::Float, "tiles", 0.0, 0.0, "rail", true},
    PropertySpec{"maxForce", T::Float, "mass·tiles/s²", 0.0, kMaxJointForce, "rail"},
    PropertySpec{"breakForce", T::Float, "mass·tiles/s²", 0.0, kMaxJointForce,
                 "rope spring rail weld"},
    PropertySpec{"collide", T::Bool, "", 0.0, 0.0, "rope spring rail weld"},
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
