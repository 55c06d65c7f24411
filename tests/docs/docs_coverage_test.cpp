// Every setting and every level property a loader knows is documented, in exactly one page of
// docs/: the loaders are run with recorders that list every key and property they ask for, and
// each one must name a row of a table (its first cell, in backticks) in exactly one page.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "client/app/settings/client_config.h"
#include "commands/command_list.h"
#include "config/materials_loader.h"
#include "config/toml_table_reader.h"
#include "level/json_node.h"
#include "level/level_properties.h"
#include "level/tiled_level_loader.h"
#include "master/master_config.h"
#include "server/base/server_config.h"

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

TEST(DocsCoverage, EveryMasterSettingIsInMaster) {
  TomlKeyRecorder recorder;
  const toml::table empty;
  TomlTableReader reader(empty, "empty.toml", "");
  MasterConfig config;
  readMasterConfig(reader, config);
  const std::set<std::string> keys = leaves(recorder.keys());
  EXPECT_GE(keys.size(), 11u);
  expectDocumentedOnlyIn(keys, "master.md");
}

TEST(DocsCoverage, EveryClientSettingIsInPlaying) {
  const auto file = writeTemporary("coyote_docs_client.toml", "");
  TomlKeyRecorder recorder;
  loadClientConfig(file.string());
  const std::set<std::string> keys = leaves(recorder.keys());
  EXPECT_GE(keys.size(), 14u);
  expectDocumentedOnlyIn(keys, "playing.md");
}

/// Every key a program reads: the server's (physics included), the master's, the client's.
std::set<std::string> everySettingKey() {
  std::vector<std::string> asked;
  {
    TomlKeyRecorder recorder;
    const toml::table empty;
    TomlTableReader server(empty, "empty.toml", "");
    ServerConfig serverConfig;
    readServerConfig(server, serverConfig);
    TomlTableReader master(empty, "empty.toml", "");
    MasterConfig masterConfig;
    readMasterConfig(master, masterConfig);
    loadClientConfig(writeTemporary("coyote_docs_every_key.toml", "").string());
    asked = recorder.keys();
  }
  std::set<std::string> keys = leaves(asked);
  keys.insert("rooms.levels.NAME");
  return keys;
}

// The other way round: a setting a page names in backticks (`browser.masters`) must be one a
// program reads, so no page sends a host or a player to a key that is refused.
TEST(DocsCoverage, EverySettingAPageNamesIsOneAProgramReads) {
  const std::set<std::string> keys = everySettingKey();
  std::set<std::string> sections{"client"};  // not a section: a name a page might wrongly use
  for (const std::string& key : keys) {
    sections.insert(key.substr(0, key.find('.')));
  }
  const std::regex named("`([a-z_]+)\\.([a-z_.A-Z]+)`");
  const std::regex fileName(R"(.*\.(toml|md|json|tmj|h|cpp|key|so|sqlite|log|rpl|exe|zip|py|sh)$)");
  std::size_t checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDocs)) {
    std::ifstream file(entry.path());
    const std::string text((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    for (std::sregex_iterator it(text.begin(), text.end(), named), end; it != end; ++it) {
      const std::string name = (*it)[1].str() + "." + (*it)[2].str();
      if (!sections.contains((*it)[1].str()) || std::regex_match(name, fileName)) {
        continue;
      }
      ++checked;
      const bool section = std::any_of(keys.begin(), keys.end(), [&](const std::string& key) {
        return key.rfind(name + ".", 0) == 0;
      });
      EXPECT_TRUE(keys.contains(name) || section)
          << "docs/" << entry.path().filename().string() << " names `" << name
          << "`, which no program reads";
    }
  }
  EXPECT_GE(checked, 100u);
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
  for (const char* kind : {"spawn", "platform", "crate", "checkpoint", "start", "finish", "rope",
                           "spring", "rail", "weld", "group.NAME"}) {
    names.insert(kind);
  }
  expectDocumentedOnlyIn(names, "levels.md");
}

/// A row of docs/levels.md's property tables, as one of the names in its first cell sees it.
struct PropertyRow {
  std::string type;
  std::string fallback;  ///< this name's part of the default column ("" for a 3-column table)
};

std::vector<std::string> cellsOf(const std::string& line) {
  std::vector<std::string> cells;
  std::size_t at = 2;
  while (at < line.size()) {
    const std::size_t end = line.find(" |", at);
    if (end == std::string::npos) {
      break;
    }
    cells.push_back(line.substr(at, end - at));
    at = end + 3;
  }
  return cells;
}

// "1, 0" for `axisX`, `axisY`: a part each when there are as many parts as names.
std::vector<std::string> defaultsFor(const std::string& cell, std::size_t names) {
  std::vector<std::string> parts;
  for (std::size_t at = 0; at <= cell.size();) {
    const std::size_t comma = std::min(cell.find(", ", at), cell.size());
    parts.push_back(cell.substr(at, comma - at));
    at = comma + 2;
  }
  return parts.size() == names ? parts : std::vector<std::string>(names, cell);
}

std::map<std::string, PropertyRow> levelPropertyRows() {
  std::map<std::string, PropertyRow> rows;
  std::ifstream file(kDocs / "levels.md");
  const std::regex name("`([^`]+)`");
  for (std::string line; std::getline(file, line);) {
    const std::vector<std::string> cells = cellsOf(line);
    if (!line.starts_with("| `") || cells.size() < 3) {
      continue;
    }
    std::vector<std::string> names;
    for (std::sregex_iterator it(cells[0].begin(), cells[0].end(), name), end; it != end; ++it) {
      names.push_back((*it)[1].str());
    }
    const std::vector<std::string> defaults =
        cells.size() >= 4 ? defaultsFor(cells[2], names.size()) : std::vector<std::string>();
    for (std::size_t i = 0; i < names.size(); ++i) {
      rows.emplace(names[i], PropertyRow{cells[1], defaults.empty() ? "" : defaults[i]});
    }
  }
  return rows;
}

// The one list of level properties (shared/level/level_properties.h) and docs/levels.md agree:
// each property's row shows the type, unit, range and default the loader uses.
TEST(DocsCoverage, EveryDeclaredLevelPropertyHasItsTypeUnitRangeAndDefaultInLevels) {
  std::map<std::string, PropertyRow> rows = levelPropertyRows();
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
    ASSERT_TRUE(rows.contains(key)) << key << " has no row in docs/levels.md";
    const PropertyRow& row = rows[key];
    const std::string type = documentedType(spec);
    if (spec.rangeInWords) {
      EXPECT_TRUE(row.type.starts_with(type + ", ")) << key << ": " << row.type;
    } else {
      EXPECT_EQ(row.type, type) << key;
    }
    EXPECT_TRUE(row.fallback.starts_with(documentedDefault(spec)))
        << key << ": the default column says \"" << row.fallback << "\", the loader "
        << documentedDefault(spec);
  }
}

