#include "config/physics_config_loader.h"

#include <string_view>
#include <type_traits>

namespace coyote {

void readPhysicsSettings(const PhysicsTables& tables, PhysicsConfig& config) {
  PhysicsConfig::forEachField(config, [&](const auto& setting, auto& value) {
    const std::string_view section(setting.section);
    TomlTableReader& table =
        section == "sim" ? tables.sim : (section == "budgets" ? tables.budgets : tables.physics);
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, bool>) {
      table.read(setting.key, value);
    } else {
      table.read(setting.key, value, setting.min, setting.max);
    }
  });
}

PhysicsConfig loadPhysicsConfig(const std::string& file) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  TomlTableReader sim = reader.section("sim");
  TomlTableReader physics = reader.section("physics");
  TomlTableReader budgets = reader.section("budgets");
  PhysicsConfig config;
  readPhysicsSettings({sim, physics, budgets}, config);
  sim.rejectUnknownKeys();
  physics.rejectUnknownKeys();
  budgets.rejectUnknownKeys();
  reader.rejectUnknownKeys();
  return config;
}

}  // namespace coyote
