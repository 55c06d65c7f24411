// The server browser's rows: each tab's servers, the room a player would join, the filters, the
// search and the orders (docs/playing.md#the-server-browser).

#include <algorithm>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "client/app/menu/browser_rows.h"
#include "client/app/menu/server_browser.h"

namespace coyote {
namespace {

using ::testing::ElementsAre;

net::ServerInfo info(const std::string& name, int players, bool password = false) {
  net::ServerInfo made;
  made.name = name;
  made.players = static_cast<std::uint16_t>(players);
  made.password = password;
  made.protocolVersion = net::kProtocolVersion;
  made.rooms = {{"main", "arena", "play", static_cast<std::uint16_t>(players), 4},
                {"race", "canyon", "race", 1, 8}};
  return made;
}

std::vector<std::string> names(const std::vector<BrowserRow>& rows) {
  std::vector<std::string> all;
  for (const BrowserRow& row : rows) {
    all.push_back(row.info.name);
  }
  return all;
}

struct Fixture {
  std::vector<ServerListing> heard{{"203.0.113.1:7777", info("Alpha live", 4), 80.0, false},
                                   {"203.0.113.2:7777", info("bravo", 0, true), 20.0, false},
                                   {"192.168.1.9:7777", info("Lan party", 2), 1.0, true}};
  std::vector<listing::ListedServer> internet{{"203.0.113.1", 7777, info("Alpha listed", 3)},
                                              {"203.0.113.2", 7777, info("bravo", 0, true)},
                                              {"203.0.113.3", 7777, info("Charlie", 1)}};
  std::vector<std::string> favourites{"203.0.113.2:7777", "gone.example.org:7777"};
  std::vector<std::string> recent{"192.168.1.9:7777"};
  std::string room = "main";

