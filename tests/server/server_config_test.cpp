#include "server/base/server_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "io/config_error.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string fileRefusal(const std::string& toml) {
  test::TempDirectory directory;
  ServerConfig config;
  return test::refusalOf(
      [&] { loadServerConfigFile(directory.write("server.toml", toml), config); });
}

std::string environmentRefusal(std::vector<std::string> variables) {
  std::vector<char*> environment;
  for (std::string& variable : variables) {
    environment.push_back(variable.data());
  }
  environment.push_back(nullptr);
  ServerConfig config;
  return test::refusalOf([&] { applyEnvironmentOverrides(environment.data(), config); });
}

TEST(ServerConfig, BundledFileLoads) {
  ServerConfig config;
  loadServerConfigFile(std::string(COYOTE_SOURCE_DIR) + "/configs/server.toml", config);
  EXPECT_EQ(config.port, 7777);
  EXPECT_EQ(config.physics.tickRate, 60);
  EXPECT_EQ(config.sendRate, 20);
  EXPECT_EQ(config.level, "configs/levels/arena.tmj");
  EXPECT_FALSE(config.jumpsRemaining.has_value());
  EXPECT_EQ(config.overloadRadius, 24);
  EXPECT_EQ(config.overloadActiveBodies, 32);
}

// What a server browser shows is printable text of bounded length.
TEST(ServerConfig, TheServersNameAndMotdArePrintableAndBounded) {
  EXPECT_EQ(fileRefusal("[server]\nname = \"Coyote Paris\"\nmotd = \"bienvenue\"\n"), "accepted");
  EXPECT_THAT(fileRefusal("[server]\nname = \"evil\\u001b[2J\"\n"),
              HasSubstr("server.name: the text holds a control character"));
  EXPECT_THAT(fileRefusal("[server]\nmotd = \"" + std::string(161, 'm') + "\"\n"),
              HasSubstr("server.motd: at most 160 bytes"));
  EXPECT_THAT(fileRefusal("[server]\npassword_file = \"x\"\n"),
              HasSubstr("server.password_file: unknown key"));
}

TEST(ServerConfig, RoomsAreReadWithTheirLevels) {
  test::TempDirectory directory;
  ServerConfig config;
  loadServerConfigFile(directory.write("server.toml",
                                       "[rooms]\ncreate_unknown = false\nidle_seconds = 5.0\n"
                                       "max_rooms = 3\n[rooms.levels]\nmain = \"a.tmj\"\n"
                                       "red-2 = \"b.tmj\"\n"),
                       config);
  EXPECT_FALSE(config.createUnknownRooms);
  EXPECT_EQ(config.roomIdleSeconds, 5.0f);
  EXPECT_EQ(config.maxRooms, 3);
  EXPECT_EQ(config.roomLevels,
            (std::map<std::string, std::string>{{"main", "a.tmj"}, {"red-2", "b.tmj"}}));
  EXPECT_THAT(fileRefusal("[rooms.levels]\nRed = \"b.tmj\"\n"),
              AllOf(HasSubstr("rooms.levels.Red"), HasSubstr("a-z, 0-9")));
  EXPECT_THAT(fileRefusal("[rooms.levels]\nred = 3\n"),
              AllOf(HasSubstr("rooms.levels.red"), HasSubstr("expected a string")));
  EXPECT_THAT(fileRefusal("[rooms.levels]\nred = \"\"\n"),
              AllOf(HasSubstr("rooms.levels.red"), HasSubstr("a level file is needed")));
  EXPECT_THAT(fileRefusal("[rooms]\nmax_rooms = 0\n"), HasSubstr("rooms.max_rooms"));
  EXPECT_THAT(fileRefusal("[rooms]\nmax_room = 2\n"),
              AllOf(HasSubstr("rooms.max_room"), HasSubstr("unknown key")));
}

TEST(ServerConfig, RefusalsNameTheFileAndTheKey) {
  EXPECT_THAT(fileRefusal("[net]\nprot = 1\n"),
              AllOf(HasSubstr("server.toml"), HasSubstr("net.prot"), HasSubstr("unknown key")));
  EXPECT_THAT(fileRefusal("[net]\nport = \"seven\"\n"),
              AllOf(HasSubstr("net.port"), HasSubstr("expected an integer")));
  EXPECT_THAT(fileRefusal("[net]\nmax_players = 1000\n"),
              AllOf(HasSubstr("net.max_players"), HasSubstr("must be in [1, 256]")));
  EXPECT_THAT(fileRefusal("[sim]\nmax_substeps = 0\n"), HasSubstr("sim.max_substeps"));
  EXPECT_THAT(fileRefusal("[physics]\ngravity = -3\n"), HasSubstr("physics.gravity"));
  EXPECT_THAT(fileRefusal("[budgets]\njumps_remaining = -7\n"),
              HasSubstr("budgets.jumps_remaining"));
  EXPECT_THAT(
      fileRefusal("[budgets]\noverload_active_bodies = 2049\n"),
      AllOf(HasSubstr("budgets.overload_active_bodies"), HasSubstr("must be in [1, 2048]")));
  EXPECT_THAT(fileRefusal("[world]\nlevel = 3\n"),
              AllOf(HasSubstr("world.level"), HasSubstr("expected a string")));
  EXPECT_THAT(fileRefusal("[metrics]\nport = 1\n"), HasSubstr("metrics"));
}

