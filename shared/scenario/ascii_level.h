#pragma once

#include <string_view>

#include "sim/state/level.h"

namespace coyote {

/// Builds a level from an ASCII picture, one character per tile, for tests and benchmarks:
///   `#` solid   `-` one-way   `/` slope up-right   `\` slope up-left
///   `R` rounded up-right   `L` rounded up-left   `~` water   `^` hazard
///   `S` spawn (bottom-centre of that cell)   anything else empty.
/// Rows are separated by '\n'; the width is that of the longest row.
Level levelFromAscii(std::string_view picture);

}  // namespace coyote
