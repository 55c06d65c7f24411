#include "platform/command_line.h"

#include <shellapi.h>
#include <windows.h>

#include "platform/windows_text.h"

namespace coyote::platform {

std::vector<std::string> commandLineArguments(int argc, char** argv) {
  int count = 0;
  wchar_t** wideArguments = CommandLineToArgvW(GetCommandLineW(), &count);
  if (wideArguments == nullptr) {  // not expected; argv is then the best there is
    return argc > 1 ? std::vector<std::string>(argv + 1, argv + argc) : std::vector<std::string>();
  }
  std::vector<std::string> arguments;
  for (int index = 1; index < count; ++index) {
    arguments.push_back(utf8(wideArguments[index]));
  }
  LocalFree(wideArguments);
  return arguments;
}

void useUtf8Console() {
  SetConsoleOutputCP(CP_UTF8);
}

}  // namespace coyote::platform
