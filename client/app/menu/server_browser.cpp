#include "client/app/menu/server_browser.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/app/menu/menu_list.h"
#include "client/app/menu/menus.h"
#include "client/app/render/palette.h"
#include "client/app/render/text_batch.h"
#include "version/build_version.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

// The page's layout (MenuList's 1280 × 960 page).
constexpr float kLeft = 60.0f;
constexpr float kTabsY = 150.0f;
constexpr float kTabWidth = 200.0f;
constexpr float kFiltersY = 196.0f;
constexpr float kHeaderY = 240.0f;
constexpr float kRowsTop = 272.0f;
constexpr float kBrowserRowHeight = 28.0f;
constexpr float kDetailsY = kRowsTop + kBrowserRowHeight * ServerBrowser::kVisibleRows + 18.0f;
constexpr unsigned kBrowserTextSize = 18;
/// The columns: name, level, mode, players, ping, lock; a header click sorts by its column.
constexpr float kColumns[] = {kLeft, 520.0f, 730.0f, 850.0f, 990.0f, 1110.0f};
constexpr const char* kHeaders[] = {"Name", "Level", "Mode", "Players", "Ping", "Lock"};
/// The order each column sorts by (Level, Mode and Lock sort by nothing).
constexpr std::optional<BrowserSort> kColumnSorts[] = {BrowserSort::Name, std::nullopt,
                                                       std::nullopt,      BrowserSort::Players,
                                                       BrowserSort::Ping, std::nullopt};
/// The filter toggles, by key: their x on the filter line.
constexpr float kFilterX[] = {640.0f, 840.0f, 1040.0f};
/// How often the rows are rebuilt from what came in (the query and the masters' list).
constexpr double kRebuildSeconds = 0.25;

}  // namespace

ServerBrowser::ServerBrowser(ClientConfig& config, std::string cacheFile)
    : config_(config), cacheFile_(std::move(cacheFile)) {}

void ServerBrowser::start(double now) {
  std::vector<std::pair<std::string, std::uint16_t>> listed;
  for (const auto* list : {&config_.favourites, &config_.recent}) {
    for (const std::string& address : *list) {
      try {
        const cli::HostPort parsed = cli::parseHostPort(address, "server");
        listed.emplace_back(parsed.host, parsed.port);
      } catch (const std::runtime_error&) {
        // client.toml's addresses were checked when it was read; one set since is skipped
      }
    }
  }
  query_ = std::make_unique<ServerQuery>(
      listed, std::vector<std::uint16_t>(std::begin(Menus::kLanPorts), std::end(Menus::kLanPorts)));
  masters_ = config_.browser.masters.empty()
                 ? nullptr
                 : std::make_unique<MasterList>(config_.browser.masters, cacheFile_);
  mastersVersion_ = ~std::size_t{0};
  snapshot_ = {};
  heard_.clear();
  if (rows_.empty()) {  // the first time: the tab most likely to have servers
    tab_ = !config_.browser.masters.empty() ? BrowserTab::Internet
           : !config_.favourites.empty()    ? BrowserTab::Favourites
                                            : BrowserTab::Lan;
  }
  rebuiltAt_ = -1.0e9;
  update(now);
}

void ServerBrowser::takeMasterList() {
  if (!masters_) {
    return;
  }
  const std::size_t version = masters_->version();
  if (version == mastersVersion_) {
    return;  // nothing new: no copy of every server each frame
  }
  mastersVersion_ = version;
  snapshot_ = masters_->snapshot();
  for (const listing::ListedServer& server : snapshot_.servers) {
    query_->add(server.host, server.port);  // asked once each, paced
  }
}

void ServerBrowser::update(double now) {
  now_ = now;
  if (!query_) {
    return;
  }
  takeMasterList();
  query_->update(now);
  if (now - rebuiltAt_ >= kRebuildSeconds) {
    rebuiltAt_ = now;
    heard_ = query_->servers();
    rebuild();
  }
}

void ServerBrowser::showServers(std::vector<ServerListing> heard,
                                std::vector<listing::ListedServer> listed) {
  heard_ = std::move(heard);
  snapshot_.servers = std::move(listed);
  tab_ = BrowserTab::Internet;
  rebuild();
}

void ServerBrowser::rebuild() {
  const BrowserSources sources{heard_, snapshot_.servers, config_.favourites, config_.recent,
                               config_.room};
  rows_ = browserRows(tab_, sources);
  countTabs();
  filterAndSort(rows_, config_.browser, search_.text());
  const auto kept = std::find_if(rows_.begin(), rows_.end(), [&](const BrowserRow& row) {
    return row.address == selectedAddress_;
  });
  select(kept != rows_.end() ? static_cast<int>(kept - rows_.begin()) : selected_);
}

