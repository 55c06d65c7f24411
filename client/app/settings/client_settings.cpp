#include "client/app/settings/client_settings.h"

#include <stdexcept>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/core/viewport.h"
#include "config/toml_table_reader.h"
#include "listing/master_url.h"
#include "wire/room_name.h"

namespace coyote {
namespace {

void checkName(const TomlTableReader& player, const ClientConfig& config) {
  if (config.name.empty() || config.name.size() > 32) {
    player.fail("name", "must be 1 to 32 characters");
  }
}

void checkRoom(const TomlTableReader& server, const ClientConfig& config) {
  if (const std::string problem = net::roomNameProblem(config.room); !problem.empty()) {
    server.fail("room", problem);
  }
}

// Favourites and recent servers: at most kMaxServers, each a HOST:PORT.
void checkServers(const TomlTableReader& server, const char* key,
                  const std::vector<std::string>& list) {
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

void checkMasters(const TomlTableReader& browser, const ClientConfig& config) {
  const std::vector<std::string>& masters = config.browser.masters;
  if (masters.size() > BrowserSettings::kMaxMasters) {
    browser.fail("masters", fmt::format("at most {} masters", BrowserSettings::kMaxMasters));
  }
  for (const std::string& url : masters) {
    if (std::string problem; !listing::parseMasterUrl(url, problem)) {
      browser.fail("masters", problem);
    }
  }
}

/// A [keyboard] action.
ClientSetting action(std::string_view key, std::string_view label,
                     std::vector<sf::Keyboard::Key> Bindings::*keys) {
  return {"keyboard", key, label, label, KeysSetting{keys}};
}

using C = ClientConfig;
using B = Bindings;
using S = BrowserSettings;
using H = HintSettings;

// The one list (a table, not a function: it is long because the file is).
const std::vector<ClientSetting> kSettings{
    {"player", "name", "your name, 1 to 32 characters", "", TextSetting{at<&C::name>}, checkName},
    {"window", "scale", "whole-number scale of the 320x240 picture (4 = 1280x960)", "Window scale",
     NumberSetting{at<&C::scale>, 1, 8}},
    {"window", "zoom", "1-3: more of the level, a whole scale smaller each step", "Zoom",
     NumberSetting{at<&C::zoom>, 1, kMaxZoom}},
    {"window", "vsync", "wait for the screen's refresh", "Vsync", FlagSetting{at<&C::vsync>}},
    {"window", "fullscreen", "the whole screen", "Fullscreen", FlagSetting{at<&C::fullscreen>}},
    {"window", "net_graph", "the net graph at start", "Net graph", FlagSetting{at<&C::netGraph>}},
    {"window", "screen_shake", "the view shakes on heavy landings and crate impacts", "",
     FlagSetting{at<&C::screenShake>}},
    {"net", "input_delay", "ticks between a press and the character reacting (0 = at once)", "",
     NumberSetting{at<&C::inputDelay>, 0, 10}},
    {"net", "target_margin", "ticks early our inputs should reach the server", "",
     NumberSetting{at<&C::targetMargin>, 0, 30}},
    {"race", "ghosts", "the best and record ghosts at start", "", FlagSetting{at<&C::ghosts>}},
    {"audio", "master_volume", "0-100: every sound (0 = silent)", "Master volume",
     NumberSetting{at<&C::masterVolume>, 0, 100}},
    {"audio", "effects_volume", "0-100: the game's effects, under the master volume",
     "Effects volume", NumberSetting{at<&C::effectsVolume>, 0, 100}},
    {"server", "address", "the connect screen's last address", "", TextSetting{at<&C::address>}},
    {"server", "room", "the connect screen's last room", "", TextSetting{at<&C::room>}, checkRoom},
    {"server", "favourites", "\"host:port\" servers the browser always asks", "",
     TextListSetting{at<&C::favourites>},
     [](const TomlTableReader& server, const ClientConfig& config) {
       checkServers(server, "favourites", config.favourites);
     }},
    {"server", "recent", "servers joined, newest first", "", TextListSetting{at<&C::recent>},
     [](const TomlTableReader& server, const ClientConfig& config) {
       checkServers(server, "recent", config.recent);
     }},
    {"browser", "masters", "master servers of the Internet tab: \"http://host[:port][/path]\"", "",
     TextListSetting{at<&C::browser, &S::masters>}, checkMasters},
    {"browser", "sort", "\"ping\", \"players\" or \"name\"", "",
     SortSetting{at<&C::browser, &S::sort>}},
    {"browser", "hide_full", "hide servers whose room is full", "",
     FlagSetting{at<&C::browser, &S::hideFull>}},
    {"browser", "hide_empty", "hide servers nobody plays on", "",
     FlagSetting{at<&C::browser, &S::hideEmpty>}},
    {"browser", "hide_password", "hide servers that need a password", "",
     FlagSetting{at<&C::browser, &S::hidePassword>}},
    {"hints", "controls", "the controls in one line at the top of the first game", "",
     FlagSetting{at<&C::hints, &H::controls>}},
    {"hints", "swim", "\"hold Up to swim\" the first time in water", "",
     FlagSetting{at<&C::hints, &H::swim>}},
    action("left", "run left", &B::left),
    action("right", "run right", &B::right),
    action("up", "aim up", &B::up),
    action("down", "aim down, fast-fall", &B::down),
    action("jump", "jump", &B::jump),
    action("dash", "dash", &B::dash),
    action("respawn", "respawn (kill)", &B::respawn),
    action("restart", "restart the run", &B::restart),
    action("debug_overlay", "collision view", &B::debugOverlay),
    action("net_graph", "net graph", &B::netGraph),
    action("debug_joints", "joints view", &B::debugJoints),
    action("debug_limits", "limits view", &B::debugLimits),
    action("scoreboard", "scoreboard (hold)", &B::scoreboard),
    action("ghosts", "ghosts", &B::ghosts),
    action("zoom", "zoom out (round)", &B::zoom),
    {"gamepad", "enabled", "the first connected pad: left stick moves", "",
     FlagSetting{at<&C::bindings, &B::gamepadEnabled>}},
    {"gamepad", "jump", "button index: A on Xbox-style pads", "",
     NumberSetting{at<&C::bindings, &B::gamepadJump>, 0, 31}},
    {"gamepad", "dash", "button index: X", "",
     NumberSetting{at<&C::bindings, &B::gamepadDash>, 0, 31}},
    {"gamepad", "restart", "button index: Back (View), a fresh race run", "",
     NumberSetting{at<&C::bindings, &B::gamepadRestart>, 0, 31}},
};

}  // namespace

const std::vector<ClientSetting>& clientSettings() {
  return kSettings;
}

const ClientSetting& clientSetting(std::string_view section, std::string_view key) {
  for (const ClientSetting& setting : clientSettings()) {
    if (setting.section == section && setting.key == key) {
      return setting;
    }
  }
  throw std::logic_error(fmt::format("no client setting {}.{}", section, key));
}

}  // namespace coyote
