#include "level/tiled_level_loader.h"

#include "level/level_properties.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/bounded_file.h"
#include "io/config_error.h"
#include "io/utf8_path.h"
#include "level/group_files.h"
#include "level/json_node.h"
#include "level/level_properties.h"
#include "level/property_audit.h"
#include "level/tiled_entities.h"
#include "level/tiled_race.h"

namespace coyote {
namespace {

constexpr int kMaxLevelSide = 4096;
// Tiled stores flips (and hex rotation) in the high bits of a gid.
constexpr std::uint32_t kGidFlagMask = 0xF0000000u;

Json parseJson(std::string_view text, const std::string& file) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& error) {
    throw ConfigError(
        fmt::format("{}: invalid JSON at byte {}: {}", file, error.byte, error.what()));
  }
}

/// An external tileset's file: it must stay inside the level's folder (a level from elsewhere
/// must not make the server read /etc/passwd).
std::filesystem::path tilesetPath(const Node& source, const std::filesystem::path& baseDirectory) {
  const std::filesystem::path base = std::filesystem::weakly_canonical(
      baseDirectory.empty() ? std::filesystem::path(".") : baseDirectory);
  const std::filesystem::path path =
      std::filesystem::weakly_canonical(base / utf8Path(source.string()));
  const std::filesystem::path inside = path.lexically_relative(base);
  if (inside.empty() || *inside.begin() == "..") {
    source.fail("a tileset must be inside the level's folder");
  }
  return path;
}

/// What a tileset says about one of its tiles.
struct TileInfo {
  TileType type = TileType::Empty;
  std::uint8_t material = 0;
  /// Why its material is unknown, naming the file and field: an error only if the level places
  /// the tile (a shared tileset may name materials that only some levels' tables have).
  std::string unknownMaterial;
};

/// A tile's type and material: its own `material` property, else its type's (tile → type →
/// default).
TileInfo tileInfo(const Node& tile, TileType type, const MaterialTable& materials) {
  const std::optional<Node> own = findProperty(tile, "material");
  if (!own) {
    return {type, materials.byTileType[static_cast<std::size_t>(type)], ""};
  }
  const int index = materials.find(own->string());
  if (index < 0) {
    return {type, 0,
            fmt::format("{}: {}: no material named \"{}\" in {}", own->file, own->path,
                        own->string(), materials.describeSource())};
  }
  return {type, static_cast<std::uint8_t>(index), ""};
}

/// Local tile id → tile type and material, for one tileset.
void readTilesetTiles(const Node& tileset, std::uint32_t firstGid, const MaterialTable& materials,
                      std::map<std::uint32_t, TileInfo>& types) {
  if (!tileset.has("tiles")) {
    return;
  }
  const Node tiles = tileset.child("tiles");
  for (std::size_t i = 0; i < tiles.array().size(); ++i) {
    const Node tile = tiles.at(i);
    const auto id = static_cast<std::uint32_t>(tile.child("id").integer(0, 1 << 24));
    const std::string name = typeOrClass(tile);
    if (name.empty()) {
      continue;
    }
    TileType type = TileType::Empty;
    if (!parseTileTypeName(name, type)) {
      const Node where = tile.has("type") ? tile.child("type") : tile.child("class");
      where.fail(fmt::format(
          "unknown tile type \"{}\" (expected solid, oneway, slope_up_right, slope_up_left, "
          "rounded_up_right, rounded_up_left, water or hazard)",
          name));
    }
    types[firstGid + id] = tileInfo(tile, type, materials);
  }
}

