#include "client/app/settings/client_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include <toml++/toml.h>

#include "client/app/settings/client_settings.h"
#include "client/app/window/input_mapper.h"
#include "io/config_error.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string refusal(const std::string& toml) {
  return test::refusalOfFile("client.toml", toml,
                             [](const std::string& path) { loadClientConfig(path); });
}

TEST(ClientConfig, BundledFileHasTheDefaultBindings) {
  const ClientConfig loaded =
      loadClientConfig(std::string(COYOTE_SOURCE_DIR) + "/configs/client.toml");
  const Bindings defaults;
  EXPECT_EQ(loaded.bindings.left, defaults.left);
  EXPECT_EQ(loaded.bindings.right, defaults.right);
  EXPECT_EQ(loaded.bindings.up, defaults.up);
  EXPECT_EQ(loaded.bindings.down, defaults.down);
  EXPECT_EQ(loaded.bindings.jump,
            (std::vector<sf::Keyboard::Key>{sf::Keyboard::Space, sf::Keyboard::Z}));
  EXPECT_EQ(loaded.bindings.dash,
            (std::vector<sf::Keyboard::Key>{sf::Keyboard::X, sf::Keyboard::LShift}));
  EXPECT_EQ(loaded.bindings.debugOverlay, defaults.debugOverlay);
  EXPECT_EQ(loaded.bindings.netGraph, defaults.netGraph);
  EXPECT_EQ(loaded.bindings.gamepadJump, 0);
  EXPECT_EQ(loaded.bindings.gamepadDash, 2);
  EXPECT_EQ(loaded.scale, 4);
}

/// A config with every setting of the list away from its default (and valid).
ClientConfig everySettingChanged() {
  ClientConfig config;
  for (const ClientSetting& setting : clientSettings()) {
    std::visit(
        [&](const auto& value) {
          using Kind = std::decay_t<decltype(value)>;
          if constexpr (std::is_same_v<Kind, FlagSetting>) {
            value.ref(config) = !value.ref(config);
          } else if constexpr (std::is_same_v<Kind, NumberSetting>) {
            value.ref(config) = value.ref(config) == value.max ? value.min : value.max;
          } else if constexpr (std::is_same_v<Kind, TextSetting>) {
            value.ref(config) = setting.key == "room" ? "ice-2" : "zoé";
          } else if constexpr (std::is_same_v<Kind, TextListSetting>) {
            value.ref(config) = setting.key == "masters"
                                    ? std::vector<std::string>{"http://master.example.org:8300"}
                                    : std::vector<std::string>{"10.0.0.7:7777", "[::1]:7778"};
          } else if constexpr (std::is_same_v<Kind, SortSetting>) {
            value.ref(config) = BrowserSort::Name;
          } else {
            config.bindings.*value.keys = {sf::Keyboard::F9, sf::Keyboard::Numpad0};
          }
        },
        setting.value);
  }
  return config;
}

/// A setting's value as the saver writes it, to compare two configs setting by setting.
std::string written(const ClientSetting& setting, const ClientConfig& config) {
  ClientConfig values = config;
  return std::visit(
      [&](const auto& value) -> std::string {
        using Kind = std::decay_t<decltype(value)>;
        std::ostringstream text;
        if constexpr (std::is_same_v<Kind, KeysSetting>) {
          for (const sf::Keyboard::Key key : values.bindings.*value.keys) {
            text << keyName(key) << " ";
          }
        } else if constexpr (std::is_same_v<Kind, TextListSetting>) {
          for (const std::string& entry : value.ref(values)) {
            text << entry << " ";
          }
        } else if constexpr (std::is_same_v<Kind, SortSetting>) {
          text << sortName(value.ref(values));
        } else {
          text << value.ref(values);
        }
        return text.str();
      },
      setting.value);
}

TEST(ClientConfig, EverySettingOfTheListIsSavedAndReadBack) {
  const ClientConfig changed = everySettingChanged();
  const test::TempDirectory folder;
  const std::string file = (folder.path() / "client.toml").string();
  saveClientConfig(changed, file);
  const ClientConfig loaded = loadClientConfig(file);
  const ClientConfig defaults;
  std::size_t checked = 0;
  for (const ClientSetting& setting : clientSettings()) {
    const std::string name = fmt::format("{}.{}", setting.section, setting.key);
    EXPECT_NE(written(setting, changed), written(setting, defaults)) << name;
    EXPECT_EQ(written(setting, loaded), written(setting, changed)) << name;
    ++checked;
  }
  EXPECT_EQ(checked, 42u);
  EXPECT_EQ(loaded.bindings.gamepadRestart, changed.bindings.gamepadRestart);
}

