#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "level/group_files.h"
#include "level/json_node.h"
#include "sim/state/collision_groups.h"

namespace coyote {

/// The collision groups a level may name (docs/levels.md#collision-groups): the built-in `world`,
/// `player`, `crate`, `platform` and `sensor`, and up to kMaxNamedGroups the map declares as custom
/// properties `group.<name>` whose value is the group's default `collides_with` (a list as below;
/// empty: every group but sensors), or files `groups/<name>.json` beside the level declare.
/// Declared groups take bits 8 and up in the order of their names, so a level's masks never depend
/// on the order its properties are stored in.
class CollisionGroupNames {
 public:
  /// Only the built-in groups.
  CollisionGroupNames();
  /// The built-in groups, those `map` declares and those of `files` (groups/NAME.json beside the
  /// level); a ConfigError names the JSON path of a bad declaration (a built-in name, a name with
  /// other than a-z, 0-9, _ and -, one declared twice, more than 24, a list naming an unknown
  /// group).
  static CollisionGroupNames read(const Node& map, const std::vector<GroupFile>& files = {});

  /// An object's filter from its `group` and `collides_with` properties: `fallback` without
  /// them; a `group` without `collides_with` takes that group's default. A name that is no group
  /// is refused with its JSON path.
  CollisionFilter filterOf(const Node& object, CollisionFilter fallback) const;

  /// `collides_with` as a mask: group names separated by commas, `all`, or `none`.
  GroupMask maskOf(const Node& list) const;

 private:
  struct Group {
    std::string name;
    GroupMask bit = 0;
    GroupMask collidesWith = 0;
  };
  const Group* find(std::string_view name) const;

  std::vector<Group> groups_;
};

}  // namespace coyote
