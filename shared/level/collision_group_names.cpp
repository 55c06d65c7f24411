#include "level/collision_group_names.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "level/property_audit.h"

namespace coyote {
namespace {

constexpr std::string_view kDeclarationPrefix = "group.";

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') {
    text.remove_prefix(1);
  }
  while (!text.empty() && text.back() == ' ') {
    text.remove_suffix(1);
  }
  return text;
}

bool validName(std::string_view name) {
  return !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

/// A group declared by the map's `group.<name>` property or by a file `groups/<name>.json`.
struct Declaration {
  std::string name;
  Node where;                    ///< what an error about it names
  std::optional<Node> defaults;  ///< its default collides_with, when it gives one
};

/// The map's declarations, then the files', sorted by name (indexes: a Node cannot be assigned).
std::vector<Declaration> declarations(const Node& map, const std::vector<GroupFile>& files) {
  std::vector<Declaration> found;
  if (map.has("properties")) {
    const Node properties = map.child("properties");
    for (std::size_t i = 0; i < properties.array().size(); ++i) {
      const Node entry = properties.at(i);
      const std::string name = entry.child("name").string();
      if (name.starts_with(kDeclarationPrefix)) {
        notePropertyRead(map, name);
        checkPropertyType(entry, name);
        found.push_back(
            {name.substr(kDeclarationPrefix.size()), entry.child("name"), entry.child("value")});
      }
    }
  }
  for (const GroupFile& file : files) {
    const Node root{file.document, "$", file.path};
    found.push_back(
        {file.name, root,
         root.has("collides_with") ? std::optional(root.child("collides_with")) : std::nullopt});
  }
  std::vector<std::size_t> order(found.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
  }
  // By name, then by where it was declared (std::sort: stable_sort's temporary buffer trips
  // clang's AddressSanitizer with libstdc++ 12).
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return found[a].name != found[b].name ? found[a].name < found[b].name : a < b;
  });
  std::vector<Declaration> sorted;
  for (const std::size_t i : order) {
    sorted.push_back(found[i]);
  }
  return sorted;
}

}  // namespace

CollisionGroupNames::CollisionGroupNames() {
  const std::pair<const char*, GroupMask> builtins[] = {{"world", kGroupWorld},
                                                        {"player", kGroupPlayer},
                                                        {"crate", kGroupCrate},
                                                        {"platform", kGroupPlatform},
                                                        {"sensor", kGroupSensor}};
  for (const auto& [name, bit] : builtins) {
    groups_.push_back({name, bit, defaultCollidesWith(bit)});
  }
}

CollisionGroupNames CollisionGroupNames::read(const Node& map,
                                              const std::vector<GroupFile>& files) {
  CollisionGroupNames names;
  const std::vector<Declaration> declared = declarations(map, files);
  if (declared.size() > static_cast<std::size_t>(kMaxNamedGroups)) {
    (map.has("properties") ? map.child("properties") : map)
        .fail(fmt::format("more than {} collision groups (the map's and groups/*.json together)",
                          kMaxNamedGroups));
  }
  for (std::size_t i = 0; i < declared.size(); ++i) {
    const std::string& name = declared[i].name;
    if (!validName(name) || names.find(name) != nullptr) {
      declared[i].where.fail(fmt::format(
          "group `{}`: a group is named with a-z, 0-9, _ and - (at most 32), not world, player, "
          "crate, platform or sensor, and declared once (by the map or by groups/NAME.json)",
          shortenedForMessage(name)));
    }
    const GroupMask bit = GroupMask{1} << (kFirstNamedGroupBit + static_cast<int>(i));
    names.groups_.push_back({name, bit, defaultCollidesWith(kGroupCrate)});
  }
  // Defaults once every name is known: a group may list one declared after it.
  for (std::size_t i = 0; i < declared.size(); ++i) {
    const std::optional<Node>& defaults = declared[i].defaults;
    if (defaults && !trimmed(defaults->string()).empty()) {
      names.groups_[kBuiltinGroupCount + i].collidesWith = names.maskOf(*defaults);
    }
  }
  return names;
}

const CollisionGroupNames::Group* CollisionGroupNames::find(std::string_view name) const {
  for (const Group& group : groups_) {
    if (group.name == name) {
      return &group;
    }
  }
  return nullptr;
}

GroupMask CollisionGroupNames::maskOf(const Node& list) const {
  const std::string text = list.string();
  GroupMask mask = 0;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view name = trimmed(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (name == "all") {
      mask = kAllGroups;
    } else if (name != "none") {
      const Group* group = find(name);
      if (group == nullptr) {
        list.fail(fmt::format("unknown collision group \"{}\"", name));
      }
      mask |= group->bit;
    }
  }
  return mask;
}

CollisionFilter CollisionGroupNames::filterOf(const Node& object, CollisionFilter fallback) const {
  CollisionFilter filter = fallback;
  if (const std::optional<Node> name = findProperty(object, "group")) {
    const Group* group = find(trimmed(name->string()));
    if (group == nullptr) {
      name->fail(fmt::format("unknown collision group \"{}\"", name->string()));
    }
    filter = {group->bit, group->collidesWith};
  }
  if (const std::optional<Node> list = findProperty(object, "collides_with")) {
    filter.collidesWith = maskOf(*list);
  }
  return filter;
}

}  // namespace coyote
