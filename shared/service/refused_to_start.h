#pragma once

#include <stdexcept>

namespace coyote::service {

/// What a service must not start on, its settings good (a records database written by a newer
/// version): `run` prints it and exits 1, where a wrong setting exits 2.
class RefusedToStart : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace coyote::service
