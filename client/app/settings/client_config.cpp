#include "client/app/settings/client_config.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <type_traits>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/app/settings/client_settings.h"
#include "config/toml_table_reader.h"
#include "io/bounded_file.h"
#include "io/config_error.h"
#include "io/user_folders.h"
#include "listing/master_url.h"
#include "wire/room_name.h"

namespace coyote {
namespace {

constexpr std::array kSorts{BrowserSort::Ping, BrowserSort::Players, BrowserSort::Name};

using Key = sf::Keyboard::Key;

// Every key SFML 2.5 knows, by the name its enum uses.
constexpr std::array<std::pair<const char*, Key>, 101> kKeyNames = {{
    {"A", Key::A},
    {"B", Key::B},
    {"C", Key::C},
    {"D", Key::D},
    {"E", Key::E},
    {"F", Key::F},
    {"G", Key::G},
    {"H", Key::H},
    {"I", Key::I},
    {"J", Key::J},
    {"K", Key::K},
    {"L", Key::L},
    {"M", Key::M},
    {"N", Key::N},
    {"O", Key::O},
    {"P", Key::P},
    {"Q", Key::Q},
    {"R", Key::R},
    {"S", Key::S},
    {"T", Key::T},
    {"U", Key::U},
    {"V", Key::V},
    {"W", Key::W},
    {"X", Key::X},
    {"Y", Key::Y},
    {"Z", Key::Z},
    {"Num0", Key::Num0},
    {"Num1", Key::Num1},
    {"Num2", Key::Num2},
    {"Num3", Key::Num3},
    {"Num4", Key::Num4},
    {"Num5", Key::Num5},
    {"Num6", Key::Num6},
    {"Num7", Key::Num7},
    {"Num8", Key::Num8},
    {"Num9", Key::Num9},
    {"Escape", Key::Escape},
    {"LControl", Key::LControl},
    {"LShift", Key::LShift},
    {"LAlt", Key::LAlt},
    {"LSystem", Key::LSystem},
    {"RControl", Key::RControl},
    {"RShift", Key::RShift},
    {"RAlt", Key::RAlt},
    {"RSystem", Key::RSystem},
    {"Menu", Key::Menu},
    {"LBracket", Key::LBracket},
    {"RBracket", Key::RBracket},
    {"Semicolon", Key::Semicolon},
    {"Comma", Key::Comma},
    {"Period", Key::Period},
    {"Quote", Key::Quote},
    {"Slash", Key::Slash},
    {"Backslash", Key::Backslash},
    {"Tilde", Key::Tilde},
    {"Equal", Key::Equal},
    {"Hyphen", Key::Hyphen},
    {"Space", Key::Space},
    {"Enter", Key::Enter},
    {"Backspace", Key::Backspace},
    {"Tab", Key::Tab},
    {"PageUp", Key::PageUp},
    {"PageDown", Key::PageDown},
    {"End", Key::End},
    {"Home", Key::Home},
    {"Insert", Key::Insert},
    {"Delete", Key::Delete},
    {"Add", Key::Add},
    {"Subtract", Key::Subtract},
    {"Multiply", Key::Multiply},
    {"Divide", Key::Divide},
    {"Left", Key::Left},
    {"Right", Key::Right},
    {"Up", Key::Up},
    {"Down", Key::Down},
    {"Numpad0", Key::Numpad0},
    {"Numpad1", Key::Numpad1},
    {"Numpad2", Key::Numpad2},
    {"Numpad3", Key::Numpad3},
    {"Numpad4", Key::Numpad4},
    {"Numpad5", Key::Numpad5},
    {"Numpad6", Key::Numpad6},
    {"Numpad7", Key::Numpad7},
    {"Numpad8", Key::Numpad8},
    {"Numpad9", Key::Numpad9},
    {"F1", Key::F1},
    {"F2", Key::F2},
    {"F3", Key::F3},
    {"F4", Key::F4},
    {"F5", Key::F5},
    {"F6", Key::F6},
    {"F7", Key::F7},
    {"F8", Key::F8},
    {"F9", Key::F9},
    {"F10", Key::F10},
    {"F11", Key::F11},
    {"F12", Key::F12},
    {"F13", Key::F13},
    {"F14", Key::F14},
    {"F15", Key::F15},
    {"Pause", Key::Pause},
}};

void readKeys(TomlTableReader& keyboard, std::string_view action, std::vector<Key>& keys) {
  std::vector<std::string> names;
  keyboard.read(action, names);
  if (names.empty()) {
    return;
  }
  std::vector<Key> parsed;
  for (std::size_t i = 0; i < names.size(); ++i) {
    Key key{};
    if (!parseKeyName(names[i], key)) {
      keyboard.fail(fmt::format("{}[{}]", action, i),
                    fmt::format("unknown key name \"{}\" (SFML names: Space, LShift, A, F1, Left…)",
                                names[i]));
    }
    parsed.push_back(key);
  }
  keys = std::move(parsed);
}

// One setting read into `config` as its kind says, then checked as its own rule says.
void readSetting(TomlTableReader& section, const ClientSetting& setting, ClientConfig& config) {
  const auto key = setting.key;
  std::visit(
      [&](const auto& value) {
        using Kind = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<Kind, NumberSetting>) {
          section.read(key, value.ref(config), value.min, value.max);
        } else if constexpr (std::is_same_v<Kind, SortSetting>) {
          std::string sort = sortName(value.ref(config));
          section.read(key, sort);
          const auto known = std::find_if(kSorts.begin(), kSorts.end(),
                                          [&](BrowserSort s) { return sort == sortName(s); });
          if (known == kSorts.end()) {
            section.fail(key, "one of \"ping\", \"players\", \"name\"");
          }
          value.ref(config) = *known;
        } else if constexpr (std::is_same_v<Kind, KeysSetting>) {
          readKeys(section, key, config.bindings.*value.keys);
        } else {
          section.read(key, value.ref(config));
        }
      },
      setting.value);
  if (setting.check != nullptr) {
    setting.check(section, config);
  }
}

// One setting as a TOML line, its help as the comment.
std::string settingLine(const ClientSetting& setting, ClientConfig& config) {
  toml::table line;
  const std::string key(setting.key);
  std::visit(
      [&](const auto& value) {
        using Kind = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<Kind, SortSetting>) {
          line.insert(key, sortName(value.ref(config)));
        } else if constexpr (std::is_same_v<Kind, KeysSetting>) {
          toml::array keys;
          for (const Key bound : config.bindings.*value.keys) {
            keys.push_back(keyName(bound));
          }
          line.insert(key, keys);
        } else if constexpr (std::is_same_v<Kind, TextListSetting>) {
          toml::array texts;
          for (const std::string& text : value.ref(config)) {
            texts.push_back(text);
          }
          line.insert(key, texts);
        } else {
          line.insert(key, value.ref(config));
        }
      },
      setting.value);
  std::ostringstream text;
  text << line;
  return fmt::format("{}  # {}\n", text.str(), setting.help);
}

}  // namespace

