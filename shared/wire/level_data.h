#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/state/level.h"
#include "wire/level_bodies_wire.h"
#include "wire/wire_types.h"

namespace coyote::net {

/// A resolved level as it travels in the handshake and in replays: the tile grid, spawns and
/// budgets, so a client needs no local copy of the map or its tilesets.
struct LevelData {
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::vector<std::uint8_t> tiles;  ///< TileType per cell, row-major
  std::vector<Vec2> spawns;
  std::int32_t jumpsRemaining = -1;
  std::int32_t dashesRemaining = -1;
  std::string name;
  std::vector<PlatformDefinition> platforms;
  std::vector<CrateDefinition> crates;
  std::vector<CheckpointDefinition> checkpoints;
  RaceDefinition race;
  std::vector<JointDefinition> joints;
  std::vector<Material> materials{Material{}};
  std::vector<MaterialRun> materialRuns;  ///< the cells' materials, run-length coded

  template <class Archive>
  void serialize(Archive& archive) {
    archive(width, height);
    if (width < 1 || height < 1 || static_cast<std::size_t>(width) > kMaxLevelSide ||
        static_cast<std::size_t>(height) > kMaxLevelSide ||
        static_cast<std::size_t>(width) * static_cast<std::size_t>(height) > kMaxLevelTiles) {
      throw WireError("level size out of range");
    }
    const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if constexpr (Archive::is_loading::value) {
      tiles.resize(cells);
    } else if (tiles.size() != cells) {
      throw WireError("level tiles do not match its size");
    }
    archive(cereal::binary_data(tiles.data(), cells));
    for (std::uint8_t tile : tiles) {
      if (tile >= kTileTypeCount) {
        throw WireError("unknown tile type in level");
      }
    }
    boundedVector(archive, spawns, kMaxSpawns, "spawn");
    checkSpawns();
    rangedValue(archive, jumpsRemaining, -1, kMaxBudget, "jumps budget");
    rangedValue(archive, dashesRemaining, -1, kMaxBudget, "dashes budget");
    boundedString(archive, name, kMaxReasonLength, "level name");
    boundedVector(archive, platforms, kMaxPlatforms, "platform");
    boundedVector(archive, crates, kMaxCrates, "crate");
    boundedVector(archive, checkpoints, kMaxCheckpoints, "checkpoint");
    archive(race);
    boundedVector(archive, joints, kMaxJoints, "joint");
    boundedVector(archive, materials, kMaxMaterials, "material");
    // A level whose material changes more often than this across its cells cannot be served
    // (whyNotServable says so at start).
    boundedVector(archive, materialRuns, kMaxMaterialRuns, "material run");
    checkBodies();
    checkJoints();
    checkMaterials(cells);
  }

 private:
  static constexpr std::int32_t kMaxBudget = 1000000;  ///< as the level loader allows
  static constexpr std::size_t kMaxMaterialRuns = 65535;

  bool inside(Vec2 point) const {
    return point.x >= 0.0f && point.x <= static_cast<float>(width) && point.y >= 0.0f &&
           point.y <= static_cast<float>(height);
  }

  /// Every path point and crate inside the level (the simulation gathers tiles around them).
  void checkBodies() const {
    for (const PlatformDefinition& platform : platforms) {
      for (const Vec2& point : platform.path) {
        if (!inside(point)) {
          throw WireError("platform path point outside the level");
        }
      }
    }
    for (const CrateDefinition& crate : crates) {
      if (!inside(crate.position)) {
        throw WireError("crate outside the level");
      }
    }
    for (const CheckpointDefinition& checkpoint : checkpoints) {
      if (!inside(checkpoint.position)) {
        throw WireError("checkpoint outside the level");
      }
    }
    if (race.present && (!inside(race.start.position) || !inside(race.finish.position))) {
      throw WireError("race start or finish outside the level");
    }
  }

  /// Each joint holds one of the level's crates to another crate, a platform or the world.
  void checkJoints() const {
    for (const JointDefinition& joint : joints) {
      const auto body = static_cast<std::size_t>(joint.body - kCrateIdBase);
      const bool toKnown =
          joint.to == kNoBody ||
          (isPlatformId(joint.to) && static_cast<std::size_t>(joint.to) < platforms.size()) ||
          (isCrateId(joint.to) &&
           static_cast<std::size_t>(joint.to - kCrateIdBase) < crates.size());
      if (body >= crates.size() || !toKnown || joint.to == joint.body) {
        throw WireError("joint names a body the level does not have");
      }
    }
  }

  /// At least the default material; every run and crate naming one that exists; runs covering
  /// the grid exactly.
  void checkMaterials(std::size_t cells) const {
    if (materials.empty()) {
      throw WireError("a level without its default material");
    }
    std::size_t covered = 0;
    for (const MaterialRun& run : materialRuns) {
      if (run.material >= materials.size() || run.cells == 0 || run.cells > cells - covered) {
        throw WireError("material runs out of range");
      }
      covered += run.cells;
    }
    if (covered != cells) {
      throw WireError("material runs do not cover the level");
    }
    for (const CrateDefinition& crate : crates) {
      if (crate.material >= materials.size()) {
        throw WireError("crate material out of range");
      }
    }
  }

  /// At least one spawn, each inside the level (the simulation places characters there).
  void checkSpawns() const {
    if (spawns.empty()) {
      throw WireError("a level without spawn points");
    }
    for (const Vec2& spawn : spawns) {
      if (!(spawn.x >= 0.0f && spawn.x <= static_cast<float>(width) && spawn.y >= 0.0f &&
            spawn.y <= static_cast<float>(height))) {
        throw WireError("spawn point outside the level");
      }
    }
  }
};

LevelData toLevelData(const Level& level);

/// Why `level` cannot travel in a Welcome or a replay (too many tiles or spawns, a name too
/// long, …), or "" when it can: the server checks this before it listens.
std::string whyNotServable(const Level& level);
Level toLevel(const LevelData& data);

}  // namespace coyote::net
