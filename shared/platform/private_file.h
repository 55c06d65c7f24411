#pragma once

#include <string>

namespace coyote::platform {

/// Why `file` is not a regular file that only its owner can read (a player's key is refused
/// then, as ssh refuses a key others can read), or "" when it is one. On Linux: a mode with no
/// group or other bits (private_file_posix.cpp); on Windows: an access list that grants no one
/// but its owner, SYSTEM and the Administrators (private_file_windows.cpp).
std::string privateFileProblem(const std::string& file);

/// Writes `text` to `file` (its folders made as needed) so that only its owner can read it:
/// written beside it under another name, then renamed over it. Throws std::runtime_error naming
/// the file when it cannot.
void writePrivateFile(const std::string& file, const std::string& text);

}  // namespace coyote::platform
