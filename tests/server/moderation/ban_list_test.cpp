// The ban list and its file (docs/hosting.md#moderation): what is written is read back, a
// hostile file is refused naming the entry and the field, names match in any ASCII case.
#include "server/moderation/ban_list.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "io/config_error.h"
#include "server/names/player_name.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

Ban addressBan(const std::string& address, std::int64_t until = 0) {
  return {0, Ban::Kind::Address, address, "wile", "spam", 1000, until, "admin"};
}

Ban nameBan(const std::string& name) {
  return {0, Ban::Kind::Name, name, "", "impersonation", 1000, 0, "admin"};
}

TEST(BanList, RoundTripsThroughItsFile) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "bans.json").string();
  EXPECT_TRUE(BanList::load(file).bans().empty()) << "no file yet: no bans";
  BanList bans;
  bans.add(addressBan("10.0.0.7", 5000));
  bans.add(nameBan("Road Runner"));
  bans.save(file);
  const BanList read = BanList::load(file);
  ASSERT_EQ(read.bans().size(), 2u);
  EXPECT_EQ(read.bans()[0].value, "10.0.0.7");
  EXPECT_EQ(read.bans()[0].name, "wile");
  EXPECT_EQ(read.bans()[0].until, 5000);
  EXPECT_EQ(read.bans()[1].kind, Ban::Kind::Name);
  EXPECT_EQ(read.bans()[1].reason, "impersonation");
  EXPECT_FALSE(std::filesystem::exists(file + ".new"));
}

TEST(BanList, RoundTripsThroughDatabaseRowsKeyedByKindAndNameKey) {
  BanList bans;
  bans.add(addressBan("10.0.0.7", 5000));
  bans.add(nameBan("Road Runner"));
  const std::vector<BanRow> rows = bans.rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].kind, "address");
  EXPECT_EQ(rows[0].key, "10.0.0.7");
  EXPECT_EQ(rows[0].endsAt, 5000);
  EXPECT_EQ(rows[1].key, nameKey("Road Runner"));
  EXPECT_EQ(rows[1].key, nameKey("ROAD RUNNER"));
  std::vector<std::string> problems;
  BanRow legacy = rows[1];  // as a server before look-alikes were folded keyed it
  legacy.key = "road runner";
  const BanList old = BanList::fromRows({legacy}, problems);
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  EXPECT_EQ(old.bans().size(), 1u) << "a row keyed the old way is still read";
  const BanList read = BanList::fromRows(rows, problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(read.bans().size(), 2u);
  EXPECT_EQ(read.bans()[1].value, "Road Runner");
  EXPECT_EQ(read.bans()[0].name, "wile");
}

// Rows are hostile too: each bad one is left out with its key and field named, the rest kept.
TEST(BanList, HostileDatabaseRowsAreLeftOutNamingTheirField) {
  BanList one;
  one.add(nameBan("Road Runner"));
  const BanRow good = one.rows()[0];
  const std::vector<std::pair<BanRow, std::string>> cases = {
      {{"name", "x", 0, "not json"}, "(name, \"x\").entry: not JSON"},
      {{"name", "x", 0, "[1]"}, ".entry: not an object"},
      {{"name", "x", 0, R"({"kind":"pirate","value":"x","reason":"","since":1,"until":0})"},
       ".entry.kind"},
      {{"address", "1.2.3", 0,
        R"({"kind":"address","value":"1.2.3","reason":"","since":1,"until":0})"},
       ".entry.value: not an IPv4 address"},
      {{"name", "x", 0, R"({"kind":"name","value":"x","reason":"","since":-5,"until":0})"},
       ".entry.since"},
      {{"name", "someone else", 0, good.entry}, ".ban_key: not the entry's kind and value"},
      {{"address", "road runner", 0, good.entry}, ".ban_key"},
  };
  std::vector<BanRow> rows{good};
  for (const auto& [row, problem] : cases) {
    rows.push_back(row);
  }
  std::vector<std::string> problems;
  const BanList read = BanList::fromRows(rows, problems);
  ASSERT_EQ(problems.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_THAT(problems[i], HasSubstr(cases[i].second)) << i;
    EXPECT_THAT(problems[i], HasSubstr("records database: bans")) << i;
  }
  ASSERT_EQ(read.bans().size(), 1u) << "the good row is kept";
  EXPECT_EQ(read.bans()[0].value, "Road Runner");
}

TEST(BanList, FindsLiveBansOfAnAddressOrANameInAnyCase) {
  BanList bans;
  bans.add(addressBan("10.0.0.7", 5000));
  bans.add(nameBan("Road Runner"));
  EXPECT_NE(bans.find({"someone", "", "10.0.0.7"}, 4999), nullptr);
  EXPECT_EQ(bans.find({"someone", "", "10.0.0.7"}, 5000), nullptr) << "ended";
  EXPECT_NE(bans.find({"road RUNNER", "", "10.0.0.8"}, 99999), nullptr);
  EXPECT_EQ(bans.find({"road runner2", "", "10.0.0.8"}, 2000), nullptr);
  EXPECT_EQ(bans.expire(5000), 1u);
  EXPECT_EQ(bans.bans().size(), 1u);
}

