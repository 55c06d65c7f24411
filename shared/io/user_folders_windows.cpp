#include "io/user_folders.h"

#include <cstdlib>
#include <filesystem>

#include "platform/windows_text.h"

namespace coyote {
namespace {

/// %APPDATA%\coyote\NAME: Windows keeps a user's settings and data of a program together, in the
/// roaming profile ("" when APPDATA is unset or not absolute). Read wide, so that a user name
/// beyond the system's code page (José, 山田) reaches the path whole, as UTF-8.
std::string appDataFile(std::string_view name) {
  const wchar_t* appData = _wgetenv(L"APPDATA");
  if (appData == nullptr || !std::filesystem::path(appData).is_absolute()) {
    return "";
  }
  return platform::utf8(appData) + "\\coyote\\" + std::string(name);
}

}  // namespace

std::string userConfigFile(std::string_view name) {
  return appDataFile(name);
}

std::string userDataFile(std::string_view name) {
  return appDataFile(name);
}

}  // namespace coyote
