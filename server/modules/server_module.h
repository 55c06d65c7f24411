#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// Parts of the server kept in modules of their own and loaded at their first use, so that a
/// server that does not use them does not hold their libraries (docs/hosting.md#memory):
/// NAME.so in lib/coyote beside the program's bin (the build's lib/coyote for its programs and
/// tests alike; /usr/lib/coyote for the packages).
std::string modulePath(std::string_view module);

/// Whether the module's file is there: a server checks at start for a module it may load later.
bool moduleInstalled(std::string_view module);

/// The address of `symbol` in `module`, loaded once (on any thread) and never unloaded, since
/// what it made may live as long as the program. Throws std::runtime_error naming the module's
/// path and what went wrong.
void* moduleSymbol(std::string_view module, const char* symbol);

/// moduleSymbol as the function `Function` it is.
template <typename Function>
Function moduleFunction(std::string_view module, const char* symbol) {
  return reinterpret_cast<Function>(moduleSymbol(module, symbol));
}

}  // namespace coyote
