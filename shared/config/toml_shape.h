#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// The deepest a Coyote config needs to go; far beyond it a document only attacks the parser.
inline constexpr int kMaxTomlKeyParts = 64;  ///< dotted parts on one line
inline constexpr int kMaxTomlNesting = 64;   ///< nested arrays and inline tables

/// Refuses, before toml++ sees it, a document whose keys have absurdly many dotted parts or whose
/// arrays and inline tables nest absurdly deep (toml++ recurses on both and overflows the stack
/// near 50,000). A ConfigError names the file and the line.
void checkTomlShape(std::string_view text, const std::string& file);

}  // namespace coyote
