#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "level/json_node.h"

namespace coyote {

/// Level authors' typos are refused, not ignored. While one lives, every custom property the
/// level loader of this thread reads (findProperty) is noted against the object, tile, layer or
/// map it belongs to; `check` then walks a document and refuses the first property that nothing
/// read: a typo (`motorSpeeed` on a rail: "did you mean `motorSpeed`?") or one that means nothing
/// for its kind (`axisX` on a rope), with the JSON path of the property itself. What a property
/// is (type, unit, range) is declared once in level_properties.h, which docs/levels.md mirrors
/// (tests/docs/docs_coverage_test.cpp); what the loader reads for each class is where it means
/// something.
class PropertyAudit {
 public:
  PropertyAudit();
  ~PropertyAudit();
  PropertyAudit(const PropertyAudit&) = delete;
  PropertyAudit& operator=(const PropertyAudit&) = delete;

  /// Notes that the loader read (or looked for) property `name` of `owner`.
  static void noteRead(const Node& owner, std::string_view name);

  /// Throws a ConfigError naming the first property of `root`'s document (the map or a tileset
  /// file, its layers, objects, tilesets and tiles) that was not read.
  void check(const Node& root) const;

 private:
  void checkOwner(const Node& owner) const;

  std::map<std::string, std::set<std::string, std::less<>>, std::less<>> read_;
  PropertyAudit* outer_;
};

/// The name of `candidates` closest to `name` (by edits: insert, delete, replace, swap two
/// neighbours; case ignored), if it is close enough to be a typo of it; else empty. A name longer
/// than kLongestComparedName is nobody's typo and is not compared (a hostile file's megabyte
/// name costs nothing).
std::string closestName(std::string_view name, const std::vector<std::string>& candidates);
inline constexpr std::size_t kLongestComparedName = 64;

/// `text` as an error message quotes it: at most kLongestComparedName characters, then "…".
std::string shortenedForMessage(std::string_view text);

}  // namespace coyote
