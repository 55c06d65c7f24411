#include "config/materials_loader.h"

#include <fmt/format.h>

#include "config/toml_table_reader.h"
#include "io/utf8_path.h"

namespace coyote {
namespace {

void readMaterials(TomlTableReader& section, MaterialTable& table) {
  for (const std::string& name : section.keys()) {
    if (table.find(name) < 0) {
      if (table.names.size() == kMaxMaterials) {
        section.fail(name, fmt::format("more than {} materials", kMaxMaterials));
      }
      table.names.push_back(name);
      table.materials.emplace_back();
    }
    Material& material = table.materials[static_cast<std::size_t>(table.find(name))];
    TomlTableReader entry = section.section(name);
    entry.read("friction", material.friction, 0.0f, kMaxFriction);
    entry.read("restitution", material.restitution, 0.0f, 1.0f);
    entry.rejectUnknownKeys();
  }
}

void readTileTypes(TomlTableReader& section, MaterialTable& table) {
  for (const std::string& typeName : section.keys()) {
    TileType type = TileType::Empty;
    if (!parseTileTypeName(typeName, type)) {
      section.fail(typeName, "not a tile type (solid, oneway, slope_up_right, ...)");
    }
    std::string name;
    section.read(typeName, name);
    const int index = table.find(name);
    if (index < 0) {
      section.fail(typeName, fmt::format("no material named \"{}\"", name));
    }
    table.byTileType[static_cast<std::size_t>(type)] = static_cast<std::uint8_t>(index);
  }
}

}  // namespace

MaterialTable materialsForLevel(const std::string& file, const std::filesystem::path& level) {
  if (!file.empty()) {
    return loadMaterials(file);
  }
  for (const std::filesystem::path& candidate : materialsSearchPath(level)) {
    std::error_code unreadable;  // a folder it may not look into: the next candidate
    if (std::filesystem::is_regular_file(candidate, unreadable)) {
      return loadMaterials(utf8String(candidate));
    }
  }
  return MaterialTable{};
}

std::vector<std::filesystem::path> materialsSearchPath(const std::filesystem::path& level) {
  const std::filesystem::path folder = std::filesystem::absolute(level).parent_path();
  // COYOTE_CONFIG_DIR: the configs/ the build installs with (the source tree's, or the
  // container's /srv/coyote/configs); set by CMake, never read from the environment.
  return {folder / "materials.toml", folder.parent_path() / "materials.toml",
          std::filesystem::path(COYOTE_CONFIG_DIR) / "materials.toml"};
}

MaterialTable loadMaterials(const std::string& file) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  MaterialTable table;
  TomlTableReader materials = reader.section("materials");
  readMaterials(materials, table);
  TomlTableReader tileTypes = reader.section("tile_types");
  readTileTypes(tileTypes, table);
  reader.rejectUnknownKeys();
  table.source = file;
  return table;
}

}  // namespace coyote