void ServerBrowser::select(int row) {
  const int count = static_cast<int>(rows_.size());
  selected_ = std::clamp(row, 0, std::max(count - 1, 0));
  selectedAddress_ = count > 0 ? rows_[static_cast<std::size_t>(selected_)].address : "";
  first_ = std::clamp(first_, std::max(selected_ - kVisibleRows + 1, 0), selected_);
  first_ = std::max(0, std::min(first_, count - kVisibleRows));
}

void ServerBrowser::showTab(BrowserTab tab) {
  tab_ = tab;
  selected_ = 0;
  first_ = 0;
  selectedAddress_.clear();
  rebuild();
}

void ServerBrowser::toggleFavourite() {
  if (rows_.empty()) {
    return;
  }
  const std::string& address = rows_[static_cast<std::size_t>(selected_)].address;
  if (std::erase(config_.favourites, address) == 0 &&
      config_.favourites.size() < ClientConfig::kMaxServers) {
    config_.favourites.push_back(address);
  }
  rebuild();
}

ServerBrowser::Choice ServerBrowser::join() const {
  if (rows_.empty()) {
    return {};
  }
  const BrowserRow& row = rows_[static_cast<std::size_t>(selected_)];
  if (row.otherProtocol()) {
    return {};  // it would refuse this client: the details say which version it needs
  }
  return {Outcome::Join, row.address, row.info.password};
}

ServerBrowser::Choice ServerBrowser::handle(const sf::Event& event, sf::Vector2u windowSize) {
  const auto page = [&](int x, int y) {
    return sf::Vector2f(static_cast<float>(x) * MenuList::kPageWidth /
                            static_cast<float>(std::max(windowSize.x, 1u)),
                        static_cast<float>(y) * MenuList::kPageHeight /
                            static_cast<float>(std::max(windowSize.y, 1u)));
  };
  switch (event.type) {
    case sf::Event::TextEntered:
      if (search_.type(event.text.unicode)) {  // typing searches at once
        showTab(tab_);
      }
      return {};
    case sf::Event::KeyPressed:
      return handleKey(event.key);
    case sf::Event::MouseWheelScrolled:
      first_ = std::clamp(first_ + (event.mouseWheelScroll.delta > 0.0f ? -3 : 3), 0,
                          std::max(0, static_cast<int>(rows_.size()) - kVisibleRows));
      return {};
    case sf::Event::MouseButtonPressed: {
      const sf::Vector2f at = page(event.mouseButton.x, event.mouseButton.y);
      return handleClick(at.x, at.y);
    }
    default:
      return handleJoystick(event);
  }
}

ServerBrowser::Choice ServerBrowser::handleKey(const sf::Event::KeyEvent& key) {
  const int tabs = kBrowserTabs;
  const int tab = static_cast<int>(tab_);
  switch (key.code) {
    case sf::Keyboard::Escape:
      if (search_.text().empty()) {
        return {Outcome::Back};
      }
      search_.clear();
      showTab(tab_);
      return {};
    case sf::Keyboard::Backspace:
      search_.erase();
      showTab(tab_);
      return {};
    case sf::Keyboard::Return:
      return join();
    case sf::Keyboard::Up:
    case sf::Keyboard::Down:
    case sf::Keyboard::PageUp:
    case sf::Keyboard::PageDown:
      select(selected_ + (key.code == sf::Keyboard::Up       ? -1
                          : key.code == sf::Keyboard::Down   ? 1
                          : key.code == sf::Keyboard::PageUp ? -kVisibleRows
                                                             : kVisibleRows));
      return {};
    case sf::Keyboard::Home:
    case sf::Keyboard::End:
      select(key.code == sf::Keyboard::Home ? 0 : static_cast<int>(rows_.size()) - 1);
      return {};
    case sf::Keyboard::Tab:
    case sf::Keyboard::Left:
    case sf::Keyboard::Right: {
      const bool back =
          key.code == sf::Keyboard::Left || (key.code == sf::Keyboard::Tab && key.shift);
      showTab(static_cast<BrowserTab>((tab + (back ? tabs - 1 : 1)) % tabs));
      return {};
    }
    default:
      return handleSettingKey(key.code);
  }
}

