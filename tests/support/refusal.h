#pragma once

#include <string>
#include <utility>

#include "io/config_error.h"

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

}  // namespace coyote::test
