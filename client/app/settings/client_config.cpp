#include "client/app/settings/client_config.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/core/viewport.h"
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

void readKeys(TomlTableReader& keyboard, const char* action, std::vector<Key>& keys) {
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

// [server]: what the connect screen and the browser remember; every address must parse.
void readServers(TomlTableReader& server, ClientConfig& config) {
  server.read("address", config.address);
  server.read("room", config.room);
  if (const std::string problem = net::roomNameProblem(config.room); !problem.empty()) {
    server.fail("room", problem);
  }
  for (const char* key : {"favourites", "recent"}) {
    std::vector<std::string>& list =
        std::string_view(key) == "favourites" ? config.favourites : config.recent;
    server.read(key, list);
    if (list.size() > ClientConfig::kMaxServers) {
      server.fail(key, fmt::format("at most {} servers", ClientConfig::kMaxServers));
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
      try {
        cli::parseHostPort(list[i], key);
      } catch (const std::runtime_error&) {
        server.fail(fmt::format("{}[{}]", key, i), "not a HOST:PORT address");
      }
    }
  }
  server.rejectUnknownKeys();
}

// [browser]: the masters of the Internet tab, and how the list is sorted and filtered.
void readBrowser(TomlTableReader& browser, BrowserSettings& settings) {
  browser.read("masters", settings.masters);
  if (settings.masters.size() > BrowserSettings::kMaxMasters) {
    browser.fail("masters", fmt::format("at most {} masters", BrowserSettings::kMaxMasters));
  }
  for (const std::string& url : settings.masters) {
    if (std::string problem; !listing::parseMasterUrl(url, problem)) {
      browser.fail("masters", problem);
    }
  }
  std::string sort = sortName(settings.sort);
  browser.read("sort", sort);
  const auto known = std::find_if(kSorts.begin(), kSorts.end(),
                                  [&](BrowserSort s) { return sort == sortName(s); });
  if (known == kSorts.end()) {
    browser.fail("sort", "one of \"ping\", \"players\", \"name\"");
  }
  settings.sort = *known;
  browser.read("hide_full", settings.hideFull);
  browser.read("hide_empty", settings.hideEmpty);
  browser.read("hide_password", settings.hidePassword);
  browser.rejectUnknownKeys();
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
  static const std::vector<KeyAction> actions{
      {"left", "run left", &Bindings::left},
      {"right", "run right", &Bindings::right},
      {"up", "aim up", &Bindings::up},
      {"down", "aim down, fast-fall", &Bindings::down},
      {"jump", "jump", &Bindings::jump},
      {"dash", "dash", &Bindings::dash},
      {"respawn", "respawn (kill)", &Bindings::respawn},
      {"restart", "restart the run", &Bindings::restart},
      {"debug_overlay", "collision view", &Bindings::debugOverlay},
      {"net_graph", "net graph", &Bindings::netGraph},
      {"debug_joints", "joints view", &Bindings::debugJoints},
      {"debug_limits", "limits view", &Bindings::debugLimits},
      {"scoreboard", "scoreboard (hold)", &Bindings::scoreboard},
      {"ghosts", "ghosts", &Bindings::ghosts},
      {"zoom", "zoom out (round)", &Bindings::zoom},
  };
  return actions;
}

ClientConfig loadClientConfig(const std::string& file) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  ClientConfig config;
  TomlTableReader player = reader.section("player");
  player.read("name", config.name);
  player.rejectUnknownKeys();
  TomlTableReader window = reader.section("window");
  window.read("scale", config.scale, 1, 8);
  window.read("zoom", config.zoom, 1, kMaxZoom);
  window.read("vsync", config.vsync);
  window.read("fullscreen", config.fullscreen);
  window.read("net_graph", config.netGraph);
  window.read("screen_shake", config.screenShake);
  window.rejectUnknownKeys();
  TomlTableReader net = reader.section("net");
  net.read("input_delay", config.inputDelay, 0, 10);
  net.read("target_margin", config.targetMargin, 0, 30);
  net.rejectUnknownKeys();
  TomlTableReader race = reader.section("race");
  race.read("ghosts", config.ghosts);
  race.rejectUnknownKeys();
  TomlTableReader audio = reader.section("audio");
  audio.read("master_volume", config.masterVolume, 0, 100);
  audio.read("effects_volume", config.effectsVolume, 0, 100);
  audio.rejectUnknownKeys();
  TomlTableReader server = reader.section("server");
  readServers(server, config);
  TomlTableReader browser = reader.section("browser");
  readBrowser(browser, config.browser);
  TomlTableReader hints = reader.section("hints");
  hints.read("controls", config.hints.controls);
  hints.read("swim", config.hints.swim);
  hints.rejectUnknownKeys();
  TomlTableReader keyboard = reader.section("keyboard");
  for (const KeyAction& action : keyActions()) {
    readKeys(keyboard, action.name, config.bindings.*action.keys);
  }
  keyboard.rejectUnknownKeys();
  TomlTableReader gamepad = reader.section("gamepad");
  Bindings& b = config.bindings;
  gamepad.read("enabled", b.gamepadEnabled);
  gamepad.read("jump", b.gamepadJump, 0, 31);
  gamepad.read("dash", b.gamepadDash, 0, 31);
  gamepad.read("restart", b.gamepadRestart, 0, 31);
  gamepad.rejectUnknownKeys();
  reader.rejectUnknownKeys();
  if (config.name.empty() || config.name.size() > 32) {
    player.fail("name", "must be 1 to 32 characters");
  }
  return config;
}

void saveClientConfig(const ClientConfig& config, const std::string& file) {
  toml::table keyboard;
  for (const KeyAction& action : keyActions()) {
    toml::array keys;
    for (const Key key : config.bindings.*action.keys) {
      keys.push_back(keyName(key));
    }
    keyboard.insert(action.name, keys);
  }
  const auto strings = [](const std::vector<std::string>& values) {
    toml::array array;
    for (const std::string& value : values) {
      array.push_back(value);
    }
    return array;
  };
  const Bindings& b = config.bindings;
  const toml::table root{
      {"player", toml::table{{"name", config.name}}},
      {"window", toml::table{{"scale", config.scale},
                             {"zoom", config.zoom},
                             {"vsync", config.vsync},
                             {"fullscreen", config.fullscreen},
                             {"net_graph", config.netGraph},
                             {"screen_shake", config.screenShake}}},
      {"net",
       toml::table{{"input_delay", config.inputDelay}, {"target_margin", config.targetMargin}}},
      {"race", toml::table{{"ghosts", config.ghosts}}},
      {"audio", toml::table{{"master_volume", config.masterVolume},
                            {"effects_volume", config.effectsVolume}}},
      {"server", toml::table{{"address", config.address},
                             {"room", config.room},
                             {"favourites", strings(config.favourites)},
                             {"recent", strings(config.recent)}}},
      {"browser", toml::table{{"masters", strings(config.browser.masters)},
                              {"sort", sortName(config.browser.sort)},
                              {"hide_full", config.browser.hideFull},
                              {"hide_empty", config.browser.hideEmpty},
                              {"hide_password", config.browser.hidePassword}}},
      {"hints", toml::table{{"controls", config.hints.controls}, {"swim", config.hints.swim}}},
      {"keyboard", keyboard},
      {"gamepad",
       toml::table{
           {"enabled", b.gamepadEnabled}, {"jump", b.gamepadJump}, {"dash", b.gamepadDash}}}};
  std::ostringstream text;
  text << "# coyote-client settings, written by its options screen (docs/playing.md#settings).\n"
       << root << "\n";
  writeFileAtomically(file, text.str());
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
