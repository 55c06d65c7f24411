#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "client/app/menu/browser_rows.h"
#include "client/app/render/text_batch.h"
#include "client/app/settings/client_config.h"
#include "client/app/ui/text_field.h"
#include "client/core/master_list.h"
#include "client/core/server_query.h"

namespace coyote {

/// The server browser's screen (docs/playing.md#the-server-browser): tabs Internet, LAN,
/// Favourites and Recent; a table with headers (name, level, mode, players of the room you would
/// join and its capacity, ping, a lock for a password) that is sorted, filtered and searched as
/// you type; the selected server's MOTD and rooms below it. The Internet tab lists what the
/// masters of `browser.masters` list (MasterList, the disk's copy while none answers), and every
/// server of every tab is asked itself (ServerQuery, paced), so what it shows is what each server
/// says now. Only the rows in sight are drawn: a thousand servers cost what fifteen do.
class ServerBrowser {
 public:
  enum class Outcome { None, Back, Join, SettingsChanged };
  struct Choice {
    Outcome outcome = Outcome::None;
    std::string address = {};  ///< Join: where
    bool password = false;     ///< Join: the server asks for one
  };
  static constexpr int kVisibleRows = 15;

  /// `cacheFile`: where the masters' list is kept ("" = nowhere).
  ServerBrowser(ClientConfig& config, std::string cacheFile);

  /// Asks everything anew: the masters, the favourites and recent servers, the LAN.
  void start(double now);
  /// Sends and reads the queries, takes the masters' lists, rebuilds the rows.
  void update(double now);
  /// Shows these servers as if the queries and the masters had brought them, on the Internet
  /// tab (bench/client_frame_bench.cpp draws a thousand this way).
  void showServers(std::vector<ServerListing> heard, std::vector<listing::ListedServer> listed);
  Choice handle(const sf::Event& event, sf::Vector2u windowSize);
  void draw(sf::RenderTarget& target, const sf::Font& font) const;

  const std::vector<BrowserRow>& rows() const { return rows_; }
  /// Every server that answered so far (for the log).
  const std::vector<ServerListing>& heard() const { return heard_; }
  /// What the screen shows, in a line: the tab, its columns, its rows, the chosen server and
  /// its message of the day (the log keeps it whenever it changes).
  std::string summary() const;

 private:
  Choice handleKey(const sf::Event::KeyEvent& key);
  Choice handleSettingKey(sf::Keyboard::Key code);
  Choice handleClick(float x, float y);
  Choice handleJoystick(const sf::Event& event);
  Choice join() const;
  void showTab(BrowserTab tab);
  void select(int row);
  void toggleFavourite();
  void rebuild();
  /// Hands the servers of the masters' list that the query was not given yet to it.
  void takeMasterList();

  void drawTabs(sf::RenderTarget& target, const sf::Font& font) const;
  void drawFilters(sf::RenderTarget& target, const sf::Font& font) const;
  void drawTable(sf::RenderTarget& target, const sf::Font& font) const;
  void drawRow(sf::RenderTarget& target, TextBatch& texts, const BrowserRow& row, float y,
               bool chosen) const;
  void drawDetails(sf::RenderTarget& target, const sf::Font& font) const;
  std::string status() const;
  /// The servers of each tab, before the filters (the tabs' labels), counted in rebuild.
  void countTabs();

  ClientConfig& config_;
  std::string cacheFile_;
  std::unique_ptr<ServerQuery> query_;
  std::unique_ptr<MasterList> masters_;
  MasterList::Snapshot snapshot_;
  std::size_t mastersVersion_ = ~std::size_t{0};  ///< the snapshot's servers handed to the query
  std::vector<ServerListing> heard_;
  std::vector<BrowserRow> rows_;
  std::array<std::size_t, kBrowserTabs> tabCounts_{};
  BrowserTab tab_ = BrowserTab::Internet;
  TextField search_{32};
  std::string selectedAddress_;  ///< kept through rebuilds
  int selected_ = 0;
  int first_ = 0;
  double now_ = 0.0;
  double rebuiltAt_ = -1.0e9;
  bool stickCentred_ = true;
};

}  // namespace coyote