// The F-keys: the order, the filters, a favourite, asking again.
ServerBrowser::Choice ServerBrowser::handleSettingKey(sf::Keyboard::Key code) {
  BrowserSettings& settings = config_.browser;
  switch (code) {
    case sf::Keyboard::F2:
      settings.sort = static_cast<BrowserSort>((static_cast<int>(settings.sort) + 1) % 3);
      break;
    case sf::Keyboard::F3:
      settings.hideFull = !settings.hideFull;
      break;
    case sf::Keyboard::F4:
      settings.hideEmpty = !settings.hideEmpty;
      break;
    case sf::Keyboard::F6:
      settings.hidePassword = !settings.hidePassword;
      break;
    case sf::Keyboard::F7:
      toggleFavourite();
      return {Outcome::SettingsChanged};
    case sf::Keyboard::F5:
      start(now_);
      return {};
    default:
      return {};
  }
  showTab(tab_);
  return {Outcome::SettingsChanged};
}

ServerBrowser::Choice ServerBrowser::handleClick(float x, float y) {
  if (y >= kTabsY && y < kTabsY + 32.0f && x >= kLeft && x < kLeft + kTabWidth * kBrowserTabs) {
    showTab(static_cast<BrowserTab>(static_cast<int>((x - kLeft) / kTabWidth)));
    return {};
  }
  if (y >= kFiltersY && y < kFiltersY + 28.0f && x >= kFilterX[0]) {
    bool* toggles[] = {&config_.browser.hideFull, &config_.browser.hideEmpty,
                       &config_.browser.hidePassword};
    const int which = x >= kFilterX[2] ? 2 : x >= kFilterX[1] ? 1 : 0;
    *toggles[which] = !*toggles[which];
    showTab(tab_);
    return {Outcome::SettingsChanged};
  }
  if (y >= kHeaderY && y < kRowsTop) {  // Name, Players, Ping sort
    const BrowserSort sort = x >= kColumns[4]   ? BrowserSort::Ping
                             : x >= kColumns[3] ? BrowserSort::Players
                                                : BrowserSort::Name;
    config_.browser.sort = sort;
    showTab(tab_);
    return {Outcome::SettingsChanged};
  }
  const int shown = static_cast<int>((y - kRowsTop) / kBrowserRowHeight);
  const int row = first_ + shown;
  if (y < kRowsTop || shown >= kVisibleRows || row >= static_cast<int>(rows_.size())) {
    return {};
  }
  if (row == selected_) {
    return join();  // a click on the chosen row joins it
  }
  select(row);
  return {};
}

ServerBrowser::Choice ServerBrowser::handleJoystick(const sf::Event& event) {
  if (event.type == sf::Event::JoystickButtonPressed) {
    return event.joystickButton.button == 0   ? join()
           : event.joystickButton.button == 1 ? Choice{Outcome::Back}
                                              : Choice{};
  }
  if (event.type != sf::Event::JoystickMoved) {
    return {};
  }
  const float position = event.joystickMove.position;
  if (std::abs(position) < 50.0f) {
    stickCentred_ = true;
    return {};
  }
  if (!std::exchange(stickCentred_, false)) {
    return {};
  }
  const sf::Joystick::Axis axis = event.joystickMove.axis;
  if (axis == sf::Joystick::Y || axis == sf::Joystick::PovY) {
    // SFML's PovY is up-positive where the stick's Y is down-positive.
    const bool down = axis == sf::Joystick::PovY ? position < 0.0f : position > 0.0f;
    select(selected_ + (down ? 1 : -1));
  } else if (axis == sf::Joystick::X || axis == sf::Joystick::PovX) {
    showTab(static_cast<BrowserTab>((static_cast<int>(tab_) + (position > 0.0f ? 1 : 3)) % 4));
  }
  return {};
}

void ServerBrowser::draw(sf::RenderTarget& target, const sf::Font& font) const {
  drawTabs(target, font);
  drawFilters(target, font);
  drawTable(target, font);
  drawDetails(target, font);
  drawMenuText(target, font,
               "Enter join   Tab/Left/Right tabs   type to search   F2 sort   F3 F4 F6 filters   "
               "F7 favourite   F5 refresh   Esc back",
               15, {MenuList::kPageWidth * 0.5f, MenuList::kPageHeight - 44.0f}, palette::kMenuText,
               true);
}

void ServerBrowser::drawTabs(sf::RenderTarget& target, const sf::Font& font) const {
  drawMenuText(target, font, "SERVERS", 48, {MenuList::kPageWidth * 0.5f, 70.0f},
               palette::kLocalPlayer, true);
  for (int i = 0; i < kBrowserTabs; ++i) {
    const bool chosen = i == static_cast<int>(tab_);
    const float x = kLeft + kTabWidth * static_cast<float>(i);
    if (chosen) {
      sf::RectangleShape underline({kTabWidth - 24.0f, 3.0f});
      underline.setPosition(x, kTabsY + 30.0f);
      underline.setFillColor(palette::kLocalPlayer);
      target.draw(underline);
    }
    drawMenuText(target, font,
                 fmt::format("{} ({})", tabName(static_cast<BrowserTab>(i)),
                             tabCounts_[static_cast<std::size_t>(i)]),
                 22, {x, kTabsY}, chosen ? palette::kLocalPlayer : palette::kMenuText);
  }
}

