#include "config/toml_table_reader.h"

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "config/toml_shape.h"
#include "io/bounded_file.h"
#include "io/config_error.h"

namespace coyote {
namespace {

const toml::table& emptyTable() {
  static const toml::table empty;
  return empty;
}

std::string typeName(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    default:
      return "a date/time";
  }
}

}  // namespace

TomlTableReader::TomlTableReader(const toml::table& table, std::string file, std::string path)
    : table_(table), file_(std::move(file)), path_(std::move(path)) {}

std::string TomlTableReader::keyPath(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

void TomlTableReader::fail(std::string_view key, std::string_view reason) const {
  throw ConfigError(fmt::format("{}: {}: {}", file_, keyPath(key), reason));
}

namespace {
thread_local TomlKeyRecorder* activeRecorder = nullptr;
}  // namespace

TomlKeyRecorder::TomlKeyRecorder() : outer_(activeRecorder) {
  activeRecorder = this;
}

TomlKeyRecorder::~TomlKeyRecorder() {
  activeRecorder = outer_;
}

const toml::node* TomlTableReader::find(std::string_view key) {
  if (activeRecorder != nullptr) {
    activeRecorder->record(keyPath(key));
  }
  consumed_.emplace(key);
  return table_.get(key);
}

void TomlTableReader::read(std::string_view key, float& value, float min, float max) {
  const toml::node* node = find(key);
  if (node == nullptr) {
    return;
  }
  double number = 0.0;
  if (const auto* integer = node->as_integer()) {
    number = static_cast<double>(integer->get());
  } else if (const auto* floating = node->as_floating_point()) {
    number = floating->get();
  } else {
    fail(key, fmt::format("expected a number, got {}", typeName(*node)));
  }
  // The range is checked on the float that will be stored, so both ends are inclusive exactly
  // as written (0.05 in a file is the float 0.05f, the minimum itself) and NaN is refused.
  const auto stored = static_cast<float>(number);
  if (!(stored >= min && stored <= max)) {
    fail(key, fmt::format("must be in [{}, {}], got {}", min, max, number));
  }
  value = stored;
}

void TomlTableReader::read(std::string_view key, std::int32_t& value, std::int32_t min,
                           std::int32_t max) {
  const toml::node* node = find(key);
  if (node == nullptr) {
    return;
  }
  const auto* integer = node->as_integer();
  if (integer == nullptr) {
    fail(key, fmt::format("expected an integer, got {}", typeName(*node)));
  }
  const std::int64_t number = integer->get();
  if (number < min || number > max) {
    fail(key, fmt::format("must be in [{}, {}], got {}", min, max, number));
  }
  value = static_cast<std::int32_t>(number);
}

void TomlTableReader::read(std::string_view key, bool& value) {
  const toml::node* node = find(key);
  if (node == nullptr) {
    return;
  }
  const auto* boolean = node->as_boolean();
  if (boolean == nullptr) {
    fail(key, fmt::format("expected a boolean, got {}", typeName(*node)));
  }
  value = boolean->get();
}

void TomlTableReader::read(std::string_view key, std::string& value) {
  const toml::node* node = find(key);
  if (node == nullptr) {
    return;
  }
  const auto* text = node->as_string();
  if (text == nullptr) {
    fail(key, fmt::format("expected a string, got {}", typeName(*node)));
  }
  value = text->get();
}

void TomlTableReader::read(std::string_view key, std::vector<std::string>& values) {
  const toml::node* node = find(key);
  if (node == nullptr) {
    return;
  }
  const auto* array = node->as_array();
  if (array == nullptr) {
    fail(key, fmt::format("expected an array of strings, got {}", typeName(*node)));
  }
  std::vector<std::string> read;
  for (std::size_t i = 0; i < array->size(); ++i) {
    const auto* text = array->get(i)->as_string();
    if (text == nullptr) {
      fail(fmt::format("{}[{}]", key, i),
           fmt::format("expected a string, got {}", typeName(*array->get(i))));
    }
    read.push_back(text->get());
  }
  values = std::move(read);
}

std::vector<std::string> TomlTableReader::keys() const {
  std::vector<std::string> names;
  for (const auto& [key, node] : table_) {
    names.emplace_back(key.str());
  }
  return names;
}

TomlTableReader TomlTableReader::section(std::string_view key) {
  const toml::node* node = find(key);
  if (node == nullptr) {
    return TomlTableReader(emptyTable(), file_, keyPath(key));
  }
  const auto* table = node->as_table();
  if (table == nullptr) {
    fail(key, fmt::format("expected a table, got {}", typeName(*node)));
  }
  return TomlTableReader(*table, file_, keyPath(key));
}

void TomlTableReader::rejectUnknownKeys() const {
  for (const auto& [key, node] : table_) {
    if (!consumed_.contains(key.str())) {
      fail(key.str(), "unknown key");
    }
  }
}

toml::table parseTomlFile(const std::string& file) {
  const std::string text = readBoundedFile(file, kMaxConfigFileBytes);
  checkTomlShape(text, file);
  try {
    return toml::parse(text, file);
  } catch (const toml::parse_error& error) {
    throw ConfigError(fmt::format("{}:{}:{}: {}", file, error.source().begin.line,
                                  error.source().begin.column, error.description()));
  }
}

}  // namespace coyote
