#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// A player's own file `name` among Coyote's settings: $XDG_CONFIG_HOME/coyote/NAME, else
/// ~/.config/coyote/NAME ("" when neither variable is set, or set to no absolute path).
std::string userConfigFile(std::string_view name);

}  // namespace coyote
