#pragma once

#include <cstdint>

namespace coyote {

/// Collision groups as bit masks (docs/simulation.md#collision-groups): a body is a member of one
/// group and lists the groups it collides with; two bodies interact only if each is a member of a
/// group the other collides with. Bits 0-4 are the built-in groups; a level may name up to
/// kMaxNamedGroups more, which take bits 8-31 in the order of their names.
using GroupMask = std::uint32_t;

inline constexpr GroupMask kGroupWorld = 1u << 0;  ///< the tiles: they filter nothing
inline constexpr GroupMask kGroupPlayer = 1u << 1;
inline constexpr GroupMask kGroupCrate = 1u << 2;
inline constexpr GroupMask kGroupPlatform = 1u << 3;
inline constexpr GroupMask kGroupSensor = 1u << 4;  ///< passed through by default
inline constexpr int kBuiltinGroupCount = 5;
inline constexpr int kFirstNamedGroupBit = 8;
inline constexpr int kMaxNamedGroups = 24;
inline constexpr GroupMask kAllGroups = ~GroupMask{0};

/// A body's membership and what it collides with.
struct CollisionFilter {
  GroupMask group = kGroupWorld;
  GroupMask collidesWith = kAllGroups;

  constexpr bool interactsWith(const CollisionFilter& other) const {
    return (group & other.collidesWith) != 0 && (other.group & collidesWith) != 0;
  }
  /// The tiles are members of `world` and collide with everything.
  constexpr bool hitsTiles() const { return (collidesWith & kGroupWorld) != 0; }
  friend constexpr bool operator==(const CollisionFilter&, const CollisionFilter&) = default;
};

/// What a built-in group collides with when a body names it without `collides_with`: everything
/// but sensors; players not each other (unless `physics.players_collide`); a sensor only the
/// tiles (it rests on the ground and everything passes through it).
constexpr GroupMask defaultCollidesWith(GroupMask group) {
  if (group == kGroupSensor) {
    return kGroupWorld;
  }
  if (group == kGroupPlayer) {
    return kAllGroups & ~kGroupSensor & ~kGroupPlayer;
  }
  return kAllGroups & ~kGroupSensor;
}

inline constexpr CollisionFilter kTileFilter{kGroupWorld, kAllGroups};
inline constexpr CollisionFilter kDefaultCrateFilter{kGroupCrate, defaultCollidesWith(kGroupCrate)};
inline constexpr CollisionFilter kDefaultPlatformFilter{kGroupPlatform,
                                                        defaultCollidesWith(kGroupPlatform)};

/// Every character's filter: group `player`, blocking other players only if `playersCollide`.
constexpr CollisionFilter characterFilter(bool playersCollide) {
  const GroupMask others = defaultCollidesWith(kGroupPlayer);
  return {kGroupPlayer, playersCollide ? others | kGroupPlayer : others};
}

}  // namespace coyote
