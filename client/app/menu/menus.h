#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include <spdlog/logger.h>
#include <SFML/Graphics.hpp>

#include "client/app/menu/menu_list.h"
#include "client/app/menu/server_browser.h"
#include "client/app/settings/client_config.h"
#include "client/app/ui/text_field.h"

namespace coyote {

/// The menus (docs/playing.md#menus): title, connect, server browser, options and the pause menu.
/// They act through the console's commands (console_commands.h): what a choice asks for comes out
/// of `handle` as command lines ("connect 10.0.0.2:7777", "local", "quit") for the window to run,
/// so a menu can do nothing the console cannot. Settings they change are saved to client.toml
/// at once.
class Menus {
 public:
  enum class Screen { None, Title, Connect, Browser, Options, Pause, Replays };
  /// Replays listed at most, newest first, from `replays/` and the working directory.
  static constexpr std::size_t kMaxReplays = 50;
  /// LAN ports the browser broadcasts to (a server on another port is found by its address).
  static constexpr std::uint16_t kLanPorts[] = {7777, 7778, 7779};

  /// `configFile`: where settings are saved ("": nowhere, said once in the log).
  Menus(ClientConfig& config, std::string configFile, std::shared_ptr<spdlog::logger> log);

  Screen screen() const { return screen_; }
  bool active() const { return screen_ != Screen::None; }
  /// Shows `screen` afresh (the browser asks its servers anew). What the title said goes unless
  /// it was set just before (setMessage): a message is about the moment it was set.
  void show(Screen screen);
  /// A line in red on the next screen shown (the title, or the connect screen a refusal
  /// offers): why the last game ended. It goes at the screen after.
  void setMessage(const std::string& message);
  /// After a refusal of `address`: a password refusal opens the connect screen on its password,
  /// a full room on Spectate; any other leaves the title as it is.
  void offerAfterRefusal(const std::string& reason, const std::string& address);

  /// A window event; the commands it asks for, in order.
  std::vector<std::string> handle(const sf::Event& event, sf::Vector2u windowSize);
  /// The browser's queries (sent and read without blocking).
  void update(double now);
  /// Draws with the menus' page as the view (menuPage): the caller sets its own back.
  /// Draws the menu shown, if any; `overScene`: on the title scene, through a translucent panel
  /// (and the title screen without its name in text: the scene shows it in pixel art).
  void draw(sf::RenderTarget& target, const sf::Font& font, bool overScene = false) const;
  /// Whether the window's scale, fullscreen or vsync changed since the last call.
  bool takeWindowChange();
  /// Writes the settings to client.toml (a failure is logged once).
  void save();

 private:
  std::vector<std::string> handleTitle(MenuList::Action action);
  std::vector<std::string> handlePause(MenuList::Action action);
  std::vector<std::string> handleConnect(const sf::Event& event, MenuList::Action action);
  std::vector<std::string> handleBrowser(const sf::Event& event, sf::Vector2u windowSize);
  std::vector<std::string> handleOptions(const sf::Event& event, MenuList::Action action);
  std::vector<std::string> handleReplays(MenuList::Action action);
  /// The replay files to list (replays/*.rpl, ./*.rpl), newest first.
  void findReplays();
  /// A key pressed while an action waits for its new key.
  void rebind(sf::Keyboard::Key key);
  void changeOption(int row, int step);
  /// The commands that join (or, `spectate`, watch) the connect screen's server.
  std::vector<std::string> connectCommands(bool spectate);
  /// Back from the connect screen to the browser it was opened from, as it was: its tab,
  /// search, filters, servers and choice.
  void returnToBrowser();
  /// The log's line for the screen now shown (`resumed`: the browser as it was).
  void logScreen(bool resumed) const;
  /// The items of the screen shown, from the state they show.
  void refresh();
  std::vector<MenuItem> optionItems() const;

  ClientConfig& config_;
  std::string configFile_;
  std::shared_ptr<spdlog::logger> log_;
  Screen screen_ = Screen::None;
  Screen optionsReturn_ = Screen::Title;  ///< where Back leads from the options
  Screen connectReturn_ = Screen::Title;  ///< where Back leads from the connect screen
  Screen gameFrom_ = Screen::Title;       ///< the menu the last game was started from
  MenuList list_;
  std::string message_;
  bool messageFresh_ = false;  ///< set since the last screen change: the next one shows it
  TextField address_{64};
  TextField name_{32};
  TextField room_{24};
  TextField password_{64};
  ServerBrowser browser_;
  std::vector<std::string> replays_;
  std::set<std::string> serversLogged_;  ///< addresses of the servers already in the log
  std::string browserLogged_;            ///< what the browser showed when last logged
  double now_ = 0.0;
  int rebinding_ = -1;  ///< the keyActions() index waiting for a key
  int keySlot_ = 0;     ///< which of an action's keys Enter rebinds: 0 primary, 1 alternate
  bool windowChanged_ = false;
  bool saveFailureLogged_ = false;
};

}  // namespace coyote