const char* sortName(BrowserSort sort) {
  switch (sort) {
    case BrowserSort::Players:
      return "players";
    case BrowserSort::Name:
      return "name";
    case BrowserSort::Ping:
      break;
  }
  return "ping";
}

bool parseKeyName(const std::string& name, Key& key) {
  for (const auto& [known, value] : kKeyNames) {
    if (name == known) {
      key = value;
      return true;
    }
  }
  return false;
}

const char* keyName(Key key) {
  for (const auto& [known, value] : kKeyNames) {
    if (key == value) {
      return known;
    }
  }
  return "?";
}

const std::vector<KeyAction>& keyActions() {
  static const std::vector<KeyAction> actions = [] {
    std::vector<KeyAction> keyboard;
    for (const ClientSetting& setting : clientSettings()) {
      if (const auto* keys = std::get_if<KeysSetting>(&setting.value)) {
        keyboard.push_back({setting.key, setting.label, keys->keys});
      }
    }
    return keyboard;
  }();
  return actions;
}

// Every setting of the list (client_settings.h), section by section; a section's keys are read
// together and any other key in it is refused.
ClientConfig loadClientConfig(const std::string& file) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  ClientConfig config;
  std::optional<TomlTableReader> section;
  std::string_view current;
  for (const ClientSetting& setting : clientSettings()) {
    if (!section || current != setting.section) {
      if (section) {
        section->rejectUnknownKeys();
      }
      section.emplace(reader.section(setting.section));
      current = setting.section;
    }
    readSetting(*section, setting, config);
  }
  section->rejectUnknownKeys();
  reader.rejectUnknownKeys();
  return config;
}

void saveClientConfig(const ClientConfig& config, const std::string& file) {
  ClientConfig values = config;  // the settings reach their values through non-const references
  std::string text =
      "# coyote-client settings, written by its options screen (docs/playing.md#settings).\n";
  std::string_view section;
  for (const ClientSetting& setting : clientSettings()) {
    if (setting.section != section) {
      section = setting.section;
      text += fmt::format("\n[{}]\n", section);
    }
    text += settingLine(setting, values);
  }
  writeFileAtomically(file, text);
}

std::string userClientConfigPath() {
  return userConfigFile("client.toml");
}

void rememberServer(ClientConfig& config, const std::string& address) {
  std::erase(config.recent, address);
  config.recent.insert(config.recent.begin(), address);
  if (config.recent.size() > ClientConfig::kMaxRecent) {
    config.recent.resize(ClientConfig::kMaxRecent);
  }
}

}  // namespace coyote
