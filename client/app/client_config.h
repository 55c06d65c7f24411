#pragma once

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
  std::vector<sf::Keyboard::Key> debugOverlay{sf::Keyboard::F1};
  std::vector<sf::Keyboard::Key> netGraph{sf::Keyboard::F3};
  std::vector<sf::Keyboard::Key> debugJoints{sf::Keyboard::F4};
  std::vector<sf::Keyboard::Key> debugLimits{sf::Keyboard::F5};
  std::vector<sf::Keyboard::Key> scoreboard{sf::Keyboard::Tab};  ///< held
  std::vector<sf::Keyboard::Key> ghosts{sf::Keyboard::G};
  bool gamepadEnabled = true;
  std::int32_t gamepadJump = 0;  ///< button index: A on Xbox-style pads
  std::int32_t gamepadDash = 2;  ///< X
};

/// `configs/client.toml`, mirrored key for key (defaults here).
struct ClientConfig {
  std::string name = "player";  ///< [player]
  std::int32_t scale = 4;       ///< [window] whole-number scale of the 320 × 240 image
  bool vsync = true;
  std::int32_t inputDelay = 0;    ///< [net] ticks
  std::int32_t targetMargin = 2;  ///< [net] ticks early inputs should reach the server
  bool ghosts = true;             ///< [race] show the best and record ghosts at start
  Bindings bindings;              ///< [keyboard], [gamepad]
};

/// Loads a client TOML over the defaults. An unknown key name (e.g. "Spacebar") or any other
/// bad value is a ConfigError naming the file and the key path ("keyboard.jump[1]").
ClientConfig loadClientConfig(const std::string& file);

/// SFML key from its name ("Space", "LShift", "A", "F1"…); false if unknown.
bool parseKeyName(const std::string& name, sf::Keyboard::Key& key);
const char* keyName(sf::Keyboard::Key key);

}  // namespace coyote
