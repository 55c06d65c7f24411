#pragma once

#include <string>

#include "config/toml_table_reader.h"
#include "sim/state/physics_config.h"

namespace coyote {

/// The tables physics settings live in (each entry of the list names its own).
struct PhysicsTables {
  TomlTableReader& sim;
  TomlTableReader& physics;
  TomlTableReader& budgets;
};

/// Loads the `[sim]`, `[physics]` and `[budgets]` settings of a TOML file over the defaults. Any
/// other section or key, a wrong type or an out-of-range value is a ConfigError naming file and
/// key.
PhysicsConfig loadPhysicsConfig(const std::string& file);

/// Reads every physics setting from the table its list entry names (`[sim]`, `[physics]` or
/// `[budgets]`), with the list's ranges (shared with the server config, whose `[sim]` and
/// `[budgets]` have more keys).
void readPhysicsSettings(const PhysicsTables& tables, PhysicsConfig& config);

}  // namespace coyote
