#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sim/world_step.h"

namespace coyote {

/// A scripted input sequence: one line per tick, one `moveX moveY buttons` triple per player
/// separated by `;`. Axes are -127..127; buttons are `-` or any of `jump`, `dash`, `down` joined
/// by `+`. Blank lines and lines starting with `#` are skipped.
struct InputScript {
  int players = 0;
  std::vector<TickInputs> ticks;
};

/// Parses a script; a malformed line is a ConfigError naming the file, line and field.
InputScript parseInputScript(std::string_view text, const std::string& fileName);

InputScript loadInputScript(const std::string& file);

}  // namespace coyote
