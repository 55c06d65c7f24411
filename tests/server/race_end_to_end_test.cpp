// The whole race, end to end (docs/hosting.md#records): four `coyote-bot --brain racer` processes
// run configs/levels/race.tmj through the link conditioner (100 ms RTT, ±20 ms jitter, 5 % loss)
// on a real server keeping records; each finishes, its time (as its own confirmed simulation
// measured it) is the one in the database and on the leaderboard page. Labelled `race` (a minute
// long): scripts/suite race runs it, CI after scripts/test.
#include <csignal>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/coyote_processes.h"
#include "support/race_level.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

TEST(RaceEndToEnd, FourRacerBotsFinishTheBundledRaceThroughTheLinkConditioner) {
  test::TempDirectory directory;
  const std::string database = (directory.path() / "records.sqlite").string();
  const test::ScopedEnvironment env(
      {{"COYOTE_RECORDS_PATH", database}, {"COYOTE_RECORDS_PAGE", "true"}});
  const std::string httpFile = (directory.path() / "http").string();
  test::ServerProcess server(
      directory, (directory.path() / "race.rpl").string(),
      {"--level", std::string(COYOTE_SOURCE_DIR) + "/configs/levels/race.tmj", "--metrics-port",
       "-1", "--metrics-port-file", httpFile});
  const test::LinkConditioner link(directory, server.port, 11);
  ASSERT_GT(link.port, 0) << link.process.output();
  const Json bots = test::runBots(directory, link.port, 4, 75.0, {"--brain", "racer"});
  EXPECT_EQ(bots["exit_code"], 0) << bots.dump();
  std::map<std::string, double> botTimes;
  for (const Json& bot : bots["clients"]) {
    ASSERT_EQ(bot["race_times_ms"].size(), 1u) << bot["name"] << " did not finish";
    botTimes[bot["name"].get<std::string>()] = bot["race_times_ms"][0].get<double>();
    EXPECT_TRUE(bot["hash_matches_server"].get<bool>()) << bot.dump();
  }
  const int http = test::waitForPort(httpFile);
  const Json page = test::getJson(http, "/records.json");
  ASSERT_EQ(page["boards"].size(), 1u) << page.dump();
  EXPECT_EQ(page["boards"][0]["race"], "Coyote Cup");
  std::map<std::string, double> pageTimes;
  for (const Json& row : page["boards"][0]["top"]) {
    pageTimes[row["player"].get<std::string>()] = row["time_ms"].get<double>();
  }
  SQLite::Database db(database, SQLite::OPEN_READONLY);
  SQLite::Statement rows(db, "SELECT player, time_us FROM bests");
  int stored = 0;
  while (rows.executeStep()) {
    const std::string player = rows.getColumn(0).getString();
    const double ms = static_cast<double>(rows.getColumn(1).getInt64()) / 1000.0;
    EXPECT_NEAR(botTimes.at(player), ms, 1e-6) << player << ": the bot's time is the server's";
    EXPECT_NEAR(pageTimes.at(player), ms, 1e-6) << player << ": and the page's";
    EXPECT_GE(ms, 30'000.0);
    EXPECT_LE(ms, 60'000.0);
    std::cout << fmt::format("[ figure ] {}: {:.3f} ms\n", player, ms);
    ++stored;
  }
  EXPECT_EQ(stored, 4);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
}

}  // namespace
}  // namespace coyote
