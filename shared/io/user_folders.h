#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// A player's own file `name` among Coyote's settings: $XDG_CONFIG_HOME/coyote/NAME, else
/// ~/.config/coyote/NAME ("" when neither variable is set, or set to no absolute path); on
/// Windows %APPDATA%\coyote\NAME (user_folders_windows.cpp).
std::string userConfigFile(std::string_view name);

/// A player's own data `name` (replays): $XDG_DATA_HOME/coyote/NAME, else
/// ~/.local/share/coyote/NAME ("" as above); on Windows %APPDATA%\coyote\NAME.
std::string userDataFile(std::string_view name);

}  // namespace coyote
