#pragma once

#include <string>
#include <vector>

namespace coyote::platform {

/// The program's arguments after its name, in UTF-8 as every part reads text: argv itself on
/// Linux (command_line_posix.cpp); on Windows, where argv is in the system's code page (José
/// becomes bytes that are not UTF-8), the wide command line converted (command_line_windows.cpp).
std::vector<std::string> commandLineArguments(int argc, char** argv);

/// Makes what the program prints UTF-8: Linux terminals are; a Windows console is told so.
void useUtf8Console();

}  // namespace coyote::platform