  std::vector<BrowserRow> rows(BrowserTab tab) const {
    return browserRows(tab, {heard, internet, favourites, recent, room});
  }
};

TEST(BrowserRows, EachTabListsItsServersWithWhatTheyAnsweredOverWhatWasListed) {
  const Fixture f;
  const std::vector<BrowserRow> internet = f.rows(BrowserTab::Internet);
  EXPECT_THAT(names(internet), ElementsAre("Alpha live", "bravo", "203.0.113.3:7777"));
  EXPECT_EQ(internet[0].pingMs, 80.0);
  EXPECT_FALSE(internet[2].answered());  // listed, not heard: its address alone, no ping
  EXPECT_EQ(internet[2].players, 0) << "not the 1 its master listed";
  EXPECT_EQ(internet[2].level, "") << "nor its level";
  EXPECT_TRUE(internet[1].favourite);
  EXPECT_THAT(names(f.rows(BrowserTab::Lan)), ElementsAre("Lan party"));
  const std::vector<BrowserRow> favourites = f.rows(BrowserTab::Favourites);
  EXPECT_THAT(names(favourites), ElementsAre("bravo", "gone.example.org:7777"));
  EXPECT_FALSE(favourites[1].answered());
  EXPECT_THAT(names(f.rows(BrowserTab::Recent)), ElementsAre("Lan party"));
}

// docs/hosting.md#upgrading: a server of another protocol would refuse this client: its row is
// greyed, its details say which version it needs, and Enter does not try to join it.
TEST(BrowserRows, AServerOfAnotherProtocolIsGreyedAndNotJoined) {
  net::ServerInfo older = info("Old timer", 1);
  older.protocolVersion = net::kProtocolVersion - 1;
  older.version = "0.0.9+git.3.abcdef0";
  ClientConfig config;
  ServerBrowser browser(config, "");
  browser.showServers({{"203.0.113.9:7777", older, 30.0, false},
                       {"203.0.113.8:7777", info("Current", 1), 20.0, false}},
                      {{"203.0.113.9", 7777, older}, {"203.0.113.8", 7777, info("Current", 1)}});
  ASSERT_EQ(browser.rows().size(), 2u);
  const auto oldRow = std::ranges::find_if(
      browser.rows(), [](const BrowserRow& row) { return row.info.name == "Old timer"; });
  ASSERT_NE(oldRow, browser.rows().end());
  EXPECT_TRUE(oldRow->otherProtocol());
  EXPECT_FALSE(browser.rows()[oldRow == browser.rows().begin() ? 1 : 0].otherProtocol());
  sf::Event key{};
  key.type = sf::Event::KeyPressed;
  for (int i = 0; i < 2 && browser.summary().find("Old timer") == std::string::npos; ++i) {
    key.key.code = sf::Keyboard::Down;
    browser.handle(key, {1280, 960});
  }
  EXPECT_THAT(browser.summary(), ::testing::HasSubstr(fmt::format(
                                     "greyed: needs coyote 0.0.9+git.3.abcdef0 (protocol {})",
                                     net::kProtocolVersion - 1)));
  key.key.code = sf::Keyboard::Return;
  EXPECT_EQ(browser.handle(key, {1280, 960}).outcome, ServerBrowser::Outcome::None);
}

TEST(BrowserRows, ShowTheRoomThePlayerWouldJoin) {
  Fixture f;
  BrowserRow row = f.rows(BrowserTab::Internet)[0];
  EXPECT_EQ(row.level, "arena");
  EXPECT_EQ(row.players, 4);
  EXPECT_EQ(row.capacity, 4);
  EXPECT_TRUE(row.full());
  f.room = "race";
  row = f.rows(BrowserTab::Internet)[0];
  EXPECT_EQ(row.level, "canyon");
  EXPECT_EQ(row.mode, "race");
  EXPECT_EQ(row.players, 1);
  EXPECT_EQ(row.capacity, 8);
  EXPECT_FALSE(row.full());
  f.room = "nowhere";  // a room the server would open: its main room is what it shows
  EXPECT_EQ(f.rows(BrowserTab::Internet)[0].level, "arena");
}

TEST(BrowserRows, FilterSearchAndSort) {
  const Fixture f;
  BrowserSettings settings;
  std::vector<BrowserRow> rows = f.rows(BrowserTab::Internet);
  filterAndSort(rows, settings, "");
  EXPECT_THAT(names(rows), ElementsAre("bravo", "Alpha live",
                                       "203.0.113.3:7777"));  // by ping, unanswered last
  settings.sort = BrowserSort::Players;
  rows = f.rows(BrowserTab::Internet);
  filterAndSort(rows, settings, "");
  EXPECT_THAT(names(rows), ElementsAre("Alpha live", "bravo", "203.0.113.3:7777"));
  settings.sort = BrowserSort::Name;
  rows = f.rows(BrowserTab::Internet);
  filterAndSort(rows, settings, "");
  EXPECT_THAT(names(rows), ElementsAre("203.0.113.3:7777", "Alpha live", "bravo"));  // case aside

  settings.hideFull = true;
  rows = f.rows(BrowserTab::Internet);
  filterAndSort(rows, settings, "");
  EXPECT_THAT(names(rows), ElementsAre("203.0.113.3:7777", "bravo"));  // still by name
  settings = {};
  settings.hideEmpty = true;
  settings.hidePassword = true;
  rows = f.rows(BrowserTab::Internet);
  filterAndSort(rows, settings, "");
  EXPECT_THAT(names(rows), ElementsAre("Alpha live", "203.0.113.3:7777"))
      << "one that has not answered is not known to be empty";
  settings = {};
  for (const char* search : {"ALPHA", "203.0.113.3", "arena"}) {
    rows = f.rows(BrowserTab::Internet);
    filterAndSort(rows, settings, search);
    EXPECT_EQ(rows.size(), std::string(search) == "arena" ? 2u : 1u) << search;
  }
}

TEST(BrowserRows, AThousandServersAreSortedAndFilteredInAFrame) {
  Fixture f;
  f.internet.clear();
  f.heard.clear();
  for (int i = 0; i < 1000; ++i) {
    const std::string host = fmt::format("198.51.{}.{}", i / 250, i % 250);
    f.internet.push_back({host, 7777, info(fmt::format("server {}", i), i % 5)});
    f.heard.push_back({host + ":7777", info(fmt::format("server {}", i), i % 5),
                       static_cast<double>((i * 37) % 300), false});
  }
  std::vector<BrowserRow> rows = f.rows(BrowserTab::Internet);
  BrowserSettings settings;
  settings.hideFull = true;
  filterAndSort(rows, settings, "server 1");
  ASSERT_FALSE(rows.empty());
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_LE(rows[i - 1].pingMs, rows[i].pingMs);
    EXPECT_FALSE(rows[i].full());
  }
}

}  // namespace
}  // namespace coyote
