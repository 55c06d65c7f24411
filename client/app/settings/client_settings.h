#pragma once

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include <SFML/Window/Keyboard.hpp>

#include "client/app/settings/client_config.h"

namespace coyote {

class TomlTableReader;

/// Where a setting's value lives in a ClientConfig: a function a fold of member pointers makes
/// (`at<&ClientConfig::browser, &BrowserSettings::sort>`), so that nested settings need no code.
template <class T>
using SettingRef = T& (*)(ClientConfig& config);

template <class T>
T& follow(T& value) {
  return value;
}
template <auto First, auto... Rest, class T>
auto& follow(T& value) {
  return follow<Rest...>(value.*First);
}
template <auto... Members>
auto& at(ClientConfig& config) {
  return follow<Members...>(config);
}

/// The kinds of value a setting holds, each read, checked and written its own way.
struct FlagSetting {
  SettingRef<bool> ref;
};
struct NumberSetting {
  SettingRef<std::int32_t> ref;
  std::int32_t min;
  std::int32_t max;
};
struct TextSetting {
  SettingRef<std::string> ref;
};
struct TextListSetting {
  SettingRef<std::vector<std::string>> ref;
};
struct SortSetting {  ///< written as sortName, one of "ping", "players", "name"
  SettingRef<BrowserSort> ref;
};
struct KeysSetting {  ///< SFML key names (parseKeyName); the action's keys in Bindings
  std::vector<sf::Keyboard::Key> Bindings::*keys;
};
using SettingValue = std::variant<FlagSetting, NumberSetting, TextSetting, TextListSetting,
                                  SortSetting, KeysSetting>;

/// One key of client.toml, declared once: the loader reads and checks it, the saver writes it
/// with `help` as its comment, the options screen shows `label`, and a docs test holds
/// docs/playing.md#settings to the list. Its default is ClientConfig's.
struct ClientSetting {
  std::string_view section;  ///< "window"
  std::string_view key;      ///< "scale"
  std::string_view help;     ///< what it means, one line
  std::string_view label;    ///< its name on the options screen, "" when not shown there
  SettingValue value;
  /// What a value must also be beyond its kind (at most so many entries, an address, a room
  /// name): calls `section.fail` if it is not. nullptr when its kind says it all.
  void (*check)(const TomlTableReader& section, const ClientConfig& config) = nullptr;
};

/// Every setting, in the file's order: [player], [window], [net], [race], [audio], [server],
/// [browser], [hints], [keyboard], [gamepad].
const std::vector<ClientSetting>& clientSettings();

/// The setting [`section`] `key`; throws std::logic_error if there is none (a typo in the code).
const ClientSetting& clientSetting(std::string_view section, std::string_view key);

}  // namespace coyote
