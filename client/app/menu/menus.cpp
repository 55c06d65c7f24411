#include "client/app/menu/menus.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "client/app/render/palette.h"
#include "io/user_folders.h"
#include "io/utf8_path.h"
#include "version/build_version.h"

namespace coyote {
namespace {

enum TitleRow { kPlayOnline, kConnect, kPlayHere, kReplays, kOptions, kQuit };
enum PauseRow { kResume, kPauseOptions, kDisconnect };

}  // namespace

namespace {

/// The masters' last list, beside the settings ("" when they are kept nowhere).
std::string serverListCache(const std::string& configFile) {
  return configFile.empty() ? ""
                            : utf8String(utf8Path(configFile).parent_path() / "servers-cache.json");
}

}  // namespace

Menus::Menus(ClientConfig& config, std::string configFile, std::shared_ptr<spdlog::logger> log)
    : config_(config),
      configFile_(std::move(configFile)),
      log_(std::move(log)),
      browser_(config_, serverListCache(configFile_)) {}

void Menus::setMessage(const std::string& message) {
  message_ = message;
  messageFresh_ = true;
}

void Menus::show(Screen screen) {
  if (!std::exchange(messageFresh_, false)) {
    message_.clear();  // a refusal is news once: the screen after it is about something else
  }
  if (screen == Screen::Options) {
    optionsReturn_ = screen_ == Screen::Pause ? Screen::Pause : Screen::Title;
  }
  if (screen == Screen::None && screen_ != Screen::None) {  // to a game, or a replay
    gameFrom_ = screen_ == Screen::Connect ? connectReturn_ : screen_;
  }
  if (screen == Screen::Connect) {
    connectReturn_ = screen_ == Screen::Browser ? Screen::Browser : Screen::Title;
    address_.set(config_.address);
    name_.set(config_.name);
    room_.set(config_.room);
  }
  if (screen == Screen::Browser) {
    browser_.start(now_);
    serversLogged_.clear();
    browserLogged_.clear();
  }
  if (screen == Screen::Replays) {
    findReplays();
  }
  screen_ = screen;
  rebinding_ = -1;
  list_.select(0);
  refresh();
  logScreen(false);
}

void Menus::returnToBrowser() {
  message_.clear();
  screen_ = Screen::Browser;
  rebinding_ = -1;
  refresh();
  logScreen(true);
}

void Menus::logScreen(bool resumed) const {
  constexpr const char* kNames[] = {"none",    "title", "connect", "server browser",
                                    "options", "pause", "replays"};
  const char* name = kNames[static_cast<int>(screen_)];
  if (resumed) {
    log_->info("menus: back to the {} as it was: {}", name, browser_.summary());
  } else if (screen_ != Screen::None) {
    log_->info("menus: the {} screen{}", name,
               message_.empty() ? "" : fmt::format(", saying {:?}", message_));
  }
}

bool Menus::takeWindowChange() {
  return std::exchange(windowChanged_, false);
}

std::vector<std::string> Menus::handle(const sf::Event& event, sf::Vector2u windowSize) {
  if (screen_ == Screen::Options && rebinding_ >= 0) {
    if (event.type == sf::Event::KeyPressed) {
      rebind(event.key.code);
    }
    return {};
  }
  if (screen_ == Screen::Browser) {  // a screen of its own: tabs, a table, a search line
    return handleBrowser(event, windowSize);
  }
  const MenuList::Action action = list_.handle(event, windowSize);
  std::vector<std::string> commands;
  switch (screen_) {
    case Screen::Title:
      commands = handleTitle(action);
      break;
    case Screen::Pause:
      commands = handlePause(action);
      break;
    case Screen::Connect:
      commands = handleConnect(event, action);
      break;
    case Screen::Browser:
    case Screen::Options:
      commands = handleOptions(event, action);
      break;
    case Screen::Replays:
      commands = handleReplays(action);
      break;
    case Screen::None:
      break;
  }
  refresh();
  return commands;
}

std::vector<std::string> Menus::handleTitle(MenuList::Action action) {
  if (action == MenuList::Action::Back) {
    return {"quit"};
  }
  if (action != MenuList::Action::Activate) {
    return {};
  }
  switch (list_.selected()) {
    case kPlayOnline:
      show(Screen::Browser);
      return {};
    case kConnect:
      show(Screen::Connect);
      return {};
    case kPlayHere:
      return {"local"};
    case kReplays:
      show(Screen::Replays);
      return {};
    case kOptions:
      show(Screen::Options);
      return {};
    default:
      return {"quit"};
  }
}

// The game goes on behind the pause menu: only the keys stop reaching it.
std::vector<std::string> Menus::handlePause(MenuList::Action action) {
  if (action == MenuList::Action::Back) {
    show(Screen::None);
    return {};
  }
  if (action != MenuList::Action::Activate) {
    return {};
  }
  switch (list_.selected()) {
    case kResume:
      show(Screen::None);
      return {};
    case kPauseOptions:
      show(Screen::Options);
      return {};
    default:
      show(Screen::Title);
      return {"disconnect"};
  }
}

void Menus::refresh() {
  switch (screen_) {
    case Screen::Title:
      list_.setItems({{"Play online"},
                      {"Connect to an address"},
                      {"Play on this machine"},
                      {"Replays"},
                      {"Options"},
                      {"Quit"}});
      break;
    case Screen::Pause:
      list_.setItems({{"Resume"}, {"Options"}, {"Disconnect"}});
      break;
    case Screen::Connect: {
      std::string hidden(password_.characters(), '*');
      list_.setItems({{"Address", address_.text() + (list_.selected() == 0 ? "_" : "")},
                      {"Name", name_.text() + (list_.selected() == 1 ? "_" : "")},
                      {"Room", room_.text() + (list_.selected() == 2 ? "_" : "")},
                      {"Password", hidden + (list_.selected() == 3 ? "_" : "")},
                      {"Connect"},
                      {"Spectate", "watch without playing"},
                      {"Back"}});
      break;
    }
    case Screen::Browser:
    case Screen::Options:
      list_.setItems(optionItems());
      break;
    case Screen::Replays: {
      std::vector<MenuItem> items;
      for (const std::string& file : replays_) {
        items.push_back({utf8String(utf8Path(file).filename()), file});
      }
      items.push_back(
          {"Back", replays_.empty()
                       ? "no replays here, in replays/ or in ~/.local/share/coyote/replays"
                       : ""});
      list_.setItems(items);
      break;
    }
    case Screen::None:
      break;
  }
}

void Menus::draw(sf::RenderTarget& target, const sf::Font& font, bool overScene) const {
  if (screen_ == Screen::None) {
    return;
  }
  target.setView(menuPage());
  const sf::Vector2f size(MenuList::kPageWidth, MenuList::kPageHeight);
  const bool overGame = screen_ == Screen::Pause || optionsReturn_ == Screen::Pause;
  // On the title scene, a panel behind the rows alone (the name above them and the runners
  // below stay clear); the browser's, behind all of its page from the tabs down, wider than its
  // table and opaque, so that no runner crosses its details. Over the game, the whole
  // page dimmed; with neither, the flat background.
  constexpr float kPanelTop = 176.0f;
  const auto rows =
      static_cast<float>(std::min<std::size_t>(list_.items().size(), MenuList::kVisibleRows));
  const bool browser = screen_ == Screen::Browser;
  const sf::Vector2f panel =
      browser ? sf::Vector2f(size.x - 40.0f, size.y - 130.0f)
              : sf::Vector2f(size.x * 0.7f,
                             MenuList::kTop - kPanelTop + rows * MenuList::kRowHeight + 24.0f);
  sf::RectangleShape backdrop(overScene ? panel : size);
  backdrop.setPosition(!overScene ? sf::Vector2f()
                       : browser  ? sf::Vector2f(20.0f, 130.0f)
                                  : sf::Vector2f(size.x * 0.15f, kPanelTop));
  sf::Color panelColour = palette::kMenuPanel;
  panelColour.a = browser ? 255 : panelColour.a;
  backdrop.setFillColor(overGame    ? sf::Color(0, 0, 0, 170)
                        : overScene ? panelColour
                                    : palette::kMenuBackground);
  target.draw(backdrop);
  if (screen_ == Screen::Browser) {
    browser_.draw(target, font);
    return;
  }
  const char* titles[] = {"", "COYOTE", "CONNECT", "SERVERS", "OPTIONS", "PAUSED", "REPLAYS"};
  list_.draw(target, font,
             overScene && screen_ == Screen::Title ? "" : titles[static_cast<int>(screen_)]);
  std::string footer;
  if (screen_ == Screen::Options) {
    footer = rebinding_ >= 0 ? "press the new key (Esc: keep the old one)"
                             : "Enter: rebind   Left/Right: primary or alternate key, or adjust   "
                               "Delete: no alternate   Esc: back (saved)";
  } else if (screen_ == Screen::Pause) {
    footer = "the game goes on";
  } else if (screen_ == Screen::Replays) {
    footer = "Enter: watch (Space pauses, Right steps, Up/Down speed, Esc back)";
  }
  drawMenuText(target, font, footer, 16, {size.x * 0.5f, size.y - 60.0f}, palette::kMenuText, true);
  if ((screen_ == Screen::Title || screen_ == Screen::Connect) && !message_.empty()) {
    drawMenuText(target, font, message_, 18, {size.x * 0.5f, 160.0f}, palette::kMenuWarning, true);
  }
  if (screen_ == Screen::Title) {  // in a corner, as games say which build a report is about
    drawMenuText(target, font, versionLine("coyote"), 14, {12.0f, size.y - 24.0f},
                 palette::kMenuText);
  }
}

std::vector<std::string> Menus::handleReplays(MenuList::Action action) {
  const int row = list_.selected();
  const int count = static_cast<int>(replays_.size());
  if (action == MenuList::Action::Back || (action == MenuList::Action::Activate && row == count)) {
    show(Screen::Title);
    return {};
  }
  if (action != MenuList::Action::Activate) {
    return {};
  }
  return {"replay " + replays_[static_cast<std::size_t>(row)]};
}

void Menus::findReplays() {
  std::vector<std::pair<std::filesystem::file_time_type, std::string>> found;
  const std::string own = userDataFile("replays");  // ~/.local/share/coyote/replays
  for (const std::string& folder : {std::string("replays"), std::string("."), own}) {
    if (folder.empty()) {
      continue;
    }
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(utf8Path(folder), error)) {
      if (entry.is_regular_file(error) && entry.path().extension() == ".rpl") {
        found.emplace_back(entry.last_write_time(error),
                           utf8String(entry.path().lexically_normal()));
      }
    }
  }
  std::sort(found.begin(), found.end(), std::greater<>());
  replays_.clear();
  for (std::size_t i = 0; i < found.size() && i < kMaxReplays; ++i) {
    replays_.push_back(found[i].second);
  }
}

void Menus::save() {
  if (configFile_.empty()) {
    if (!saveFailureLogged_) {
      log_->warn(
          "settings not saved: no --config, HOME, XDG_CONFIG_HOME or APPDATA to keep them in");
      saveFailureLogged_ = true;
    }
    return;
  }
  try {
    saveClientConfig(config_, configFile_);
  } catch (const std::runtime_error& error) {
    log_->warn("settings not saved: {}", error.what());
  }
}

}  // namespace coyote