void ServerBrowser::drawFilters(sf::RenderTarget& target, const sf::Font& font) const {
  drawMenuText(target, font, "Search: " + search_.text() + "_", kBrowserTextSize,
               {kLeft, kFiltersY}, palette::kMenuText);
  const std::pair<const char*, bool> toggles[] = {
      {"F3 hide full", config_.browser.hideFull},
      {"F4 hide empty", config_.browser.hideEmpty},
      {"F6 hide password", config_.browser.hidePassword}};
  for (std::size_t i = 0; i < std::size(toggles); ++i) {
    drawMenuText(target, font,
                 fmt::format("[{}] {}", toggles[i].second ? 'x' : ' ', toggles[i].first),
                 kBrowserTextSize, {kFilterX[i], kFiltersY},
                 toggles[i].second ? palette::kLocalPlayer : palette::kMenuText);
  }
}

void ServerBrowser::drawTable(sf::RenderTarget& target, const sf::Font& font) const {
  for (std::size_t i = 0; i < std::size(kHeaders); ++i) {
    const bool sorting = kColumnSorts[i] == config_.browser.sort;
    drawMenuText(target, font, std::string(kHeaders[i]) + (sorting ? " v" : ""), kBrowserTextSize,
                 {kColumns[i], kHeaderY}, sorting ? palette::kLocalPlayer : palette::kMenuText);
  }
  sf::RectangleShape rule({MenuList::kPageWidth - 2.0f * kLeft, 2.0f});
  rule.setPosition(kLeft, kRowsTop - 6.0f);
  rule.setFillColor(palette::kMenuText);
  target.draw(rule);
  const int last = std::min(static_cast<int>(rows_.size()), first_ + kVisibleRows);
  TextBatch texts(font, kBrowserTextSize, 2.0f);  // every row's texts in one draw call
  for (int i = first_; i < last; ++i) {
    drawRow(target, texts, rows_[static_cast<std::size_t>(i)],
            kRowsTop + kBrowserRowHeight * static_cast<float>(i - first_), i == selected_);
  }
  texts.draw(target);
  if (rows_.empty()) {
    drawMenuText(target, font, status(), kBrowserTextSize, {kLeft, kRowsTop}, palette::kMenuText);
  }
  if (first_ > 0 || last < static_cast<int>(rows_.size())) {
    drawMenuText(target, font, fmt::format("{}-{} of {}", first_ + 1, last, rows_.size()), 15,
                 {MenuList::kPageWidth - kLeft - 90.0f, kHeaderY + 2.0f}, palette::kMenuText);
  }
}

void ServerBrowser::drawRow(sf::RenderTarget& target, TextBatch& texts, const BrowserRow& row,
                            float y, bool chosen) const {
  if (chosen) {
    sf::RectangleShape bar({MenuList::kPageWidth - 2.0f * kLeft + 16.0f, kBrowserRowHeight - 2.0f});
    bar.setPosition(kLeft - 8.0f, y - 2.0f);
    bar.setFillColor(palette::kMenuSelection);
    target.draw(bar);
  }
  const sf::Color colour = row.otherProtocol() ? palette::kMenuDisabled
                           : chosen            ? palette::kLocalPlayer
                           : row.answered()    ? palette::kMenuText
                                               : sf::Color(150, 150, 165);
  const std::string name = (row.favourite ? "* " : "") + row.info.name;
  const auto text = [&](const std::string& shown, int column, sf::Color fill) {
    texts.add(shown, {kColumns[column], y}, fill, sf::Color::Black);
  };
  text(net::printablePrefix(name, 40), 0, colour);  // cut at a whole character
  text(net::printablePrefix(row.level, 18), 1, colour);
  text(row.mode, 2, colour);
  text(fmt::format("{}/{}", row.players, row.capacity), 3,
       row.full() ? palette::kMenuWarning : colour);
  text(row.answered() ? fmt::format("{:.0f} ms", row.pingMs) : "-", 4, colour);
  if (row.info.password) {  // a padlock: its shackle, then its body
    sf::RectangleShape shackle({10.0f, 10.0f});
    shackle.setPosition(kColumns[5] + 5.0f, y + 2.0f);
    shackle.setFillColor(sf::Color::Transparent);
    shackle.setOutlineColor(colour);
    shackle.setOutlineThickness(2.0f);
    sf::RectangleShape body({18.0f, 12.0f});
    body.setPosition(kColumns[5] + 1.0f, y + 10.0f);
    body.setFillColor(colour);
    target.draw(shackle);
    target.draw(body);
  }
}

