#include "config/physics_config_loader.h"

#include <string_view>
#include <type_traits>

namespace coyote {

void readPhysicsSettings(TomlTableReader& sim, TomlTableReader& physics, PhysicsConfig& config) {
  PhysicsConfig::forEachField(config, [&](const auto& setting, auto& value) {
    TomlTableReader& table = std::string_view(setting.section) == "sim" ? sim : physics;
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
  PhysicsConfig config;
  readPhysicsSettings(sim, physics, config);
  sim.rejectUnknownKeys();
  physics.rejectUnknownKeys();
  reader.rejectUnknownKeys();
  return config;
}

}  // namespace coyote
