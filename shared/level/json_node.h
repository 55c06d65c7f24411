#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/config_error.h"

namespace coyote {

using Json = nlohmann::json;

/// A JSON value together with its path from the document root, for error messages.
struct Node {
  const Json& value;
  std::string path;
  const std::string& file;

  [[noreturn]] void fail(std::string_view reason) const {
    throw ConfigError(fmt::format("{}: {}: {}", file, path, reason));
  }
  Node child(std::string_view key) const {
    if (!value.is_object() || !value.contains(key)) {
      fail(fmt::format("missing \"{}\"", key));
    }
    return {value.at(key), fmt::format("{}.{}", path, key), file};
  }
  bool has(std::string_view key) const { return value.is_object() && value.contains(key); }
  Node at(std::size_t index) const {
    return {value.at(index), fmt::format("{}[{}]", path, index), file};
  }
  const Json& array() const {
    if (!value.is_array()) {
      fail("expected an array");
    }
    return value;
  }
  std::string string() const {
    if (!value.is_string()) {
      fail("expected a string");
    }
    return value.get<std::string>();
  }
  std::int64_t integer(std::int64_t min, std::int64_t max) const {
    if (!value.is_number_integer()) {
      fail("expected an integer");
    }
    const std::int64_t number = value.get<std::int64_t>();
    if (number < min || number > max) {
      fail(fmt::format("must be in [{}, {}], got {}", min, max, number));
    }
    return number;
  }
  double number() const {
    if (!value.is_number()) {
      fail("expected a number");
    }
    return value.get<double>();
  }
};

// Tiled 1.9+ calls the type "class"; older versions "type".
inline std::string typeOrClass(const Node& object) {
  const std::string type = object.has("type") ? object.child("type").string() : std::string();
  if (type.empty() && object.has("class")) {
    return object.child("class").string();
  }
  return type;
}

/// The value of an object's custom property, if it has it.
/// While one lives, the name of every custom property the level loader of this thread asks for
/// is recorded here, present or not: loading a level with one object of each class lists every
/// property the loader knows. The documentation test uses it so that none is missing from docs/.
class PropertyRecorder {
 public:
  PropertyRecorder() : outer_(active()) { active() = this; }
  ~PropertyRecorder() { active() = outer_; }
  PropertyRecorder(const PropertyRecorder&) = delete;
  PropertyRecorder& operator=(const PropertyRecorder&) = delete;

  const std::vector<std::string>& names() const { return names_; }
  static void record(std::string_view name) {
    if (active() != nullptr) {
      active()->names_.emplace_back(name);
    }
  }

 private:
  static PropertyRecorder*& active() {
    thread_local PropertyRecorder* recorder = nullptr;
    return recorder;
  }
  std::vector<std::string> names_;
  PropertyRecorder* outer_;
};

/// Notes for the PropertyAudit of this thread, if any, that `name` of `owner` was read.
void notePropertyRead(const Node& owner, std::string_view name);

/// Refuses a property entry whose Tiled `type` is not the one its name is declared with
/// (level_properties.h): `"mass"` of type `string` names the entry's `type`.
void checkPropertyType(const Node& entry, std::string_view name);

inline std::optional<Node> findProperty(const Node& object, std::string_view name) {
  PropertyRecorder::record(name);
  notePropertyRead(object, name);
  if (!object.has("properties")) {
    return std::nullopt;
  }
  const Node properties = object.child("properties");
  for (std::size_t i = 0; i < properties.array().size(); ++i) {
    const Node entry = properties.at(i);
    if (entry.child("name").string() == name) {
      checkPropertyType(entry, name);
      return entry.child("value");
    }
  }
  return std::nullopt;
}

}  // namespace coyote
