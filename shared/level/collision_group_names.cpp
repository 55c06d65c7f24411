#include "level/collision_group_names.h"

#include <algorithm>
#include <utility>

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

/// The map's `group.<name>` properties (their names and indexes), sorted by name.
std::vector<std::pair<std::string, std::size_t>> declarations(const Node& map) {
  std::vector<std::pair<std::string, std::size_t>> found;
  if (!map.has("properties")) {
    return found;
  }
  const Node properties = map.child("properties");
  for (std::size_t i = 0; i < properties.array().size(); ++i) {
    const std::string name = properties.at(i).child("name").string();
    if (name.starts_with(kDeclarationPrefix)) {
      notePropertyRead(map, name);
      found.emplace_back(name.substr(kDeclarationPrefix.size()), i);
    }
  }
  std::sort(found.begin(), found.end());
  return found;
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

CollisionGroupNames CollisionGroupNames::read(const Node& map) {
  CollisionGroupNames names;
  const auto declared = declarations(map);
  if (declared.size() > static_cast<std::size_t>(kMaxNamedGroups)) {
    map.child("properties").fail(fmt::format("more than {} collision groups", kMaxNamedGroups));
  }
  for (std::size_t i = 0; i < declared.size(); ++i) {
    const std::string& name = declared[i].first;
    if (!validName(name) || names.find(name) != nullptr) {
      map.child("properties")
          .at(declared[i].second)
          .child("name")
          .fail(
              "a group is named with a-z, 0-9, _ and - (at most 32), and not world, player, crate, "
              "platform or sensor");
    }
    const GroupMask bit = GroupMask{1} << (kFirstNamedGroupBit + static_cast<int>(i));
    names.groups_.push_back({name, bit, defaultCollidesWith(kGroupCrate)});
  }
  // Defaults once every name is known: a group may list one declared after it.
  for (std::size_t i = 0; i < declared.size(); ++i) {
    const Node value = map.child("properties").at(declared[i].second).child("value");
    if (!trimmed(value.string()).empty()) {
      names.groups_[kBuiltinGroupCount + i].collidesWith = names.maskOf(value);
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
