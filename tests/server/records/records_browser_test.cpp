// The leaderboard page in a real browser (docs/hosting.md#records): a real coyote-server serves
// a real SQLite file of 10,000 records to Debian's Chromium, headless, which must lay out the
// rows (read back from its DOM and counted in its screenshot). Labelled `browser`:
// scripts/suite browser runs them (CI, after scripts/test).
#include <algorithm>
#include <chrono>
#include <csignal>
#include <regex>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <SFML/Graphics/Image.hpp>
#include <nlohmann/json.hpp>

#include "server/records/records_store.h"
#include "support/coyote_processes.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

constexpr const char* kCourse = "00000000c0ffee00";
constexpr const char* kHostile = "<i>'); DROP TABLE bests;--";

/// 10,000 players' bests, a hostile name first, written as a server would.
std::string fill(const test::TempDirectory& directory) {
  const std::string file = (directory.path() / "records.sqlite").string();
  const auto store = openRecordsStore(file, "");
  store->save(FinishedRun{
      kCourse, "race.tmj", "Coyote Cup", kHostile, 29'000'000, {}, 1'796'000'000, "host", "r"});
  for (int i = 0; i < 10'000; ++i) {
    store->save(FinishedRun{kCourse,
                            "race.tmj",
                            "Coyote Cup",
                            fmt::format("runner{:05}", i),
                            30'000'000 + 1000 * static_cast<std::int64_t>(i),
                            {10'000'000, 20'000'000},
                            1'796'000'000,
                            "host",
                            "r"});
  }
  return file;
}

std::string chromium(const std::string& flags, const std::string& url) {
  return test::runCommand("chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars " +
                          flags + " '" + url + "' 2>/dev/null")
      .output;
}

/// Horizontal bands of `colour` met going down column `x`.
int bandsOf(const sf::Image& image, unsigned x, sf::Color colour) {
  int bands = 0;
  bool inside = false;
  for (unsigned y = 0; y < image.getSize().y; ++y) {
    const bool now = image.getPixel(x, y) == colour;
    bands += now && !inside ? 1 : 0;
    inside = now;
  }
  return bands;
}

TEST(RecordsBrowser, ChromiumShowsTheBoardRowsOfARealServer) {
  test::TempDirectory directory;
  const std::string database = fill(directory);
  const std::string httpFile = (directory.path() / "http").string();
  const test::ScopedEnvironment env(
      {{"COYOTE_RECORDS_PATH", database}, {"COYOTE_RECORDS_PAGE", "true"}});
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string(),
                             {"--metrics-port", "-1", "--metrics-port-file", httpFile});
  const int http = test::waitForPort(httpFile);
  ASSERT_GT(http, 0) << server.process.output();
  const std::string url =
      fmt::format("http://127.0.0.1:{}/records?course={}&page=1", http, kCourse);

  const std::string dom = chromium("--dump-dom", url);
  const std::regex row(R"(<tr><td class="rank">(\d+)</td><td class="player">([^<]*)</td>)");
  std::vector<std::pair<int, std::string>> rows;
  for (auto match = std::sregex_iterator(dom.begin(), dom.end(), row);
       match != std::sregex_iterator(); ++match) {
    rows.emplace_back(std::stoi((*match)[1]), (*match)[2]);
  }
  ASSERT_EQ(rows.size(), 25u) << dom;
  EXPECT_EQ(rows[0], (std::pair<int, std::string>{1, "&lt;i&gt;'); DROP TABLE bests;--"}));
  EXPECT_EQ(rows[1], (std::pair<int, std::string>{2, "runner00000"}));
  EXPECT_EQ(rows[24], (std::pair<int, std::string>{25, "runner00023"}));
  EXPECT_EQ(dom.find("<i>"), std::string::npos) << "the name stayed text";
  EXPECT_NE(dom.find("0:30.000"), std::string::npos);

  const std::string png = (directory.path() / "records.png").string();
  chromium("--window-size=1000,1400 --screenshot=" + png, url);
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png));
  // Every second row of the table is striped: 12 of the 25, seen down the table's left edge.
  EXPECT_EQ(bandsOf(image, 26, sf::Color(0x22, 0x1f, 0x2e)), 12);

  // The figure: the page's answer time over a real socket with 10,000 records, walking the
  // board by its Next cursors (keyset paging), then its last page.
  httplib::Client client("127.0.0.1", http);
  std::vector<double> millis;
  std::string after;
  for (int i = 0; i < 50; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const auto answer = client.Get(i == 49 ? fmt::format("/records.json?course={}&last=1", kCourse)
                                           : fmt::format("/records.json?course={}{}", kCourse,
                                                         after.empty() ? "" : "&after=" + after));
    millis.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    ASSERT_TRUE(answer && answer->status == 200)
        << i << ": " << (answer ? answer->body : httplib::to_string(answer.error()));
    const nlohmann::json page = nlohmann::json::parse(answer->body);
    after = page.value("next", "");
    if (i == 48) {
      EXPECT_EQ(page["rows"][0]["rank"], 48 * 25 + 1) << "ranks carried by the cursors";
    }
  }
  std::sort(millis.begin(), millis.end());
  std::cout << fmt::format(
      "[ figure ] /records with 10,000 records: p50 {:.2f} ms, p95 {:.2f} ms\n", millis[25],
      millis[47]);
}

}  // namespace
}  // namespace coyote
