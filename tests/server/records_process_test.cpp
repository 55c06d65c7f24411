// Race records with real processes (docs/hosting.md#records): a server on a race level, bots
// that finish it, the SQLite file, a restart, the page, and the run records replayed by
// coyote-sim.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <httplib.h>

#include "support/coyote_processes.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using test::Json;

/// A 40 × 6 hall: the start around the spawn (x 0–3), the finish at x 30–31, a checkpoint at 15.
std::string raceLevel(const test::TempDirectory& directory) {
  constexpr int kWidth = 40;
  constexpr int kHeight = 6;
  Json data = Json::array();
  for (int i = 0; i < kWidth * kHeight; ++i) {
    const int x = i % kWidth;
    data.push_back(i >= kWidth * (kHeight - 1) || x == 0 || x == kWidth - 1 ? 1 : 0);
  }
  const auto rectangle = [](const char* type, int x, int width) {
    return Json{{"type", type}, {"x", x * 16}, {"y", 16}, {"width", width * 16}, {"height", 64}};
  };
  Json checkpoint = rectangle("checkpoint", 15, 1);
  checkpoint["properties"] = Json::array({Json{{"name", "order"}, {"type", "int"}, {"value", 1}}});
  const Json objects =
      Json::array({Json{{"type", "spawn"}, {"x", 32}, {"y", 64}}, rectangle("start", 1, 3),
                   checkpoint, rectangle("finish", 30, 1)});
  const Json map{
      {"width", kWidth},
      {"height", kHeight},
      {"tilewidth", 16},
      {"tileheight", 16},
      {"properties",
       Json::array({Json{{"name", "race_name"}, {"type", "string"}, {"value", "Hall Dash"}}})},
      {"tilesets",
       Json::array(
           {Json{{"firstgid", 1}, {"tiles", Json::array({Json{{"id", 0}, {"type", "solid"}}})}}})},
      {"layers",
       Json::array({Json{{"name", "collision"},
                         {"type", "tilelayer"},
                         {"width", kWidth},
                         {"height", kHeight},
                         {"data", data}},
                    Json{{"name", "entities"}, {"type", "objectgroup"}, {"objects", objects}}})}};
  return directory.write("hall.tmj", map.dump());
}

/// Holds right, each bot from a different tick (so that their times differ by whole ticks).
std::string rightScript(const test::TempDirectory& directory, int bots) {
  std::string script;
  for (int tick = 0; tick < 600; ++tick) {
    for (int bot = 0; bot < bots; ++bot) {
      script += (bot > 0 ? "; " : "") + std::string(tick >= 60 + 7 * bot ? "127 0 -" : "0 0 -");
    }
    script += "\n";
  }
  return directory.write("right.txt", script);
}

Json getJson(int port, const std::string& path) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(5, 0);
  const auto answer = client.Get(path);
  if (!answer || answer->status != 200) {
    return Json::object();
  }
  return Json::parse(answer->body);
}

TEST(RecordsProcess, BotsFinishARaceTheirTimesOutliveTheServerAndReplay) {
  test::TempDirectory directory;
  const std::string level = raceLevel(directory);
  const std::string database = (directory.path() / "records.sqlite").string();
  const std::string replay = (directory.path() / "race.rpl").string();
  const std::vector<std::string> extra = {"--level",
                                          level,
                                          "--metrics-port",
                                          "-1",
                                          "--metrics-port-file",
                                          (directory.path() / "http").string()};
  {
    test::ScopedEnvironment env(
        {{"COYOTE_RECORDS_PATH", database}, {"COYOTE_RECORDS_PAGE", "true"}});
    test::ServerProcess server(directory, replay, extra);
    const Json bots =
        test::runBots(directory, server.port, 3, 8.0, {"--inputs", rightScript(directory, 3)});
    EXPECT_EQ(bots["exit_code"], 0) << bots.dump();
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
  ASSERT_EQ(replayed.size(), 3u) << verify.output;
  SQLite::Database db(database, SQLite::OPEN_READONLY);
  SQLite::Statement rows(db, "SELECT player, time_us, record FROM bests ORDER BY time_us");
  int count = 0;
  while (rows.executeStep()) {
    const double ms = static_cast<double>(rows.getColumn(1).getInt64()) / 1000.0;
    EXPECT_TRUE(std::any_of(replayed.begin(), replayed.end(),
                            [ms](double r) { return std::abs(r - ms) < 0.0015; }))
        << rows.getColumn(0).getString() << " " << ms << "\n"
        << verify.output;
    const std::string file = (directory.path() / fmt::format("run{}.run", count)).string();
    std::ofstream(file, std::ios::binary) << rows.getColumn(2).getString();
    const auto run = test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify-run --level " +
                                      level + " " + file);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("as recorded"), std::string::npos) << run.output;
    ++count;
  }
  EXPECT_EQ(count, 3);

  // A new server on the same file: the page shows the three runs.
  std::filesystem::remove(directory.path() / "http");
  test::ScopedEnvironment env({{"COYOTE_RECORDS_PATH", database}, {"COYOTE_RECORDS_PAGE", "true"}});
  test::ServerProcess again(directory, replay, extra);
  const int http = test::waitForPort((directory.path() / "http").string());
  ASSERT_GT(http, 0) << again.process.output();
  const Json page = getJson(http, "/records.json");
  ASSERT_EQ(page["boards"].size(), 1u) << page.dump();
  EXPECT_EQ(page["boards"][0]["race"], "Hall Dash");
  EXPECT_EQ(page["boards"][0]["players"], 3);
  ASSERT_EQ(page["boards"][0]["top"].size(), 3u);
  EXPECT_EQ(page["boards"][0]["top"][0]["rank"], 1);
}

}  // namespace
}  // namespace coyote