std::map<std::uint32_t, TileInfo> readTilesets(const Node& map,
                                               const std::filesystem::path& baseDirectory,
                                               const MaterialTable& materials,
                                               const PropertyAudit& audit) {
  std::map<std::uint32_t, TileInfo> types;
  const Node tilesets = map.child("tilesets");
  for (std::size_t i = 0; i < tilesets.array().size(); ++i) {
    const Node reference = tilesets.at(i);
    const auto firstGid =
        static_cast<std::uint32_t>(reference.child("firstgid").integer(1, 1 << 28));
    if (!reference.has("source")) {
      readTilesetTiles(reference, firstGid, materials, types);
      continue;
    }
    const std::filesystem::path source = tilesetPath(reference.child("source"), baseDirectory);
    const std::string sourceName = utf8String(source);
    const Json external = parseJson(readBoundedFile(sourceName, kMaxLevelFileBytes), sourceName);
    const Node tileset{external, "$", sourceName};
    readTilesetTiles(tileset, firstGid, materials, types);
    audit.check(tileset);
  }
  return types;
}

const Json* findLayer(const Node& layers, std::string_view name, std::string_view type,
                      std::size_t& index) {
  for (std::size_t i = 0; i < layers.array().size(); ++i) {
    const Node layer = layers.at(i);
    if (!layer.value.is_object()) {
      layer.fail("expected a layer object");
    }
    if (layer.has("name") && layer.child("name").string() == name && layer.has("type") &&
        layer.child("type").string() == type) {
      index = i;
      return &layer.value;
    }
  }
  return nullptr;
}

void readCollisionLayer(const Node& map, const std::map<std::uint32_t, TileInfo>& types,
                        Level& level) {
  const Node layers = map.child("layers");
  std::size_t index = 0;
  if (findLayer(layers, "collision", "tilelayer", index) == nullptr) {
    layers.fail("missing tile layer \"collision\"");
  }
  const Node layer = layers.at(index);
  if (layer.has("encoding") && layer.child("encoding").string() != "csv") {
    layer.child("encoding")
        .fail(
            "only CSV (array) layer data is supported; re-save the map "
            "with Tile Layer Format = CSV");
  }
  if (layer.child("width").integer(1, kMaxLevelSide) != level.width() ||
      layer.child("height").integer(1, kMaxLevelSide) != level.height()) {
    layer.fail("layer size differs from the map size");
  }
  const Node data = layer.child("data");
  const std::size_t expected =
      static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height());
  if (data.array().size() != expected) {
    data.fail(fmt::format("expected {} tiles, got {}", expected, data.value.size()));
  }
  for (std::size_t i = 0; i < expected; ++i) {
    const Node cell = data.at(i);
    const auto gid = static_cast<std::uint32_t>(cell.integer(0, 0xFFFFFFFFll)) & ~kGidFlagMask;
    if (gid == 0) {
      continue;
    }
    const auto found = types.find(gid);
    if (found == types.end()) {
      cell.fail(fmt::format("tile gid {} has no type in its tileset", gid));
    }
    if (!found->second.unknownMaterial.empty()) {
      cell.fail(fmt::format("tile gid {}: {}", gid, found->second.unknownMaterial));
    }
    const auto width = static_cast<std::size_t>(level.width());
    const auto column = static_cast<int>(i % width);
    const auto row = static_cast<int>(i / width);
    level.setTile(column, row, found->second.type);
    level.setMaterial(column, row, found->second.material);
  }
}

// An object of a class the loader does not know would be ignored: a typo (`platfrom`) is refused
// with the class meant. Objects of no class (a platform's path polyline) are left alone.
void refuseUnknownClass(const Node& object) {
  const std::string kind = typeOrClass(object);
  if (kind.empty() ||
      std::find(kObjectClasses.begin(), kObjectClasses.end(), kind) != kObjectClasses.end()) {
    return;
  }
  const std::string nearest =
      closestName(kind, std::vector<std::string>(kObjectClasses.begin(), kObjectClasses.end()));
  const Node where = object.has("type") && !object.child("type").string().empty()
                         ? object.child("type")
                         : object.child("class");
  where.fail(fmt::format("unknown object class `{}`{}", shortenedForMessage(kind),
                         nearest.empty() ? "" : fmt::format("; did you mean `{}`?", nearest)));
}

