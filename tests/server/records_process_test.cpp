// Race records with real processes (docs/hosting.md#records): a server on a race level, four bots
// that finish it through the link conditioner, the SQLite file, a restart, the page, and the run
// records replayed by coyote-sim: every time is the same, to the microsecond, in each.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <httplib.h>

#include "support/coyote_processes.h"
#include "support/race_level.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

TEST(RecordsProcess, BotsFinishARaceTheirTimesOutliveTheServerAndReplay) {
  test::TempDirectory directory;
  const std::string level = test::raceLevel(directory);
  const std::string database = (directory.path() / "records.sqlite").string();
  const std::string replay = (directory.path() / "race.rpl").string();
  const std::vector<std::string> extra = {"--level",
                                          level,
                                          "--metrics-port",
                                          "-1",
                                          "--metrics-port-file",
                                          (directory.path() / "http").string()};
  std::vector<double> botTimes;
  {
    test::ScopedEnvironment env(
        {{"COYOTE_RECORDS_PATH", database}, {"COYOTE_RECORDS_PAGE", "true"}});
    test::ServerProcess server(directory, replay, extra);
    const test::LinkConditioner link(directory, server.port, 3);  // 100 ms RTT, 5 % loss
    ASSERT_GT(link.port, 0) << link.process.output();
    const Json bots = test::runBots(directory, link.port, 4, 9.0,
                                    {"--inputs", test::holdRightScript(directory, 4)});
    EXPECT_EQ(bots["exit_code"], 0) << bots.dump();
    for (const Json& bot : bots["clients"]) {
      ASSERT_EQ(bot["race_times_ms"].size(), 1u) << bot.dump();
      botTimes.push_back(bot["race_times_ms"][0].get<double>());
    }
    server.process.signal(SIGTERM);
    ASSERT_EQ(server.process.wait(10.0), 0) << server.process.output();
    EXPECT_NE(server.process.output().find("records: bot"), std::string::npos)
        << server.process.output();
  }
  // The replay re-derives every time; the database holds the same ones.
  const auto verify = test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + replay);
  ASSERT_EQ(verify.exitCode, 0) << verify.output;
  std::vector<double> replayed;
  for (std::size_t at = verify.output.find("run finished"); at != std::string::npos;
       at = verify.output.find("run finished", at + 1)) {
    const std::size_t ms = verify.output.find(", ", verify.output.find("slot", at)) + 2;
    replayed.push_back(std::stod(verify.output.substr(ms)));
  }
  ASSERT_EQ(replayed.size(), 4u) << verify.output;
  SQLite::Database db(database, SQLite::OPEN_READONLY);
  SQLite::Statement rows(db, "SELECT player, time_us, record FROM bests ORDER BY time_us");
  int count = 0;
  while (rows.executeStep()) {
    const double ms = static_cast<double>(rows.getColumn(1).getInt64()) / 1000.0;
    EXPECT_TRUE(std::any_of(replayed.begin(), replayed.end(),
                            [ms](double r) { return std::abs(r - ms) < 0.0015; }))
        << rows.getColumn(0).getString() << " " << ms << "\n"
        << verify.output;
    // The bot saw the same time, from its own confirmed simulation, to the microsecond.
    EXPECT_TRUE(std::any_of(botTimes.begin(), botTimes.end(),
                            [ms](double bot) { return std::abs(bot - ms) < 1e-6; }))
        << rows.getColumn(0).getString() << " " << ms;
    const std::string file = (directory.path() / fmt::format("run{}.run", count)).string();
    std::ofstream(file, std::ios::binary) << rows.getColumn(2).getString();
    const auto run = test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify-run --level " +
                                      level + " " + file);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("as recorded"), std::string::npos) << run.output;
    ++count;
  }
  EXPECT_EQ(count, 4);

  // A new server on the same file: the page shows the three runs.
  std::filesystem::remove(directory.path() / "http");
  test::ScopedEnvironment env({{"COYOTE_RECORDS_PATH", database}, {"COYOTE_RECORDS_PAGE", "true"}});
  test::ServerProcess again(directory, replay, extra);
  const int http = test::waitForPort((directory.path() / "http").string());
  ASSERT_GT(http, 0) << again.process.output();
  const Json page = test::getJson(http, "/records.json");
  ASSERT_EQ(page["boards"].size(), 1u) << page.dump();
  EXPECT_EQ(page["boards"][0]["race"], "Hall Dash");
  EXPECT_EQ(page["boards"][0]["players"], 4);
  ASSERT_EQ(page["boards"][0]["top"].size(), 4u);
  EXPECT_EQ(page["boards"][0]["top"][0]["rank"], 1);
}

}  // namespace
}  // namespace coyote
