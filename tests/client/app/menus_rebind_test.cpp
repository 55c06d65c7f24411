// Rebinding in the options (docs/playing.md#menus), driven by key events without a window: each
// action has a primary and an alternate key; Enter rebinds the one chosen and keeps the other.
#include <gtest/gtest.h>
#include <spdlog/sinks/null_sink.h>

#include "client/app/menu/menus.h"
#include "client/app/settings/client_config.h"
#include "support/key_events.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using test::key;
using Keys = std::vector<sf::Keyboard::Key>;

TEST(MenusRebind, RebindingOneKeyKeepsTheOther) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "client.toml").string();
  ClientConfig config;
  Menus menus(config, file, spdlog::null_logger_mt("menus-rebind"));
  menus.show(Menus::Screen::Options);
  const sf::Vector2u window{1280, 960};
  const auto press = [&](sf::Keyboard::Key code, int times = 1) {
    for (int i = 0; i < times; ++i) {
      menus.handle(key(code), window);
    }
  };
  press(sf::Keyboard::Down, 4);  // jump: Space, Z
  press(sf::Keyboard::Return);
  press(sf::Keyboard::C);
  EXPECT_EQ(config.bindings.jump, (Keys{sf::Keyboard::C, sf::Keyboard::Z}));
  press(sf::Keyboard::Right);  // the alternate
  press(sf::Keyboard::Return);
  press(sf::Keyboard::V);
  EXPECT_EQ(config.bindings.jump, (Keys{sf::Keyboard::C, sf::Keyboard::V}));
  press(sf::Keyboard::Return);
  press(sf::Keyboard::Escape);  // keeps the old one
  EXPECT_EQ(config.bindings.jump, (Keys{sf::Keyboard::C, sf::Keyboard::V}));
  press(sf::Keyboard::Delete);  // no alternate
  EXPECT_EQ(config.bindings.jump, (Keys{sf::Keyboard::C}));
  press(sf::Keyboard::Return);
  press(sf::Keyboard::B);  // an alternate where there was none
  EXPECT_EQ(config.bindings.jump, (Keys{sf::Keyboard::C, sf::Keyboard::B}));
  press(sf::Keyboard::Down);  // dash, its primary untouched
  EXPECT_EQ(config.bindings.dash, ClientConfig{}.bindings.dash);
  EXPECT_EQ(loadClientConfig(file).bindings.jump, (Keys{sf::Keyboard::C, sf::Keyboard::B}));
}

}  // namespace
}  // namespace coyote
