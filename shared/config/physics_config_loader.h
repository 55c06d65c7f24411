#pragma once

#include <string>

#include "config/toml_table_reader.h"
#include "sim/physics_config.h"

namespace coyote {

/// Loads `[sim] tick_rate` and the `[physics]` table of a TOML file over the defaults. Any other
/// section or key, a wrong type or an out-of-range value is a ConfigError naming file and key.
PhysicsConfig loadPhysicsConfig(const std::string& file);

/// Reads the `[physics]` keys from `physics` into `config` (shared with the server config).
void readPhysicsSection(TomlTableReader& physics, PhysicsConfig& config);

/// Reads `tick_rate` from a `[sim]` table.
void readTickRate(TomlTableReader& sim, PhysicsConfig& config);

}  // namespace coyote
