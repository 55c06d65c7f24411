// Every setting and every level property a loader knows is documented, in exactly one page of
// docs/: the loaders are run with recorders that list every key and property they ask for, and
// each one must name a row of a table (its first cell, in backticks) in exactly one page.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "client/app/client_config.h"
#include "config/materials_loader.h"
#include "config/toml_table_reader.h"
#include "level/json_node.h"
#include "level/level_properties.h"
#include "level/tiled_level_loader.h"
#include "server/server_config.h"

namespace coyote {
namespace {

const std::filesystem::path kDocs = std::filesystem::path(COYOTE_SOURCE_DIR) / "docs";

/// For each page of docs/, the names in backticks at the start of its table rows
/// ("| `net.port` | …", "| `physics.gravity` / …" counts each backticked name of the first cell).
std::map<std::string, std::set<std::string>> documentedNames() {
  std::map<std::string, std::set<std::string>> pages;
  const std::regex name("`([^`]+)`");
  for (const auto& entry : std::filesystem::directory_iterator(kDocs)) {
    if (entry.path().extension() != ".md") {
      continue;
    }
    std::ifstream file(entry.path());
    std::set<std::string>& names = pages[entry.path().filename().string()];
    for (std::string line; std::getline(file, line);) {
      if (line.rfind("| ", 0) != 0) {
        continue;
      }
      const std::string firstCell = line.substr(2, line.find(" |", 1) - 2);
      for (std::sregex_iterator it(firstCell.begin(), firstCell.end(), name), end; it != end;
           ++it) {
        names.insert((*it)[1]);
      }
    }
  }
  return pages;
}

/// Expects each of `names` in the tables of `page` and of no other page.
void expectDocumentedOnlyIn(const std::set<std::string>& names, const std::string& page) {
  const auto pages = documentedNames();
  ASSERT_TRUE(pages.contains(page)) << "docs/" << page << " is missing";
  ASSERT_FALSE(names.empty());
  for (const std::string& name : names) {
    EXPECT_TRUE(pages.at(page).contains(name))
        << "`" << name << "` is not in a table of docs/" << page;
    for (const auto& [other, documented] : pages) {
      EXPECT_TRUE(other == page || !documented.contains(name))
          << "`" << name << "` is documented in docs/" << other << " too (it belongs in " << page
          << ")";
    }
  }
}

/// The leaves of recorded key paths: a section ("net") asked for on the way to its keys is not a
/// setting of its own.
std::set<std::string> leaves(const std::vector<std::string>& keys) {
  std::set<std::string> result(keys.begin(), keys.end());
  for (const std::string& key : keys) {
    for (std::size_t dot = key.find('.'); dot != std::string::npos; dot = key.find('.', dot + 1)) {
      result.erase(key.substr(0, dot));
    }
  }
  return result;
}

std::filesystem::path writeTemporary(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path;
}

/// The physics settings, from PhysicsConfig's field list (the server reads them too).
std::set<std::string> physicsKeys() {
  std::set<std::string> keys;
#define COYOTE_DOCS_PHYSICS_KEY(section, key, ...) keys.insert(#section "." #key);
  COYOTE_PHYSICS_SETTINGS(COYOTE_DOCS_PHYSICS_KEY)
#undef COYOTE_DOCS_PHYSICS_KEY
  return keys;
}

TEST(DocsCoverage, EveryServerSettingIsInHostingAndEveryPhysicsSettingInSimulation) {
  std::vector<std::string> asked;
  {
    TomlKeyRecorder recorder;
    const toml::table empty;
    TomlTableReader reader(empty, "empty.toml", "");
    ServerConfig config;
    readServerConfig(reader, config);
    asked = recorder.keys();
  }
  const std::set<std::string> physics = physicsKeys();
  std::set<std::string> server;
  for (const std::string& key : leaves(asked)) {
    if (!physics.contains(key)) {
      server.insert(key);
    }
  }
  server.erase("rooms.levels");  // a table of room names, none in an empty file
  server.insert("rooms.levels.NAME");
  EXPECT_GE(server.size(), 25u);  // net, world, rooms, budgets, agones, sim.max_substeps
  expectDocumentedOnlyIn(server, "hosting.md");
  EXPECT_GE(physics.size(), 40u);
  expectDocumentedOnlyIn(physics, "simulation.md");
}

TEST(DocsCoverage, EveryClientSettingIsInPlaying) {
  const auto file = writeTemporary("coyote_docs_client.toml", "");
  TomlKeyRecorder recorder;
  loadClientConfig(file.string());
  const std::set<std::string> keys = leaves(recorder.keys());
  EXPECT_GE(keys.size(), 14u);
  expectDocumentedOnlyIn(keys, "playing.md");
}

TEST(DocsCoverage, EveryMaterialSettingIsInLevels) {
  const auto file = writeTemporary("coyote_docs_materials.toml",
                                   "[materials.NAME]\n[tile_types]\nsolid = \"default\"\n");
  TomlKeyRecorder recorder;
  loadMaterials(file.string());
  std::set<std::string> keys;
  for (const std::string& key : leaves(recorder.keys())) {
    keys.insert(key == "tile_types.solid" ? "tile_types.TYPE" : key);
  }
  EXPECT_EQ(keys, (std::set<std::string>{"materials.NAME.friction", "materials.NAME.restitution",
                                         "tile_types.TYPE"}));
  expectDocumentedOnlyIn(keys, "levels.md");
}

TEST(DocsCoverage, EveryLevelPropertyAndObjectClassIsInLevels) {
  PropertyRecorder recorder;
  for (const char* name : {"arena.tmj", "bench.tmj", "playground.tmj"}) {
    const auto level = std::filesystem::path(COYOTE_SOURCE_DIR) / "configs/levels" / name;
    loadTiledLevel(level, materialsForLevel("", level));
  }
  std::set<std::string> names(recorder.names().begin(), recorder.names().end());
  EXPECT_GE(names.size(), 25u);
  // The classes an object of the `entities` layer may have, and the map's group declarations.
  for (const char* kind : {"spawn", "platform", "crate", "checkpoint", "rope", "spring", "rail",
                           "weld", "group.NAME"}) {
    names.insert(kind);
  }
  expectDocumentedOnlyIn(names, "levels.md");
}

// The one list of level properties (shared/level/level_properties.h) and docs/levels.md agree:
// each property's row shows the type, unit and range the loader enforces.
TEST(DocsCoverage, EveryDeclaredLevelPropertyHasItsTypeUnitAndRangeInLevels) {
  std::map<std::string, std::string> typeCells;  // a property name → its row's type column
  std::ifstream file(kDocs / "levels.md");
  const std::regex name("`([^`]+)`");
  for (std::string line; std::getline(file, line);) {
    if (!line.starts_with("| `")) {
      continue;
    }
    const std::size_t first = line.find(" | ", 1);
    const std::size_t second = line.find(" | ", first + 3);
    if (first == std::string::npos || second == std::string::npos) {
      continue;
    }
    const std::string cell = line.substr(2, first - 2);
    for (std::sregex_iterator it(cell.begin(), cell.end(), name), end; it != end; ++it) {
      typeCells.emplace((*it)[1].str(), line.substr(first + 3, second - first - 3));
    }
  }
  ASSERT_GE(levelProperties().size(), 30u);
  PropertyRecorder recorder;  // and every property the loader asks for is in the list
  for (const char* level : {"arena.tmj", "bench.tmj", "playground.tmj"}) {
    const auto path = std::filesystem::path(COYOTE_SOURCE_DIR) / "configs/levels" / level;
    loadTiledLevel(path, materialsForLevel("", path));
  }
  for (const std::string& read : recorder.names()) {
    EXPECT_NE(findPropertySpec(read), nullptr) << read << " is read but not declared";
  }
  for (const PropertySpec& spec : levelProperties()) {
    const std::string key(spec.name);
    ASSERT_TRUE(typeCells.contains(key)) << key << " has no row in docs/levels.md";
    const std::string expected = documentedType(spec);
    if (spec.rangeInWords) {
      EXPECT_TRUE(typeCells[key].starts_with(expected + ", ")) << key << ": " << typeCells[key];
    } else {
      EXPECT_EQ(typeCells[key], expected) << key;
    }
  }
}

}  // namespace
}  // namespace coyote
