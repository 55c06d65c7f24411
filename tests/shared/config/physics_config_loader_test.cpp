#include "config/physics_config_loader.h"

#include <fstream>
#include <iterator>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "io/config_error.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string physicsRefusal(const std::string& toml) {
  return test::refusalOfFile("physics.toml", toml,
                             [](const std::string& path) { loadPhysicsConfig(path); });
}

TEST(PhysicsConfigLoader, BundledFileMirrorsTheDefaults) {
  const PhysicsConfig loaded =
      loadPhysicsConfig(std::string(COYOTE_SOURCE_DIR) + "/configs/physics.toml");
  const PhysicsConfig defaults;
  int settings = 0;
  PhysicsConfig::forEachFieldPair(loaded, defaults, [&](const auto& setting, auto a, auto b) {
    EXPECT_EQ(a, b) << setting.key;
    ++settings;
  });
  EXPECT_EQ(settings, 47);
}

TEST(PhysicsConfigLoader, ReadsValuesOverDefaults) {
  test::TempDirectory directory;
  const PhysicsConfig config = loadPhysicsConfig(directory.write(
      "physics.toml", "[sim]\ntick_rate = 120\n[physics]\ngravity = 45\ncoyote_time = 0.2\n"));
  EXPECT_EQ(config.tickRate, 120);
  EXPECT_EQ(config.gravity, 45.0f);
  EXPECT_EQ(config.coyoteTime, 0.2f);
  EXPECT_EQ(config.jumpSpeed, PhysicsConfig{}.jumpSpeed);
}

TEST(PhysicsConfigLoader, RefusesUnknownKeyNamingIt) {
  EXPECT_THAT(
      physicsRefusal("[physics]\ncoyote_tme = 0.1\n"),
      AllOf(HasSubstr("physics.toml"), HasSubstr("physics.coyote_tme"), HasSubstr("unknown key")));
}

TEST(PhysicsConfigLoader, RefusesUnknownSection) {
  EXPECT_THAT(physicsRefusal("[physix]\ngravity = 1\n"),
              AllOf(HasSubstr("physix"), HasSubstr("unknown key")));
}

TEST(PhysicsConfigLoader, RefusesWrongTypeNamingTheKey) {
  EXPECT_THAT(physicsRefusal("[physics]\ngravity = \"strong\"\n"),
              AllOf(HasSubstr("physics.gravity"), HasSubstr("expected a number, got a string")));
  EXPECT_THAT(physicsRefusal("[physics]\nair_jumps = 1.5\n"),
              AllOf(HasSubstr("physics.air_jumps"), HasSubstr("expected an integer")));
}

TEST(PhysicsConfigLoader, RefusesOutOfRangeNamingTheKey) {
  EXPECT_THAT(physicsRefusal("[physics]\ncoyote_time = 3\n"),
              AllOf(HasSubstr("physics.coyote_time"), HasSubstr("must be in [0, 1], got 3")));
  EXPECT_THAT(physicsRefusal("[sim]\ntick_rate = 0\n"), HasSubstr("sim.tick_rate"));
}

TEST(PhysicsConfigLoader, RefusesBrokenSyntaxWithLine) {
  EXPECT_THAT(physicsRefusal("[physics]\ngravity = = 3\n"), HasSubstr("physics.toml:2:"));
}

TEST(PhysicsConfigLoader, RefusesMissingFile) {
  EXPECT_THROW(loadPhysicsConfig("/nonexistent/physics.toml"), ConfigError);
}

TEST(PhysicsConfigLoader, AbsurdKeyDepthIsRefusedBeforeTheParserSeesIt) {
  std::string key = "physics";
  for (int i = 0; i < 50000; ++i) {
    key += ".a";
  }
  EXPECT_THAT(physicsRefusal(key + " = 1\n"),
              AllOf(HasSubstr("physics.toml:1:"), HasSubstr("deeper")));
  EXPECT_THAT(physicsRefusal("[physics]\nx = " + std::string(50000, '[') + "\n"),
              AllOf(HasSubstr("physics.toml:2:"), HasSubstr("deeper")));
  // Dots in strings, comments and numbers do not count.
  EXPECT_THAT(physicsRefusal("[physics]\ngravity = 61.5 # " + std::string(200, '.') + "\n"),
              HasSubstr("accepted"));
}

TEST(PhysicsConfigLoader, AConfigOverOneMebibyteOrNotAFileIsRefused) {
  EXPECT_THAT(physicsRefusal("# " + std::string(1u << 20, 'x') + "\n"),
              HasSubstr("larger than the 1 MiB allowed"));
  EXPECT_THAT(test::refusalOf([] { loadPhysicsConfig("/dev/zero"); }),
              HasSubstr("not a regular file"));
}

std::string fileText(const std::string& path) {
  std::ifstream stream(path);
  return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

// The documentation of every setting is checked by coyote_docs_tests (docs/simulation.md).
TEST(PhysicsConfigLoader, EverySettingIsInTheBundledFile) {
  const std::string toml = fileText(std::string(COYOTE_SOURCE_DIR) + "/configs/physics.toml");
  const PhysicsConfig defaults;
  PhysicsConfig::forEachField(defaults, [&](const auto& setting, const auto&) {
    EXPECT_NE(toml.find(std::string(setting.key) + " ="), std::string::npos) << setting.key;
  });
}

}  // namespace
}  // namespace coyote
