#pragma once

#include <cstdint>
#include <string>

namespace coyote {

/// A player joining or leaving at a tick; applied before that tick is stepped.
struct RosterEvent {
  enum Kind : std::uint8_t { kJoin = 1, kLeave = 2 };
  std::uint8_t kind = kJoin;
  std::uint8_t slot = 0;
  std::string name;  ///< joins only

  friend bool operator==(const RosterEvent&, const RosterEvent&) = default;
};

}  // namespace coyote
