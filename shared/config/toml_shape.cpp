#include "config/toml_shape.h"

#include <fmt/format.h>

#include "io/config_error.h"

namespace coyote {
namespace {

/// Skips a quoted string starting at `i` (the opening quote); returns the index after it.
/// Escapes count in basic strings only; a string left open runs to the end of the line.
std::size_t skipString(std::string_view text, std::size_t i) {
  const char quote = text[i];
  for (++i; i < text.size() && text[i] != '\n'; ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      return i + 1;
    }
  }
  return i;
}

}  // namespace

void checkTomlShape(std::string_view text, const std::string& file) {
  int line = 1;
  int dots = 0;
  int nesting = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      i = skipString(text, i);
      continue;
    }
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') {
        ++i;
      }
      continue;
    }
    dots += c == '.' ? 1 : 0;
    nesting += (c == '[' || c == '{') ? 1 : ((c == ']' || c == '}') ? -1 : 0);
    if (dots > kMaxTomlKeyParts || nesting > kMaxTomlNesting) {
      throw ConfigError(fmt::format("{}:{}: keys or nesting deeper than {} levels", file, line,
                                    kMaxTomlKeyParts));
    }
    if (c == '\n') {
      ++line;
      dots = 0;
    }
    ++i;
  }
}

}  // namespace coyote