void ServerBrowser::drawDetails(sf::RenderTarget& target, const sf::Font& font) const {
  drawMenuText(target, font, status(), 15, {kLeft, kDetailsY}, palette::kMenuText);
  if (rows_.empty()) {
    return;
  }
  const BrowserRow& row = rows_[static_cast<std::size_t>(selected_)];
  float y = kDetailsY + 28.0f;
  drawMenuText(target, font,
               fmt::format("{}   {}   {}", row.info.name, row.address,
                           row.answered() ? "coyote " + row.info.version : ""),
               kBrowserTextSize, {kLeft, y}, palette::kLocalPlayer);
  if (row.otherProtocol()) {  // instead of its message of the day: why it cannot be joined
    drawMenuText(target, font,
                 fmt::format("needs coyote {} (protocol {}); this is coyote {} (protocol {})",
                             row.info.version, row.info.protocolVersion, buildVersion(),
                             net::kProtocolVersion),
                 16, {kLeft, y + 24.0f}, palette::kMenuWarning);
    return;
  }
  std::string motd = row.info.motd;
  for (int line = 0; line < 2 && !motd.empty(); ++line) {  // two lines, cut at whole characters
    const std::string shown = net::printablePrefix(motd, 100);
    y += 24.0f;
    drawMenuText(target, font, shown, 16, {kLeft, y}, palette::kMenuText);
    motd.erase(0, shown.size());
  }
  y += 30.0f;
  for (std::size_t i = 0; i < row.info.rooms.size() && i < 6; ++i) {
    const net::RoomInfo& room = row.info.rooms[i];
    drawMenuText(
        target, font,
        fmt::format("{}: {} ({}) {}/{}", room.name, room.level, room.mode, room.players,
                    room.maxPlayers),
        16, {kLeft + 380.0f * static_cast<float>(i % 3), y + 22.0f * static_cast<float>(i / 3)},
        palette::kMenuText);
  }
}

std::string ServerBrowser::summary() const {
  std::string columns;
  for (const char* header : kHeaders) {
    columns += columns.empty() ? header : std::string(" | ") + header;
  }
  std::string chosen = "none";
  if (!rows_.empty()) {
    const BrowserRow& row = rows_[static_cast<std::size_t>(selected_)];
    chosen =
        fmt::format("{} {:?} {} {} {}/{} motd {:?}{}", row.address, row.info.name, row.level,
                    row.mode, row.players, row.capacity, row.info.motd,
                    row.otherProtocol() ? fmt::format(", greyed: needs coyote {} (protocol {})",
                                                      row.info.version, row.info.protocolVersion)
                                        : "");
  }
  return fmt::format("{} tab ({}), {} servers shown, search {:?}; chosen: {}", tabName(tab_),
                     columns, rows_.size(), search_.text(), chosen);
}

void ServerBrowser::countTabs() {
  tabCounts_ = {snapshot_.servers.size(),
                static_cast<std::size_t>(std::count_if(
                    heard_.begin(), heard_.end(), [](const ServerListing& s) { return s.lan; })),
                config_.favourites.size(), config_.recent.size()};
}

std::string ServerBrowser::status() const {
  if (tab_ != BrowserTab::Internet) {  // the tab's own servers, and how many of them answered
    const auto answered = std::count_if(rows_.begin(), rows_.end(),
                                        [](const BrowserRow& row) { return row.answered(); });
    return rows_.empty() ? (search_.text().empty() ? "no server here yet" : "no server matches")
                         : fmt::format("{} server{}, {} answered", rows_.size(),
                                       rows_.size() == 1 ? "" : "s", answered);
  }
  if (!masters_) {
    return "no master servers: set browser.masters in client.toml";
  }
  const auto ok = std::count_if(snapshot_.masters.begin(), snapshot_.masters.end(),
                                [](const MasterList::MasterState& m) { return m.answered; });
  const bool waiting = std::any_of(snapshot_.masters.begin(), snapshot_.masters.end(),
                                   [](const MasterList::MasterState& m) { return !m.done; });
  return fmt::format("{} listed by {} of {} masters{}{}", snapshot_.servers.size(), ok,
                     snapshot_.masters.size(), waiting ? " (asking...)" : "",
                     snapshot_.fromCache ? "; the last list kept on disk" : "");
}

}  // namespace coyote
