#include "level/group_files.h"

#include <algorithm>
#include <system_error>

#include "io/bounded_file.h"
#include "io/utf8_path.h"
#include "level/property_audit.h"
#include "sim/state/collision_groups.h"

namespace coyote {
namespace {

GroupFile readGroupFile(const std::filesystem::path& file) {
  GroupFile group{utf8String(file.stem()), utf8String(file), {}};
  try {
    group.document = Json::parse(readBoundedFile(group.path, kMaxGroupFileBytes));
  } catch (const Json::exception& error) {
    throw ConfigError(fmt::format("{}: not JSON: {}", group.path, error.what()));
  }
  const Node root{group.document, "$", group.path};
  if (!group.document.is_object()) {
    root.fail("expected an object such as {\"collides_with\": \"world, player\"}");
  }
  for (const auto& [key, value] : group.document.items()) {
    if (key != "collides_with") {
      const std::string nearest = closestName(key, {"collides_with"});
      root.fail(fmt::format("unknown key `{}`{}", shortenedForMessage(key),
                            nearest.empty() ? "" : "; did you mean `collides_with`?"));
    }
  }
  return group;
}

}  // namespace

std::vector<GroupFile> readGroupFiles(const std::filesystem::path& levelDirectory) {
  std::vector<GroupFile> groups;
  if (levelDirectory.empty()) {
    return groups;
  }
  const std::filesystem::path folder = levelDirectory / "groups";
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) {
    return groups;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".json") {
      files.push_back(entry.path());
      if (files.size() > static_cast<std::size_t>(kMaxNamedGroups)) {
        throw ConfigError(
            fmt::format("{}: more than {} group files", utf8String(folder), kMaxNamedGroups));
      }
    }
  }
  if (error) {
    throw ConfigError(fmt::format("{}: cannot list: {}", utf8String(folder), error.message()));
  }
  std::sort(files.begin(), files.end());
  for (const std::filesystem::path& file : files) {
    groups.push_back(readGroupFile(file));
  }
  return groups;
}

}  // namespace coyote