TEST(ServerConfig, EnvironmentOverridesWithTypes) {
  std::vector<std::string> variables = {"COYOTE_NET_PORT=7778",
                                        "COYOTE_NET_PEER_TIMEOUT=2.5",
                                        "COYOTE_WORLD_RECORD=/tmp/x.rpl",
                                        "PATH=/usr/bin",
                                        "COYOTE_BUDGETS_DASHES_REMAINING=3",
                                        "COYOTE_PHYSICS_GRAVITY=45",
                                        "COYOTE_ROOMS_MAX_ROOMS=5"};
  std::vector<char*> environment;
  for (std::string& variable : variables) {
    environment.push_back(variable.data());
  }
  environment.push_back(nullptr);
  ServerConfig config;
  config.port = 1;
  applyEnvironmentOverrides(environment.data(), config);
  EXPECT_EQ(config.port, 7778);
  EXPECT_EQ(config.peerTimeout, 2.5f);
  EXPECT_EQ(config.record, "/tmp/x.rpl");
  EXPECT_EQ(config.dashesRemaining, 3);
  EXPECT_EQ(config.physics.gravity, 45.0f);
  EXPECT_EQ(config.maxRooms, 5);
}

TEST(ServerConfig, EnvironmentRefusalsNameTheVariable) {
  EXPECT_THAT(environmentRefusal({"COYOTE_NET_PORT=99999"}),
              AllOf(HasSubstr("environment"), HasSubstr("net.port"), HasSubstr("65535")));
  EXPECT_THAT(environmentRefusal({"COYOTE_NET_PROT=1"}), HasSubstr("net.prot"));
}

TEST(ServerConfig, CoyoteVariablesOfOtherProgramsAreNotOverrides) {
  // The client's documented overrides reach a local server through its environment.
  EXPECT_EQ(environmentRefusal({"COYOTE_SERVER_BINARY=/usr/bin/coyote-server",
                                "COYOTE_FONT=/usr/share/fonts/x.ttf", "COYOTE_COLOR=red"}),
            "accepted");
}

// The admin token must carry 128 bits (docs/hosting.md#configuration): a guessable one is refused
// at start with the estimate and how to make a good one.
TEST(ServerConfig, AnAdminTokenOfFewerThan128BitsIsRefused) {
  EXPECT_THAT(fileRefusal("[admin]\ntoken = \"0123456789abcdef\"\n"),
              AllOf(HasSubstr("admin.token"), HasSubstr("about 83 bits"), HasSubstr("at least 128"),
                    HasSubstr("/dev/urandom")));
  EXPECT_THAT(fileRefusal("[admin]\ntoken = \"password123456789\"\n"), HasSubstr("about 88 bits"));
  EXPECT_EQ(fileRefusal("[admin]\ntoken = \"q3VzZ2hGx0Kb1PjR/8wTz4nLm+5aYc2E\"\n"), "accepted");
  EXPECT_EQ(fileRefusal("[admin]\ntoken = \"\"\n"), "accepted") << "the API off";
}

TEST(ServerConfig, TrustedProxiesAreIPv4Addresses) {
  ServerConfig config;
  test::TempDirectory directory;
  loadServerConfigFile(
      directory.write("server.toml", "[admin]\ntrusted_proxies = [\"10.0.0.1\", \"10.0.0.2\"]\n"),
      config);
  EXPECT_THAT(config.trustedProxies, ::testing::ElementsAre("10.0.0.1", "10.0.0.2"));
  EXPECT_THAT(fileRefusal("[admin]\ntrusted_proxies = [\"proxy.example\"]\n"),
              AllOf(HasSubstr("admin.trusted_proxies"), HasSubstr("not an IPv4 address")));
  std::vector<std::string> variables{"COYOTE_ADMIN_TRUSTED_PROXIES=10.0.0.3, 10.0.0.4"};
  std::vector<char*> environment{variables[0].data(), nullptr};
  ServerConfig fromEnvironment;
  applyEnvironmentOverrides(environment.data(), fromEnvironment);
  EXPECT_THAT(fromEnvironment.trustedProxies, ::testing::ElementsAre("10.0.0.3", "10.0.0.4"));
  EXPECT_THAT(environmentRefusal({"COYOTE_ADMIN_TRUSTED_PROXIES=10.0.0.3,nginx"}),
              HasSubstr("not an IPv4 address"));
}

}  // namespace
}  // namespace coyote
