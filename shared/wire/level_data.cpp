#include "wire/level_data.h"

#include <sstream>

#include "wire/wire_archive.h"

namespace coyote::net {

LevelData toLevelData(const Level& level) {
  LevelData data;
  data.width = level.width();
  data.height = level.height();
  data.tiles.reserve(static_cast<std::size_t>(level.width() * level.height()));
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      data.tiles.push_back(static_cast<std::uint8_t>(level.tileAt(column, row)));
    }
  }
  data.spawns = level.spawns;
  data.jumpsRemaining = level.jumpsRemaining;
  data.dashesRemaining = level.dashesRemaining;
  data.name = level.name;
  data.platforms = level.platforms;
  data.crates = level.crates;
  data.checkpoints = level.checkpoints;
  data.race = level.race;
  data.joints = level.joints;
  data.materials = level.materials;
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      const std::uint8_t material = level.materialIndexAt(column, row);
      if (data.materialRuns.empty() || data.materialRuns.back().material != material) {
        data.materialRuns.push_back({0, material});
      }
      ++data.materialRuns.back().cells;
    }
  }
  return data;
}

Level toLevel(const LevelData& data) {
  Level level(data.width, data.height);
  for (int row = 0; row < data.height; ++row) {
    for (int column = 0; column < data.width; ++column) {
      level.setTile(
          column, row,
          static_cast<TileType>(data.tiles[static_cast<std::size_t>(row * data.width + column)]));
    }
  }
  level.spawns = data.spawns;
  level.jumpsRemaining = data.jumpsRemaining;
  level.dashesRemaining = data.dashesRemaining;
  level.name = data.name;
  level.platforms = data.platforms;
  level.crates = data.crates;
  level.checkpoints = data.checkpoints;
  level.race = data.race;
  level.joints = data.joints;
  level.materials = data.materials;
  std::size_t cell = 0;
  for (const MaterialRun& run : data.materialRuns) {
    for (std::uint32_t i = 0; i < run.cells; ++i, ++cell) {
      level.setMaterial(static_cast<int>(cell % static_cast<std::size_t>(data.width)),
                        static_cast<int>(cell / static_cast<std::size_t>(data.width)),
                        run.material);
    }
  }
  return level;
}

std::string whyNotServable(const Level& level) {
  try {
    std::ostringstream ignored;
    WireOutputArchive archive(ignored);
    archive(toLevelData(level));
  } catch (const WireError& error) {
    return error.what();
  }
  return "";
}

}  // namespace coyote::net
