#pragma once

#include <string>
#include <utility>

#include "io/config_error.h"
#include "support/temp_file.h"

namespace coyote::test {

/// Runs a loader and returns its ConfigError message, or "accepted" if it loaded: refusal tests
/// then check that the message names the file, the key and the reason.
template <class Load>
std::string refusalOf(Load&& load) {
  try {
    std::forward<Load>(load)();
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "accepted";
}

/// What loading the file `name`, holding `text`, in a folder of its own throws (as refusalOf).
template <class Load>
std::string refusalOfFile(const std::string& name, const std::string& text, Load&& load) {
  TempDirectory directory;
  const std::string path = directory.write(name, text);
  return refusalOf([&] { std::forward<Load>(load)(path); });
}

}  // namespace coyote::test