// The admin API's table in hosting.md has one row per admin command of commands/command_list.cpp,
// with the same method and the same arguments: the command is declared once, and the docs say it.
TEST(DocsCoverage, EveryAdminCommandIsInHostingWithItsMethodAndArguments) {
  std::ifstream file(kDocs / "hosting.md");
  std::map<std::string, std::string> rows;  // "GET /admin/players" -> its arguments cell
  const std::regex row(R"(^\| `((?:GET|POST) /admin/[a-z]+)` \|([^|]*)\|)");
  for (std::string line; std::getline(file, line);) {
    std::smatch match;
    if (std::regex_search(line, match, row)) {
      std::string arguments = match[2].str();
      arguments.erase(0, arguments.find_first_not_of(' '));
      arguments.erase(arguments.find_last_not_of(' ') + 1);
      rows[match[1].str()] = arguments;
    }
  }
  for (const commands::Command* command : commands::commandsFor(commands::kAdmin)) {
    const std::string route =
        std::string(command->changes ? "POST" : "GET") + " /admin/" + std::string(command->name);
    ASSERT_TRUE(rows.contains(route)) << route << " is not in docs/hosting.md's admin table";
    EXPECT_EQ(rows[route], commands::fieldList(*command)) << route;
    rows.erase(route);
  }
  EXPECT_TRUE(rows.empty()) << rows.begin()->first << " is documented but no command has it";
}

// playing.md shows each command of the console and of the chat as the table declares it: the
// console's in its table (`|` escaped), the chat's as `/USAGE`.
TEST(DocsCoverage, EveryConsoleAndChatCommandIsInPlayingWithItsUsage) {
  std::ifstream file(kDocs / "playing.md");
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (const commands::Command* command : commands::commandsFor(commands::kConsole)) {
    const std::string row =
        "| `" + std::regex_replace(commands::usage(*command), std::regex(R"(\|)"), R"(\|)") + "` |";
    EXPECT_NE(text.find(row), std::string::npos) << row << " is not in docs/playing.md";
  }
  for (const commands::Command* command : commands::commandsFor(commands::kPlayer)) {
    const std::string shown = "`/" + commands::usage(*command) + "`";
    EXPECT_NE(text.find(shown), std::string::npos) << shown << " is not in docs/playing.md";
  }
}

}  // namespace
}  // namespace coyote
