// The leaderboard page (docs/hosting.md#records) over a real socket and a real SQLite file with
// 10,000 records.
#include "server/records/records_page.h"

#include <chrono>
#include <filesystem>

#include <unistd.h>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <spdlog/sinks/null_sink.h>
#include <nlohmann/json.hpp>

#include "http/micro_http_server.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

constexpr const char* kCourse = "0123456789abcdef";

std::shared_ptr<spdlog::logger> quietLog() {
  return std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::null_sink_mt>());
}

/// A page served on a free port from `file`.
struct ServedPage {
  explicit ServedPage(const std::string& file)
      : page(file, "", quietLog()), http("127.0.0.1", 0, HttpServer::Limits{}, quietLog()) {
    page.route(http);
    http.start();
  }
  httplib::Result get(const std::string& path) {
    httplib::Client client("127.0.0.1", http.port());
    client.set_read_timeout(5, 0);
    return client.Get(path);
  }
  RecordsPage page;
  MicroHttpServer http;
};

void fill(const std::string& file, int players) {
  const auto store = openRecordsStore(file, "");
  for (int i = 0; i < players; ++i) {
    // Times 30.000 s + i ms, written in a scrambled order.
    const int p = (i * 7919) % players;
    store->save(FinishedRun{kCourse,
                            "race",
                            "Coyote Cup",
                            fmt::format("player{}", p),
                            30'000'000 + 1000 * static_cast<std::int64_t>(p),
                            {10'000'000},
                            1'796'000'000,
                            "host",
                            "r"});
  }
}

class RecordsPageTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // No test is running yet: TempDirectory would name itself after it.
    directory_ = std::filesystem::temp_directory_path() /
                 fmt::format("coyote-RecordsPageTest-{}", ::getpid());
    std::filesystem::remove_all(directory_);
    std::filesystem::create_directories(directory_);
    file_ = (directory_ / "records.sqlite").string();
    fill(file_, 10'000);
    const auto store = openRecordsStore(file_, "");
    store->save(FinishedRun{kCourse,
                            "race",
                            "Coyote Cup",
                            "<b>'); DROP TABLE bests;--",
                            1,
                            {},
                            1'796'000'000,
                            "host",
                            "r"});
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(directory_); }
  static std::filesystem::path directory_;
  static std::string file_;
};
std::filesystem::path RecordsPageTest::directory_;
std::string RecordsPageTest::file_;

TEST_F(RecordsPageTest, TheJsonBoardIsPagedAndOrdered) {
  ServedPage served(file_);
  const auto first = served.get(std::string("/records.json?course=") + kCourse + "&limit=100");
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 200) << first->body;
  const auto body = nlohmann::json::parse(first->body);
  ASSERT_EQ(body["rows"].size(), 100u);
  EXPECT_EQ(body["rows"][0]["player"], "<b>'); DROP TABLE bests;--");
  EXPECT_EQ(body["rows"][1]["player"], "player0");
  EXPECT_EQ(body["rows"][1]["time"], "0:30.000");
  EXPECT_EQ(body["rows"][2]["time_ms"], 30001.0);
  EXPECT_EQ(body["rows"][1]["finished_at"], "2026-11-30T00:53:20Z");
  const auto third =
      served.get(std::string("/records.json?course=") + kCourse + "&limit=100&page=3");
  ASSERT_TRUE(third);
  const auto page3 = nlohmann::json::parse(third->body);
  EXPECT_EQ(page3["rows"][0]["rank"], 201);
  EXPECT_EQ(page3["rows"][0]["player"], "player199");
  const auto pb = served.get(std::string("/records.json?course=") + kCourse + "&player=player4321");
  ASSERT_TRUE(pb);
  const auto best = nlohmann::json::parse(pb->body)["personal_best"];
  EXPECT_EQ(best["rank"], 4323);
  EXPECT_EQ(best["time"], "0:34.321");
}

