#pragma once

#include <string>

#include "config/toml_table_reader.h"
#include "sim/physics_config.h"

namespace coyote {

/// Loads `[sim] tick_rate` and the `[physics]` table of a TOML file over the defaults. Any other
/// section or key, a wrong type or an out-of-range value is a ConfigError naming file and key.
PhysicsConfig loadPhysicsConfig(const std::string& file);

/// Reads every physics setting from the table its list entry names (`[sim]` or `[physics]`),
/// with the list's ranges (shared with the server config, whose `[sim]` has more keys).
void readPhysicsSettings(TomlTableReader& sim, TomlTableReader& physics, PhysicsConfig& config);

}  // namespace coyote