TEST(ClientConfig, TheSavedFileSaysWhatEachSettingMeans) {
  const test::TempDirectory folder;
  const std::string file = (folder.path() / "client.toml").string();
  saveClientConfig(ClientConfig{}, file);
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const ClientSetting& setting : clientSettings()) {
    EXPECT_THAT(text, HasSubstr(fmt::format("  # {}\n", setting.help))) << setting.key;
  }
  EXPECT_THAT(text, HasSubstr("[gamepad]\nenabled = true  # the first connected pad"));
}

TEST(ClientConfig, TheBundledFileHasEveryKeyOfTheListAndNoOther) {
  const toml::table bundled =
      toml::parse_file(std::string(COYOTE_SOURCE_DIR) + "/configs/client.toml");
  std::set<std::string> inFile;
  for (const auto& [section, table] : bundled) {
    for (const auto& [key, value] : *table.as_table()) {
      inFile.insert(fmt::format("{}.{}", section.str(), key.str()));
    }
  }
  std::set<std::string> listed;
  for (const ClientSetting& setting : clientSettings()) {
    listed.insert(fmt::format("{}.{}", setting.section, setting.key));
  }
  EXPECT_EQ(inFile, listed);
}

TEST(ClientConfig, ReadsKeyNames) {
  test::TempDirectory directory;
  const ClientConfig config =
      loadClientConfig(directory.write("client.toml", "[keyboard]\njump = [\"K\", \"Numpad0\"]\n"));
  EXPECT_EQ(config.bindings.jump,
            (std::vector<sf::Keyboard::Key>{sf::Keyboard::K, sf::Keyboard::Numpad0}));
  EXPECT_EQ(config.bindings.dash, Bindings{}.dash);
}

TEST(ClientConfig, RefusesAnUnknownKeyNameWithItsPath) {
  EXPECT_THAT(refusal("[keyboard]\njump = [\"Space\", \"Spacebar\"]\n"),
              AllOf(HasSubstr("client.toml"), HasSubstr("keyboard.jump[1]"),
                    HasSubstr("unknown key name \"Spacebar\"")));
  EXPECT_THAT(refusal("[keyboard]\njump = \"Space\"\n"),
              AllOf(HasSubstr("keyboard.jump"), HasSubstr("expected an array of strings")));
  EXPECT_THAT(refusal("[keyboard]\njmup = [\"Space\"]\n"),
              AllOf(HasSubstr("keyboard.jmup"), HasSubstr("unknown key")));
  EXPECT_THAT(refusal("[window]\nscale = 9\n"), HasSubstr("window.scale"));
  EXPECT_THAT(refusal("[gamepad]\njump = \"A\"\n"), HasSubstr("gamepad.jump"));
}

TEST(InputMapper, DeadZoneIsAppliedOnceWithRemap) {
  EXPECT_EQ(effectiveStick(0.10f), 0.0f);
  EXPECT_EQ(effectiveStick(0.149f), 0.0f);
  EXPECT_GT(effectiveStick(0.16f), 0.0f);
  EXPECT_NEAR(effectiveStick(0.575f), 0.5f, 0.01f);  // half-way between dead zone and full
  EXPECT_EQ(effectiveStick(1.0f), 1.0f);
  EXPECT_EQ(effectiveStick(-1.0f), -1.0f);
  EXPECT_NEAR(effectiveStick(-0.575f), -0.5f, 0.01f);
}

TEST(InputMapper, KeysAndGamepadMakeTheQuantizedInput) {
  const Bindings bindings;
  DeviceState devices;
  devices.keyDown = [](sf::Keyboard::Key key) {
    return key == sf::Keyboard::A || key == sf::Keyboard::Space || key == sf::Keyboard::S;
  };
  const PlayerInput keys = mapInput(bindings, devices);
  EXPECT_EQ(keys.moveX, -127);
  EXPECT_EQ(keys.moveY, 127);
  EXPECT_EQ(keys.buttons, kButtonJump | kButtonDown);

  DeviceState pad;
  pad.gamepadConnected = true;
  pad.stickX = 0.5f;
  pad.stickY = 0.1f;
  pad.buttonDown = [](unsigned button) { return button == 2; };
  const PlayerInput stick = mapInput(bindings, pad);
  EXPECT_EQ(stick.moveX, quantizeAxis(0.5f));
  EXPECT_EQ(stick.buttons, kButtonDash);  // a 0.1 push down is inside the dead zone: no fast-fall
  Bindings noPad;
  noPad.gamepadEnabled = false;
  EXPECT_EQ(mapInput(noPad, pad).moveX, 0);
}

}  // namespace
}  // namespace coyote
