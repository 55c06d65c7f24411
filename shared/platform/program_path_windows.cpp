#include "platform/program_path.h"

#include <windows.h>

#include <vector>

#include "platform/windows_text.h"

namespace coyote::platform {

std::string programFile() {
  std::vector<wchar_t> path(MAX_PATH);
  for (;;) {
    const DWORD length = GetModuleFileNameW(nullptr, path.data(), static_cast<DWORD>(path.size()));
    if (length == 0) {
      return "";
    }
    if (length < path.size()) {
      return utf8(std::wstring(path.data(), length));
    }
    path.resize(path.size() * 2);  // a long path: ask again with room for it
  }
}

std::string programFileName(const std::string& name) {
  return name + ".exe";
}

}  // namespace coyote::platform
