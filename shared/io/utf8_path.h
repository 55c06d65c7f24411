#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace coyote {

// Coyote's text is UTF-8 everywhere: names, settings, the command line (read wide on Windows and
// converted), the folders the system gives. `std::filesystem::path(std::string)` reads bytes in
// the C library's narrow encoding instead: UTF-8 on Linux, but on Windows (MinGW's C runtime)
// one character a byte, so a player's folder C:\Users\José would be looked for as
// C:\Users\JosÃ©. Every path made from text goes through utf8Path and every path turned back
// into text through utf8String; on Linux both change nothing.

/// The path `text` (UTF-8) names.
inline std::filesystem::path utf8Path(std::string_view text) {
  return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

/// `path` as UTF-8 text, to show, store or hand to a function that takes text.
inline std::string utf8String(const std::filesystem::path& path) {
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

}  // namespace coyote
