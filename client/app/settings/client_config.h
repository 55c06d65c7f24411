#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <SFML/Window/Keyboard.hpp>

namespace coyote {

/// Keys and gamepad buttons for each action. Several keys may trigger one action.
struct Bindings {
  std::vector<sf::Keyboard::Key> left{sf::Keyboard::Left, sf::Keyboard::A};
  std::vector<sf::Keyboard::Key> right{sf::Keyboard::Right, sf::Keyboard::D};
  std::vector<sf::Keyboard::Key> up{sf::Keyboard::Up, sf::Keyboard::W};
  std::vector<sf::Keyboard::Key> down{sf::Keyboard::Down, sf::Keyboard::S};
  std::vector<sf::Keyboard::Key> jump{sf::Keyboard::Space, sf::Keyboard::Z};
  std::vector<sf::Keyboard::Key> dash{sf::Keyboard::X, sf::Keyboard::LShift};
  std::vector<sf::Keyboard::Key> respawn{sf::Keyboard::K};  ///< back to the last checkpoint
  std::vector<sf::Keyboard::Key> restart{sf::Keyboard::R};  ///< a fresh run from the spawn
  std::vector<sf::Keyboard::Key> debugOverlay{sf::Keyboard::F1};
  std::vector<sf::Keyboard::Key> netGraph{sf::Keyboard::F3};
  std::vector<sf::Keyboard::Key> debugJoints{sf::Keyboard::F4};
  std::vector<sf::Keyboard::Key> debugLimits{sf::Keyboard::F5};
  std::vector<sf::Keyboard::Key> scoreboard{sf::Keyboard::Tab};  ///< held
  std::vector<sf::Keyboard::Key> ghosts{sf::Keyboard::G};
  std::vector<sf::Keyboard::Key> zoom{sf::Keyboard::V};  ///< the next zoom step, round
  bool gamepadEnabled = true;
  std::int32_t gamepadJump = 0;     ///< button index: A on Xbox-style pads
  std::int32_t gamepadDash = 2;     ///< X
  std::int32_t gamepadRestart = 6;  ///< Back (View)
};

/// Whether `key` is one of an action's keys.
inline bool isBound(const std::vector<sf::Keyboard::Key>& keys, sf::Keyboard::Key key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

/// How the server browser sorts and what it hides ([browser]; docs/playing.md#the-server-browser).
enum class BrowserSort { Ping, Players, Name };
struct BrowserSettings {
  static constexpr std::size_t kMaxMasters = 8;
  /// Master servers the Internet tab lists ("http://host[:port][/path]").
  std::vector<std::string> masters;
  BrowserSort sort = BrowserSort::Ping;
  bool hideFull = false;
  bool hideEmpty = false;
  bool hidePassword = false;
};

/// The hints a newcomer is given once ([hints]; docs/playing.md#controls): true until shown.
struct HintSettings {
  bool controls = true;  ///< the controls in one line, at the top of the first game
  bool swim = true;      ///< "hold Up to swim", the first time in water
};

/// `configs/client.toml`, mirrored key for key (defaults here).
struct ClientConfig {
  static constexpr std::size_t kMaxServers = 32;  ///< favourites, and recent ones
  static constexpr std::size_t kMaxRecent = 10;

  std::string name = "player";  ///< [player]
  std::int32_t scale = 4;       ///< [window] whole-number scale of the 320 × 240 image
  std::int32_t zoom = 1;        ///< 1 to kMaxZoom: more of the level, a scale smaller each step
  bool vsync = true;
  bool fullscreen = false;
  bool netGraph = false;                ///< the F3 net graph at start
  bool screenShake = true;              ///< the view shakes on heavy landings and impacts
  std::int32_t inputDelay = 0;          ///< [net] ticks
  std::int32_t targetMargin = 2;        ///< [net] ticks early inputs should reach the server
  bool ghosts = true;                   ///< [race] show the best and record ghosts at start
  std::int32_t masterVolume = 80;       ///< [audio] 0–100, every sound
  std::int32_t effectsVolume = 100;     ///< [audio] 0–100, the game's effects
  std::string address;                  ///< [server] the connect screen's last address, "host:port"
  std::string room = "main";            ///< the connect screen's room
  std::vector<std::string> favourites;  ///< "host:port" the browser always asks
  std::vector<std::string> recent;      ///< servers joined, newest first
  BrowserSettings browser;              ///< [browser]
  HintSettings hints;                   ///< [hints]
  Bindings bindings;                    ///< [keyboard], [gamepad]
};

/// A rebindable action of [keyboard]: its key in the file, its label on the options screen.
struct KeyAction {
  std::string_view name;
  std::string_view label;
  std::vector<sf::Keyboard::Key> Bindings::*keys;
};
/// Every [keyboard] action, in the file's order.
const std::vector<KeyAction>& keyActions();

/// Loads a client TOML over the defaults. An unknown key name (e.g. "Spacebar") or any other
/// bad value is a ConfigError naming the file and the key path ("keyboard.jump[1]").
ClientConfig loadClientConfig(const std::string& file);
/// Writes every setting to `file` as TOML (its folder made if need be), through a temporary file
/// renamed over it. Throws std::runtime_error naming the file when it cannot.
void saveClientConfig(const ClientConfig& config, const std::string& file);
/// Where a player's own settings live: $XDG_CONFIG_HOME/coyote/client.toml, else
/// ~/.config/coyote/client.toml ("" when neither variable is set).
std::string userClientConfigPath();
/// Adds `address` at the front of the recent servers (once, at most kMaxRecent).
void rememberServer(ClientConfig& config, const std::string& address);

const char* sortName(BrowserSort sort);

/// SFML key from its name ("Space", "LShift", "A", "F1"…); false if unknown.
bool parseKeyName(const std::string& name, sf::Keyboard::Key& key);
const char* keyName(sf::Keyboard::Key key);

}  // namespace coyote
