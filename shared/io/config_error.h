#pragma once

#include <stdexcept>
#include <string>

namespace coyote {

/// A refused configuration or level file. The message always names the file, the key or JSON
/// path, and the reason: "configs/physics.toml: physics.coyote_time: must be in [0, 1], got 3".
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace coyote
