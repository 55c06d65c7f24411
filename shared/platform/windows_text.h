#pragma once

#include <string>

namespace coyote::platform {

// Windows only (the *_windows.cpp files): Coyote's strings are UTF-8 everywhere; Windows' wide
// ("W") functions take UTF-16, so a path with a non-ASCII user name reaches them whole.

/// `utf8` in UTF-16, for Windows' wide functions.
std::wstring wide(const std::string& utf8);
/// `utf16` in UTF-8.
std::string utf8(const std::wstring& utf16);
/// The system's words for the error `code` (GetLastError, WSAGetLastError), without the period.
std::string systemMessage(unsigned long code);

}  // namespace coyote::platform
