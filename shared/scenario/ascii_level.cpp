#include "scenario/ascii_level.h"

#include <vector>

namespace coyote {
namespace {

TileType tileForSymbol(char symbol) {
  switch (symbol) {
    case '#':
      return TileType::Solid;
    case '-':
      return TileType::OneWay;
    case '/':
      return TileType::SlopeUpRight;
    case '\\':
      return TileType::SlopeUpLeft;
    case 'R':
      return TileType::RoundedUpRight;
    case 'L':
      return TileType::RoundedUpLeft;
    case '~':
      return TileType::Water;
    case '^':
      return TileType::Hazard;
    default:
      return TileType::Empty;
  }
}

}  // namespace

Level levelFromAscii(std::string_view picture) {
  std::vector<std::string_view> rows;
  std::size_t start = 0;
  while (start <= picture.size()) {
    const std::size_t end = picture.find('\n', start);
    const std::size_t stop = end == std::string_view::npos ? picture.size() : end;
    rows.push_back(picture.substr(start, stop - start));
    if (end == std::string_view::npos) {
      break;
    }
    start = end + 1;
  }
  while (!rows.empty() && rows.back().empty()) {
    rows.pop_back();
  }
  std::size_t width = 0;
  for (std::string_view row : rows) {
    width = row.size() > width ? row.size() : width;
  }
  Level level(static_cast<int>(width), static_cast<int>(rows.size()));
  level.name = "ascii";
  for (std::size_t y = 0; y < rows.size(); ++y) {
    for (std::size_t x = 0; x < rows[y].size(); ++x) {
      const char symbol = rows[y][x];
      level.setTile(static_cast<int>(x), static_cast<int>(y), tileForSymbol(symbol));
      if (symbol == 'S') {
        level.spawns.push_back({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 1.0f});
      }
    }
  }
  return level;
}

}  // namespace coyote
