#pragma once

#include <cstdint>
#include <string_view>

namespace coyote {

/// The nine tile types (docs/simulation.md#tiles). Slopes and rounded tiles are never solid: they
/// are followed by `resolveSlopeFollow` instead, so that their cell's top edge never acts as an
/// invisible wall.
enum class TileType : std::uint8_t {
  Empty,
  Solid,
  OneWay,
  SlopeUpRight,    ///< 45° surface rising to the right: height = 1 - localX.
  SlopeUpLeft,     ///< 45° surface rising to the left: height = localX.
  RoundedUpRight,  ///< Quarter circle rising to the right.
  RoundedUpLeft,   ///< Quarter circle rising to the left.
  Water,
  Hazard,
};

inline constexpr int kTileTypeCount = 9;

/// Blocks the per-axis sweep on every side.
constexpr bool isSolid(TileType type) {
  return type == TileType::Solid;
}

/// Has a surface that characters walk on by following it (slopes and rounded tiles).
constexpr bool isFollowableSurface(TileType type) {
  return type == TileType::SlopeUpRight || type == TileType::SlopeUpLeft ||
         type == TileType::RoundedUpRight || type == TileType::RoundedUpLeft;
}

/// Level-file name of a tile type (`solid`, `slope_up_right`, ...); "" for Empty.
std::string_view tileTypeName(TileType type);

/// Parses a level-file tile type name; returns false for an unknown name.
bool parseTileTypeName(std::string_view name, TileType& type);

}  // namespace coyote
