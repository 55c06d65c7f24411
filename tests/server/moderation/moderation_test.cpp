// Moderation alone: bans, mutes and the password, asked about an address and a name at a server
// time, with no socket and no connection.
#include "server/moderation/moderation.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "support/network.h"
#include "support/unix_time.h"

namespace coyote::test {
namespace {

constexpr std::uint32_t kAddress = 0x0100007f;  // 127.0.0.1 as ENet holds it

Ban banOf(Ban::Kind kind, const std::string& value, std::int64_t since, std::int64_t minutes) {
  return Ban{0,      kind, value, "", "griefing", since, minutes == 0 ? 0 : since + minutes * 60,
             "admin"};
}

TEST(Moderation, ANameBanRefusesThatNameInAnyCaseAndAnAddressBanTheAddress) {
  const ServerConfig config = testServerConfig();
  Moderation moderation(config, quietLogger(), 50.0, kUnixAtStart, nullptr);
  ASSERT_NE(moderation.addBan(banOf(Ban::Kind::Name, "Griefer", kUnixAtStart, 0)), nullptr);
  ASSERT_NE(moderation.addBan(banOf(Ban::Kind::Address, "10.1.2.3", kUnixAtStart, 10)), nullptr);
  EXPECT_NE(moderation.joinRefusal(kAddress, {"GRIEFER", "", "127.0.0.1"}, "", 60.0), "");
  EXPECT_EQ(moderation.joinRefusal(kAddress, {"griefer2", "", "127.0.0.1"}, "", 60.0), "");
  const std::string refusal = moderation.joinRefusal(1, {"ada", "", "10.1.2.3"}, "", 60.0);
  EXPECT_NE(refusal.find("griefing"), std::string::npos) << refusal;
  // Ten minutes after kUnixAtStart, which was server time 50 s.
  EXPECT_NE(moderation.joinRefusal(1, {"ada", "", "10.1.2.3"}, "", 50.0 + 599.0), "");
  EXPECT_EQ(moderation.joinRefusal(1, {"ada", "", "10.1.2.3"}, "", 50.0 + 601.0), "");
}

TEST(Moderation, TheBansOutliveTheServerInItsFileAndALiftedOneIsGone) {
  const ServerConfig config = testServerConfig();
  std::uint64_t lifted = 0;
  {
    Moderation moderation(config, quietLogger(), 0.0, kUnixAtStart, nullptr);
    moderation.addBan(banOf(Ban::Kind::Name, "griefer", kUnixAtStart, 0));
    lifted = moderation.addBan(banOf(Ban::Kind::Name, "pest", kUnixAtStart, 0))->id;
    EXPECT_TRUE(moderation.liftBan(lifted));
    EXPECT_FALSE(moderation.liftBan(lifted));
    EXPECT_TRUE(moderation.saveBans());
  }
  Moderation restarted(config, quietLogger(), 0.0, kUnixAtStart + 3600, nullptr);
  restarted.loadBans();
  ASSERT_EQ(restarted.bans().bans().size(), 1u);
  EXPECT_EQ(restarted.bans().bans().front().value, "griefer");
  EXPECT_NE(restarted.joinRefusal(kAddress, {"griefer", "", "127.0.0.1"}, "", 0.0), "");
  EXPECT_EQ(restarted.joinRefusal(kAddress, {"pest", "", "127.0.0.1"}, "", 0.0), "");
  std::filesystem::remove(config.bansFile);
}

TEST(Moderation, APasswordIsAskedForAndFiveWrongGuessesLockTheAddressOutForTenSeconds) {
  ServerConfig config = testServerConfig();
  config.password = "open sesame";
  Moderation moderation(config, quietLogger(), 0.0, kUnixAtStart, nullptr);
  EXPECT_EQ(moderation.joinRefusal(kAddress, {"ada", "", "127.0.0.1"}, "", 0.0),
            "this server needs a password");
  EXPECT_EQ(moderation.joinRefusal(kAddress, {"ada", "", "127.0.0.1"}, "open sesame", 0.0), "");
  for (int guess = 0; guess < 4; ++guess) {  // the missing password was the first wrong one
    EXPECT_EQ(moderation.joinRefusal(kAddress, {"ada", "", "127.0.0.1"}, "sesame", 1.0),
              "wrong password");
  }
  const std::string locked =
      "too many wrong passwords from this address; try again in a few seconds";
  EXPECT_EQ(moderation.joinRefusal(kAddress, {"ada", "", "127.0.0.1"}, "open sesame", 2.0), locked);
  EXPECT_EQ(moderation.joinRefusal(2, {"bob", "", "10.0.0.2"}, "open sesame", 2.0),
            "");  // another one
  EXPECT_EQ(moderation.joinRefusal(kAddress, {"ada", "", "127.0.0.1"}, "open sesame", 12.0), "");
}

TEST(Moderation, AMuteLastsItsMinutesInAnyCaseAndAtMostSoManyAtOnce) {
  const ServerConfig config = testServerConfig();
  Moderation moderation(config, quietLogger(), 0.0, kUnixAtStart, nullptr);
  const std::string key(32, 'a');
  ASSERT_TRUE(moderation.mute("Ada", {{"Ada", key, "10.0.0.7"}}, 10, 100.0));
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"ADA", "", "10.0.0.1"}, 160.0), 540.0);
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"\u0410da", "", "10.0.0.1"}, 160.0), 540.0)
      << "a look-alike";
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"spectator", "", "10.0.0.7"}, 160.0), 540.0)
      << "from its address, under any name";
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"", key, "10.0.0.9"}, 160.0), 540.0)
      << "its key, from another address, as a spectator";
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"", std::string(32, 'b'), "10.0.0.9"}, 160.0), 0.0);
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"ada", "", "10.0.0.7"}, 700.0), 0.0);
  EXPECT_DOUBLE_EQ(moderation.mutedFor({"bob", "", "10.0.0.1"}, 160.0), 0.0);
  EXPECT_TRUE(moderation.unmute("aDa"));
  EXPECT_FALSE(moderation.unmute("ada"));
  for (std::size_t i = 0; i < Moderation::kMaxMutes; ++i) {
    ASSERT_TRUE(moderation.mute("p" + std::to_string(i), {}, 1, 0.0)) << i;
  }
  EXPECT_FALSE(moderation.mute("one-too-many", {}, 1, 0.0));
  EXPECT_TRUE(moderation.mute("one-too-many", {}, 1, 61.0));  // the others' minute is over
}

}  // namespace
}  // namespace coyote::test
