#include "io/user_folders.h"

#include <cstdlib>

namespace coyote {

std::string userConfigFile(std::string_view name) {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg == '/') {
    return std::string(xdg) + "/coyote/" + std::string(name);
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') {
    return std::string(home) + "/.config/coyote/" + std::string(name);
  }
  return "";
}

std::string userDataFile(std::string_view name) {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg == '/') {
    return std::string(xdg) + "/coyote/" + std::string(name);
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') {
    return std::string(home) + "/.local/share/coyote/" + std::string(name);
  }
  return "";
}

}  // namespace coyote
