#pragma once

#include <cstdint>
#include <string>

namespace coyote {

/// What the server decides for a tick beyond the inputs, applied before that tick is stepped
/// on every machine: a player joining or leaving, or the overload governor's activity limits
/// (docs/hosting.md#overload-governor: `sim.simulation_radius` and `budgets.max_active_bodies`
/// reduced at an announced tick, so that clients stay bit-exact).
struct RosterEvent {
  enum Kind : std::uint8_t { kJoin = 1, kLeave = 2, kLimits = 3 };
  std::uint8_t kind = kJoin;
  std::uint8_t slot = 0;
  std::string name;                ///< joins only
  std::uint16_t radius = 0;        ///< limits: simulation radius in force, tiles (0: the config's)
  std::uint16_t activeBodies = 0;  ///< limits: active-body budget in force (0: the config's)

  /// The limits from this tick on (all zero: back to the config's).
  static RosterEvent limits(std::uint16_t radius, std::uint16_t activeBodies) {
    return {kLimits, 0, "", radius, activeBodies};
  }

  friend bool operator==(const RosterEvent&, const RosterEvent&) = default;
};

}  // namespace coyote
