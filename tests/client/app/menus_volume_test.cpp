// The options' volume rows (docs/playing.md#sound), driven by key events without a window:
// ← → step by 10 within 0–100, and the file the menus save holds the new volumes.
#include <gtest/gtest.h>
#include <spdlog/sinks/null_sink.h>

#include "client/app/menu/menus.h"
#include "client/app/settings/client_config.h"
#include "support/key_events.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using test::key;

TEST(MenusVolume, LeftAndRightStepTheVolumesAndTheFileKeepsThem) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "client.toml").string();
  ClientConfig config;
  Menus menus(config, file, spdlog::null_logger_mt("menus-volume"));
  menus.show(Menus::Screen::Options);
  const sf::Vector2u window{1280, 960};
  const auto press = [&](sf::Keyboard::Key code, int times = 1) {
    for (int i = 0; i < times; ++i) {
      menus.handle(key(code), window);
    }
  };
  press(sf::Keyboard::End);  // Back, the last row
  press(sf::Keyboard::Up);   // Effects volume
  press(sf::Keyboard::Left, 3);
  EXPECT_EQ(config.effectsVolume, 70);
  press(sf::Keyboard::Up);  // Master volume
  press(sf::Keyboard::Right, 5);
  EXPECT_EQ(config.masterVolume, 100) << "80, then capped at 100";
  press(sf::Keyboard::Left, 12);
  EXPECT_EQ(config.masterVolume, 0) << "and never below 0";
  press(sf::Keyboard::Right);
  EXPECT_FALSE(menus.takeWindowChange()) << "a volume does not make the window again";

  const ClientConfig saved = loadClientConfig(file);
  EXPECT_EQ(saved.masterVolume, 10);
  EXPECT_EQ(saved.effectsVolume, 70);
  EXPECT_EQ(saved.scale, config.scale);
}

}  // namespace
}  // namespace coyote