TEST_F(RecordsPageTest, TheHtmlPageShowsTheBoardsWithNamesEscaped) {
  ServedPage served(file_);
  const auto all = served.get("/records");
  ASSERT_TRUE(all);
  ASSERT_EQ(all->status, 200);
  EXPECT_EQ(all->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(all->body.find("Coyote Cup"), std::string::npos);
  EXPECT_NE(all->body.find("&lt;b&gt;&#39;); DROP TABLE bests;--"), std::string::npos);
  EXPECT_EQ(all->body.find("<b>'"), std::string::npos) << "a name is never markup";
  const auto board = served.get(std::string("/records?course=") + kCourse + "&page=2");
  ASSERT_TRUE(board);
  EXPECT_NE(board->body.find("<td class=\"rank\">26</td>"), std::string::npos);
  EXPECT_NE(board->body.find("rel=\"next\""), std::string::npos);
  EXPECT_NE(board->body.find("rel=\"prev\""), std::string::npos);
}

TEST_F(RecordsPageTest, BadArgumentsAreRefusedByName) {
  ServedPage served(file_);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"/records.json?course=XYZ", "course: expected 16"},
      {"/records.json?page=0", "page: expected a whole number from 1 to 10000"},
      {"/records.json?page=99999999999999999999", "page: expected"},
      {std::string("/records.json?course=") + kCourse + "&limit=101", "limit: expected"},
      {"/records?player=" + std::string(40, 'x') + "&course=" + kCourse, "player: expected"},
  };
  for (const auto& [path, why] : cases) {
    const auto answer = served.get(path);
    ASSERT_TRUE(answer) << path;
    EXPECT_EQ(answer->status, 400) << path;
    EXPECT_NE(answer->body.find(why), std::string::npos) << path << ": " << answer->body;
  }
}

// A cursor's rank numbers the rows shown: one the board cannot have (past its 10,001 players, 0,
// or near 2^63, where rank + 1 overflowed) is refused by name; one it has pages on.
TEST_F(RecordsPageTest, ACursorsRankMustBeOneOfTheBoards) {
  ServedPage served(file_);
  const std::string player5 = "706c6179657235";  // "player5" in hex
  const std::string board = std::string("/records.json?course=") + kCourse + "&limit=10&";
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"after=9223372036854775807.30005000.1796000000." + player5, "after: not a cursor"},
      {"after=9223372036854775806.30005000.1796000000." + player5, "after: not a cursor"},
      {"before=0.30005000.1796000000." + player5, "before: not a cursor"},
      {"after=10002.30005000.1796000000." + player5, "1 to 10001"},
      {"after=-1.30005000.1796000000." + player5, "after: not a cursor"},
  };
  for (const auto& [cursor, why] : refused) {
    const auto answer = served.get(board + cursor);
    ASSERT_TRUE(answer) << cursor;
    EXPECT_EQ(answer->status, 400) << cursor;
    EXPECT_NE(answer->body.find(why), std::string::npos) << cursor << ": " << answer->body;
  }
  const auto after = served.get(board + "after=7.30005000.1796000000." + player5);
  ASSERT_TRUE(after);
  ASSERT_EQ(after->status, 200) << after->body;
  const auto rows = nlohmann::json::parse(after->body)["rows"];
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(rows[0]["rank"], 8);
  EXPECT_EQ(rows[0]["player"], "player6");
  const auto last = served.get(board + "before=10001.30009999.1796000000." +
                               std::string("706c6179657239393939"));  // player9999
  ASSERT_TRUE(last);
  ASSERT_EQ(last->status, 200) << last->body;
  EXPECT_EQ(nlohmann::json::parse(last->body)["rows"][9]["rank"], 10000);
}

TEST(RecordsPage, ADatabaseThatCannotBeOpenedIsA503AtOnce) {
  test::TempDirectory directory;
  ServedPage served((directory.path() / "missing" / "records.sqlite").string());
  for (int i = 0; i < 3; ++i) {
    const auto answer = served.get("/records.json");
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->status, 503);
  }
}

TEST(RecordsPage, TimesReadLikeASpeedrunTimer) {
  EXPECT_EQ(formatRaceTime(std::int64_t{0}), "0:00.000");
  EXPECT_EQ(formatRaceTime(std::int64_t{41'250'400}), "0:41.250");
  EXPECT_EQ(formatRaceTime(std::int64_t{62'345'999}), "1:02.346");
  EXPECT_EQ(formatRaceTime(std::int64_t{600'000'000}), "10:00.000");
}

}  // namespace
}  // namespace coyote
