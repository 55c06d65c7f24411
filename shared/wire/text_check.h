#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace coyote::net {

/// Why `text` cannot be shown and logged, or "" if it can: it must be valid UTF-8 (no overlong
/// forms, no surrogates) without control characters (C0, DEL, C1, line and paragraph
/// separators), so that it can neither forge a log line nor send escape sequences to a terminal.
/// The reason starts with `what` ("the name is not valid UTF-8").
std::string textProblem(std::string_view text, std::string_view what);

/// Code points in `text`, which textProblem accepted.
std::size_t codePointCount(std::string_view text);

}  // namespace coyote::net
