#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/state/tile.h"

namespace coyote {

/// A surface's physics (docs/simulation.md#materials): how it brakes what slides on it and how it
/// returns what hits it.
struct Material {
  float friction = 1.0f;     ///< × ground deceleration (1 normal, 0.1 ice); 0..10
  float restitution = 0.0f;  ///< share of the normal speed a hit returns (0 none, 1 all); 0..1
};

inline constexpr std::size_t kMaxMaterials = 32;
inline constexpr float kMaxFriction = 10.0f;

/// Named materials as `configs/materials.toml` declares them. Index 0 is `default`, what a tile
/// or crate without a material of its own, and whose tile type has none, is made of.
struct MaterialTable {
  std::vector<std::string> names{"default"};
  std::vector<Material> materials{Material{}};
  /// The material of each tile type without one of its own (tile → type → default).
  std::array<std::uint8_t, kTileTypeCount> byTileType{};
  /// The file it was read from; empty for the default table (only `default`).
  std::string source;

  /// Where a level's material names are looked up, for an error message.
  std::string describeSource() const {
    return source.empty() ? "the default table (no materials.toml was found for this level)"
                          : source;
  }

  /// The index of a named material, or -1.
  int find(std::string_view name) const {
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i] == name) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }
};

/// Two materials in contact (Box2D's mixing rules): friction is the geometric mean, restitution
/// the larger, so one bouncy side is enough to bounce.
inline Material mixMaterials(const Material& a, const Material& b) {
  return {std::sqrt(a.friction * b.friction),
          a.restitution > b.restitution ? a.restitution : b.restitution};
}

}  // namespace coyote
