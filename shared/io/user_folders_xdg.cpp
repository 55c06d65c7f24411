#include "io/user_folders.h"

#include <cstdlib>

namespace coyote {
namespace {

/// The XDG base directory `variable` names, else HOME's `fallback`, with coyote/NAME.
std::string userFile(const char* variable, const char* fallback, std::string_view name) {
  if (const char* xdg = std::getenv(variable); xdg != nullptr && *xdg == '/') {
    return std::string(xdg) + "/coyote/" + std::string(name);
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') {
    return std::string(home) + fallback + "/coyote/" + std::string(name);
  }
  return "";
}

}  // namespace

std::string userConfigFile(std::string_view name) {
  return userFile("XDG_CONFIG_HOME", "/.config", name);
}

std::string userDataFile(std::string_view name) {
  return userFile("XDG_DATA_HOME", "/.local/share", name);
}

}  // namespace coyote
