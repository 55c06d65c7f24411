#include "config/environment_table.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string>

namespace coyote {
namespace {

constexpr std::string_view kEnvironmentPrefix = "COYOTE_";

bool listed(std::span<const std::string_view> names, std::string_view name) {
  return std::ranges::find(names, name) != names.end();
}

// "a, b,c" as the array ["a", "b", "c"]; "" as an empty one.
toml::array listOf(std::string_view text) {
  toml::array list;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    while (!part.empty() && part.front() == ' ') {
      part.remove_prefix(1);
    }
    while (!part.empty() && part.back() == ' ') {
      part.remove_suffix(1);
    }
    list.push_back(std::string(part));
    text = comma == std::string_view::npos ? "" : text.substr(comma + 1);
  }
  return list;
}

// Types an environment value the way TOML would: integer, float, boolean, else string.
void insertTyped(toml::table& table, const std::string& key, const std::string& text) {
  std::int64_t integer = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
  if (error == std::errc() && end == text.data() + text.size()) {
    table.insert_or_assign(key, integer);
    return;
  }
  char* floatEnd = nullptr;
  const double number = std::strtod(text.c_str(), &floatEnd);
  if (!text.empty() && floatEnd == text.c_str() + text.size()) {
    table.insert_or_assign(key, number);
  } else if (text == "true" || text == "false") {
    table.insert_or_assign(key, text == "true");
  } else {
    table.insert_or_assign(key, text);
  }
}

/// `name` (lower case, without the prefix) into its section's table, if it names one.
void insertVariable(toml::table& root, const std::string& name, const std::string& value,
                    const EnvironmentShape& shape) {
  for (std::string_view section : shape.sections) {
    if (name.size() <= section.size() + 1 || !name.starts_with(section) ||
        name[section.size()] != '_') {
      continue;
    }
    auto* table = root.insert(section, toml::table{}).first->second.as_table();
    const std::string key = name.substr(section.size() + 1);
    if (listed(shape.lists, name)) {
      table->insert_or_assign(key, listOf(value));
    } else if (listed(shape.texts, name)) {
      table->insert_or_assign(key, value);
    } else {
      insertTyped(*table, key, value);
    }
    return;
  }
}

}  // namespace

toml::table environmentTable(char** environment, const EnvironmentShape& shape) {
  toml::table root;
  for (char** entry = environment; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view variable(*entry);
    const auto equals = variable.find('=');
    if (!variable.starts_with(kEnvironmentPrefix) || equals == std::string_view::npos) {
      continue;
    }
    std::string name(
        variable.substr(kEnvironmentPrefix.size(), equals - kEnvironmentPrefix.size()));
    for (char& character : name) {
      character = static_cast<char>(std::tolower(static_cast<unsigned char>(character)));
    }
    if (!listed(shape.foreign, name)) {
      insertVariable(root, name, std::string(variable.substr(equals + 1)), shape);
    }
  }
  return root;
}

}  // namespace coyote
