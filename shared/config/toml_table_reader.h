#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace coyote {

/// Reads typed, range-checked values out of one TOML table and refuses keys nobody asked for.
/// Every refusal is a ConfigError naming the file, the dotted key path and the reason.
class TomlTableReader {
 public:
  TomlTableReader(const toml::table& table, std::string file, std::string path);

  /// Each `read` leaves `value` untouched when the key is absent (the default stands).
  void read(std::string_view key, float& value, float min, float max);
  void read(std::string_view key, std::int32_t& value, std::int32_t min, std::int32_t max);
  void read(std::string_view key, bool& value);
  void read(std::string_view key, std::string& value);
  /// An array of strings.
  void read(std::string_view key, std::vector<std::string>& values);

  /// The table's keys, in the parser's (sorted) order.
  std::vector<std::string> keys() const;

  /// A nested table; an absent one reads as empty.
  TomlTableReader section(std::string_view key);

  /// Refuses the first key that no `read` or `section` consumed.
  void rejectUnknownKeys() const;

  [[noreturn]] void fail(std::string_view key, std::string_view reason) const;

 private:
  std::string keyPath(std::string_view key) const;
  const toml::node* find(std::string_view key);

  const toml::table& table_;
  std::string file_;
  std::string path_;
  std::set<std::string, std::less<>> consumed_;
};

/// While one lives, every key path a TomlTableReader of this thread asks for is recorded here,
/// asked for or not present: a loader run on an empty file lists every setting it knows. The
/// documentation test uses it so that no setting can be missing from docs/.
class TomlKeyRecorder {
 public:
  TomlKeyRecorder();
  ~TomlKeyRecorder();
  TomlKeyRecorder(const TomlKeyRecorder&) = delete;
  TomlKeyRecorder& operator=(const TomlKeyRecorder&) = delete;

  /// Every dotted key path asked for, sections included, in the order asked.
  const std::vector<std::string>& keys() const { return keys_; }
  void record(std::string key) { keys_.push_back(std::move(key)); }

 private:
  std::vector<std::string> keys_;
  TomlKeyRecorder* outer_;
};

/// Parses a TOML file, turning a syntax error into a ConfigError with file, line and column.
toml::table parseTomlFile(const std::string& file);

}  // namespace coyote
