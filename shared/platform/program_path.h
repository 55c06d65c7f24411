#pragma once

#include <string>

namespace coyote::platform {

/// The running program's own file, "" when the system does not say: /proc/self/exe on Linux
/// (program_path_posix.cpp), GetModuleFileNameW on Windows (program_path_windows.cpp).
std::string programFile();

/// `name` as a program's file is named here: "coyote-server.exe" on Windows, unchanged elsewhere.
std::string programFileName(const std::string& name);

}  // namespace coyote::platform