void readEntities(const Node& map, float tileWidth, float tileHeight,
                  const MaterialTable& materials, const std::vector<GroupFile>& groups,
                  Level& level) {
  const Node layers = map.child("layers");
  std::size_t index = 0;
  if (findLayer(layers, "entities", "objectgroup", index) == nullptr) {
    layers.fail("missing object layer \"entities\"");
  }
  const Node objects = layers.at(index).child("objects");
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    refuseUnknownClass(object);
    if (typeOrClass(object) != "spawn") {
      continue;  // platforms and crates: readBodies
    }
    const double x = object.child("x").number() / tileWidth;
    const double y = object.child("y").number() / tileHeight;
    if (x < 0.0 || y < 0.0 || x > level.width() || y > level.height()) {
      object.fail("spawn point lies outside the map");
    }
    level.spawns.push_back({static_cast<float>(x), static_cast<float>(y)});
  }
  if (level.spawns.empty()) {
    objects.fail("no object of type \"spawn\"");
  }
  readBodies(objects, {tileWidth, tileHeight}, materials, CollisionGroupNames::read(map, groups),
             level);
  readRace(map, objects, {tileWidth, tileHeight}, level);
}

// The level budgets, within the range level_properties.h declares.
void readBudgets(const Node& map, Level& level) {
  const auto budget = [&map](std::string_view name, std::int32_t& into) {
    const PropertySpec& spec = *findPropertySpec(name);
    if (const std::optional<Node> value = findProperty(map, name)) {
      into = static_cast<std::int32_t>(
          value->integer(static_cast<std::int64_t>(spec.min), static_cast<std::int64_t>(spec.max)));
    }
  };
  budget("jumpsRemaining", level.jumpsRemaining);
  budget("dashesRemaining", level.dashesRemaining);
}

Level readMap(const Json& document, const std::string& fileName,
              const std::filesystem::path& baseDirectory, const MaterialTable& materials) {
  const Node map{document, "$", fileName};
  if (!document.is_object()) {
    map.fail("expected a Tiled map object");
  }
  if (map.has("orientation") && map.child("orientation").string() != "orthogonal") {
    map.child("orientation").fail("only orthogonal maps are supported");
  }
  if (map.has("infinite") && map.value.at("infinite") == true) {
    map.child("infinite").fail("infinite maps are not supported; use a fixed-size map");
  }
  const int width = static_cast<int>(map.child("width").integer(1, kMaxLevelSide));
  const int height = static_cast<int>(map.child("height").integer(1, kMaxLevelSide));
  const auto tileWidth = static_cast<float>(map.child("tilewidth").integer(1, 1024));
  const auto tileHeight = static_cast<float>(map.child("tileheight").integer(1, 1024));

  Level level(width, height);
  level.name = utf8String(utf8Path(fileName).filename());
  level.materials = materials.materials;
  const PropertyAudit audit;
  readCollisionLayer(map, readTilesets(map, baseDirectory, materials, audit), level);
  readEntities(map, tileWidth, tileHeight, materials, readGroupFiles(baseDirectory), level);
  readBudgets(map, level);
  audit.check(map);  // once everything is read: a property nothing read is a mistake
  return level;
}

}  // namespace

Level parseTiledLevel(std::string_view json, const std::string& fileName,
                      const std::filesystem::path& baseDirectory, const MaterialTable& materials) {
  try {
    return readMap(parseJson(json, fileName), fileName, baseDirectory, materials);
  } catch (const Json::exception& error) {  // a type this loader did not check by path
    throw ConfigError(fmt::format("{}: unexpected JSON: {}", fileName, error.what()));
  }
}

Level loadTiledLevel(const std::filesystem::path& file, const MaterialTable& materials) {
  return parseTiledLevel(readBoundedFile(utf8String(file), kMaxLevelFileBytes), utf8String(file),
                         file.parent_path(), materials);
}

}  // namespace coyote