TEST(BanList, AKeyBanCoversItsKeyAndTheAddressItWasMadeFrom) {
  const std::string key(32, 'a');
  BanList bans;
  Ban ban = addressBan("10.0.0.7", 0);
  ban.kind = Ban::Kind::Key;
  ban.value = key;
  ban.address = "10.0.0.7";
  bans.add(ban);
  EXPECT_NE(bans.find({"anyone", key, "10.9.9.9"}, 100), nullptr) << "its key, from anywhere";
  EXPECT_NE(bans.find({"anyone", std::string(32, 'b'), "10.0.0.7"}, 100), nullptr)
      << "a new key from its address";
  EXPECT_EQ(bans.find({"anyone", std::string(32, 'b'), "10.0.0.8"}, 100), nullptr);
  EXPECT_EQ(bans.rows().at(0).kind, "key");
  EXPECT_EQ(bans.rows().at(0).key, key);
}

TEST(BanList, AKeyBanOfTheFileIsReadBackAndABadFingerprintIsNamed) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "bans.json").string();
  BanList bans;
  Ban ban = addressBan("10.0.0.7", 0);
  ban.kind = Ban::Kind::Key;
  ban.value = std::string(32, 'c');
  ban.address = "10.0.0.7";
  bans.add(ban);
  bans.save(file);
  const BanList read = BanList::load(file);
  ASSERT_EQ(read.bans().size(), 1u);
  EXPECT_EQ(read.bans()[0].kind, Ban::Kind::Key);
  EXPECT_EQ(read.bans()[0].address, "10.0.0.7");
  EXPECT_THAT(test::refusalOfFile("bans.json",
                                  R"({"bans": [{"kind": "key", "value": "nothex", "reason": "",
                                                 "since": 0, "until": 0}]})",
                                  [](const std::string& path) { BanList::load(path); }),
              HasSubstr("bans[0].value: a key fingerprint has 32 hex digits"));
}

TEST(BanList, ABanOfTheSameAddressReplacesTheOldOneAndIdsAreNew) {
  BanList bans;
  const std::uint64_t first = bans.add(addressBan("10.0.0.7", 5000))->id;
  const std::uint64_t second = bans.add(addressBan("10.0.0.7", 0))->id;
  EXPECT_NE(first, second);
  ASSERT_EQ(bans.bans().size(), 1u);
  EXPECT_EQ(bans.bans()[0].until, 0);
  EXPECT_FALSE(bans.remove(first));
  EXPECT_TRUE(bans.remove(second));
}

TEST(BanList, AHostileFileIsRefusedNamingTheEntryAndTheField) {
  test::TempDirectory directory;
  const auto refusal = [&](const std::string& text) {
    try {
      BanList::load(directory.write("bans.json", text));
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  const std::string good =
      R"({"kind":"address","value":"1.2.3.4","reason":"x","since":1,"until":0})";
  EXPECT_EQ(refusal(R"({"bans":[)" + good + "]}"), "accepted");
  EXPECT_THAT(refusal("not json"), HasSubstr("not a ban list"));
  EXPECT_THAT(refusal(R"({"bans":{}})"), HasSubstr("not a ban list"));
  EXPECT_THAT(refusal(R"({"bans":[)" + good + ",5]}"), HasSubstr("bans[1]: not an object"));
  EXPECT_THAT(
      refusal(R"({"bans":[{"kind":"planet","value":"x","reason":"","since":1,"until":0}]})"),
      HasSubstr("bans[0].kind"));
  EXPECT_THAT(
      refusal(R"({"bans":[{"kind":"address","value":"1.2.3","reason":"","since":1,"until":0}]})"),
      HasSubstr("bans[0].value: not an IPv4 address"));
  EXPECT_THAT(
      refusal(R"({"bans":[{"kind":"name","value":"a\u001b[2J","reason":"","since":1,"until":0}]})"),
      HasSubstr("bans[0].value"));
  EXPECT_THAT(refusal(R"({"bans":[{"kind":"name","value":"a","reason":"","since":-5,"until":0}]})"),
              HasSubstr("bans[0].since"));
  EXPECT_THAT(refusal(R"({"bans":[{"kind":"name","value":"a","reason":7,"since":1,"until":0}]})"),
              HasSubstr("bans[0].reason: missing or not a string"));
  EXPECT_THAT(refusal(R"({"bans":[{"kind":"name","value":"a","reason":")" + std::string(300, 'r') +
                      R"(","since":1,"until":0}]})"),
              HasSubstr("bans[0].reason: longer than 200 bytes"));
}

TEST(BanList, TellsWhenItEnds) {
  EXPECT_EQ(banMessage(addressBan("1.2.3.4", 0)), "banned: spam");
  EXPECT_EQ(banMessage(addressBan("1.2.3.4", 1764785000)),
            "banned until 2025-12-03 18:03 UTC: spam");
  EXPECT_EQ(addressProblem("1.2.3.4"), "");
  EXPECT_NE(addressProblem("1.2.3.4.5"), "");
  EXPECT_NE(addressProblem("::1"), "");
}

}  // namespace
}  // namespace coyote
