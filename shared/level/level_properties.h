#pragma once

#include <span>
#include <string_view>

#include "level/json_node.h"

namespace coyote {

/// A custom property's type as Tiled declares it (`"type"` beside its value).
enum class PropertyType { Float, Int, Bool, String, Object };

/// One property a level may set (docs/levels.md): its name, type, unit and allowed range, and
/// where it may appear. The loaders read numbers through it (numberProperty), Tiled's declared
/// type is checked against it (a `mass` of type string is refused), and docs/levels.md has a row
/// for each with the same type, unit and range (tests/docs/docs_coverage_test.cpp).
struct PropertySpec {
  std::string_view name;
  PropertyType type;
  std::string_view unit;  ///< "" for none
  double min = 0.0;       ///< Float and Int: the allowed range; ignored otherwise
  double max = 0.0;
  std::string_view owners;  ///< where it may appear: object classes, `map` or `tile`
  /// Its value when a level does not set it, as docs/levels.md's default column begins: a
  /// number (also what numberProperty returns for it), or words for the rest (`false`, a name,
  /// "no limit", one that depends on the object: "as far apart as the level places them").
  double fallback = 0.0;
  std::string_view fallbackInWords;
  /// The range is the object's own (a rail's `motorTarget` lies within its limits): the row
  /// states it in words, and the reader checks it.
  bool rangeInWords = false;
};

/// Every property, in docs/levels.md's order.
std::span<const PropertySpec> levelProperties();

/// The property named `name` (`group.NAME` is the map's `group.` declaration), or nullptr.
const PropertySpec* findPropertySpec(std::string_view name);

/// "float", "int", "bool", "string" or "object": how Tiled and docs/levels.md name it.
std::string_view propertyTypeName(PropertyType type);

/// How docs/levels.md shows its type column: "float, tiles/s, 0.01–60", "bool", …
std::string documentedType(const PropertySpec& spec);

/// How docs/levels.md's default column begins: "2", "−1", "false", "no limit", …
std::string documentedDefault(const PropertySpec& spec);

}  // namespace coyote
