// libFuzzer: the TOML config path (shape check, toml++, the setting reader) on arbitrary text.
#include <cstdint>
#include <string>
#include <string_view>

#include "config/physics_config_loader.h"
#include "config/toml_shape.h"
#include "io/config_error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    coyote::checkTomlShape(text, "fuzz.toml");
    const toml::table root = toml::parse(text, std::string_view("fuzz.toml"));
    coyote::TomlTableReader reader(root, "fuzz.toml", "");
    coyote::TomlTableReader sim = reader.section("sim");
    coyote::TomlTableReader physics = reader.section("physics");
    coyote::TomlTableReader budgets = reader.section("budgets");
    coyote::PhysicsConfig config;
    coyote::readPhysicsSettings({sim, physics, budgets}, config);
    reader.rejectUnknownKeys();
  } catch (const coyote::ConfigError&) {
  } catch (const toml::parse_error&) {
  }
  return 0;
}
