// What a reload (SIGHUP) takes into a running server and what it leaves for a restart.
#include "server/settings_reload.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

using Keys = std::vector<std::string>;

TEST(SettingsReload, TakesTheNameMotdAndPasswordAndSaysWhichChanged) {
  ServerConfig running;
  ServerConfig fresh;
  fresh.serverName = "After";
  fresh.password = "hunter22";
  const SettingsChange change = takeLiveSettings(running, fresh);
  EXPECT_EQ(change.applied, (Keys{"server.name", "server.password"}));
  EXPECT_FALSE(change.restartNeeded);
  EXPECT_EQ(running.serverName, "After");
  EXPECT_EQ(running.password, "hunter22");
  EXPECT_EQ(running, fresh);
  EXPECT_TRUE(takeLiveSettings(running, fresh).applied.empty()) << "nothing changed twice";
}

TEST(SettingsReload, LeavesEveryOtherSettingForARestartAndSaysSo) {
  ServerConfig running;
  ServerConfig fresh;
  fresh.motd = "new day";
  fresh.port = 7778;
  fresh.physics.gravity += 1.0f;
  const SettingsChange change = takeLiveSettings(running, fresh);
  EXPECT_EQ(change.applied, (Keys{"server.motd"}));
  EXPECT_TRUE(change.restartNeeded);
  EXPECT_EQ(running.port, 7777) << "the port waits for a restart";
  EXPECT_NE(running.physics.gravity, fresh.physics.gravity);

  ServerConfig physicsOnly = running;
  physicsOnly.physics.maxRunSpeed *= 2.0f;
  EXPECT_TRUE(takeLiveSettings(running, physicsOnly).restartNeeded) << "a physics setting counts";
  ServerConfig levels = running;
  levels.roomLevels["race"] = "configs/levels/race.tmj";
  EXPECT_TRUE(takeLiveSettings(running, levels).restartNeeded) << "so does a room's level";
}

}  // namespace
}  // namespace coyote
