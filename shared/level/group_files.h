#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "level/json_node.h"

namespace coyote {

/// A collision group declared in a file of its own: `groups/NAME.json` in a level's folder, so
/// the levels of a folder share their groups (docs/levels.md#collision-groups). The file is a JSON
/// object with at most `collides_with` (a list as a map's `group.NAME` value; absent or empty:
/// everything but sensors).
struct GroupFile {
  std::string name;  ///< NAME, from the file's name
  std::string path;  ///< as error messages name it
  Json document;
};

/// The `*.json` files of `levelDirectory`/groups, sorted by name (none without the folder, or
/// for an empty `levelDirectory`). Each is read within a small bound and must be an object
/// whose only key is `collides_with`; more than kMaxNamedGroups files are refused.
std::vector<GroupFile> readGroupFiles(const std::filesystem::path& levelDirectory);

/// The largest group file read (bytes): a list of 24 names fits many times over.
inline constexpr std::uintmax_t kMaxGroupFileBytes = 4096;

}  // namespace coyote
