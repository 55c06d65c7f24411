#include "sim/state/tile.h"

#include <array>

namespace coyote {
namespace {

constexpr std::array<std::string_view, kTileTypeCount> kTileTypeNames = {
    "",
    "solid",
    "oneway",
    "slope_up_right",
    "slope_up_left",
    "rounded_up_right",
    "rounded_up_left",
    "water",
    "hazard",
};

}  // namespace

std::string_view tileTypeName(TileType type) {
  return kTileTypeNames[static_cast<std::size_t>(type)];
}

bool parseTileTypeName(std::string_view name, TileType& type) {
  for (std::size_t i = 1; i < kTileTypeNames.size(); ++i) {
    if (kTileTypeNames[i] == name) {
      type = static_cast<TileType>(i);
      return true;
    }
  }
  return false;
}

}  // namespace coyote
