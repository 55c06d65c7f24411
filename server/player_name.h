#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// Why a name from a Hello cannot be shown and logged, or "" if it can: it must be valid UTF-8
/// (no overlong forms, no surrogates) without control characters, so that it can neither forge
/// a log line nor send escape sequences to a terminal. An empty name is fine (the server picks
/// "player<slot>").
std::string nameProblem(std::string_view name);

/// `name` with ASCII letters in lower case: how moderation matches names ("Bob" is "bob").
std::string nameKey(std::string_view name);
inline bool sameName(std::string_view a, std::string_view b) {
  return nameKey(a) == nameKey(b);
}

}  // namespace coyote
