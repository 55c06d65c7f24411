#pragma once

#include <span>
#include <string_view>

#include <toml++/toml.h>

namespace coyote {

/// Which `COYOTE_<SECTION>_<KEY>` variables a program reads, and how their values are typed.
struct EnvironmentShape {
  std::span<const std::string_view> sections;  ///< the program's config sections
  /// `section_key` of variables that are lists: "a, b,c" is the array ["a", "b", "c"].
  std::span<const std::string_view> lists = {};
  /// `section_key` of variables kept as text whatever they look like (a password of digits).
  std::span<const std::string_view> texts = {};
  /// `section_key` of other programs' variables that look like one of ours (COYOTE_SERVER_BINARY
  /// is the client's, not [server] binary).
  std::span<const std::string_view> foreign = {};
};

/// The `COYOTE_<SECTION>_<KEY>=value` variables of `environment` (a null-terminated
/// `environ`-style array) as a TOML root with one table per section, for the program's own
/// TomlTableReader to check. Values are typed the way TOML would type them (integer, float,
/// boolean, else string) unless `shape` says otherwise; variables of other sections are left out.
toml::table environmentTable(char** environment, const EnvironmentShape& shape);

/// How a reader names the environment in its refusals.
inline constexpr const char* kEnvironmentSource = "environment (COYOTE_* variables)";

}  // namespace coyote
