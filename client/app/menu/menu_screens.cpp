// The menus' connect, server browser and options screens (docs/playing.md#menus).
#include <algorithm>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/app/menu/menus.h"
#include "client/app/render/palette.h"
#include "client/app/settings/client_settings.h"
#include "client/core/viewport.h"
#include "wire/refusal_reasons.h"

namespace coyote {
namespace {

enum ConnectRow {
  kAddress,
  kName,
  kRoom,
  kPassword,
  kConnectButton,
  kSpectateButton,
  kConnectBack
};
/// The options after the key actions, in order.
enum OptionRow {
  kScale,
  kZoom,
  kFullscreen,
  kVsync,
  kNetGraph,
  kMasterVolume,
  kEffectsVolume,
  kOptionsBack,
  kOptionRows
};
constexpr int kVolumeStep = 10;

std::string onOff(bool on) {
  return on ? "on" : "off";
}

/// The zoom step and the tiles it shows in a window of the configured scale.
std::string zoomText(const ClientConfig& config) {
  const Viewport view =
      fitViewport(static_cast<unsigned>(kLogicalWidth * config.scale),
                  static_cast<unsigned>(kLogicalHeight * config.scale), config.zoom);
  return fmt::format("{}  ({} x {} tiles)", config.zoom, view.logicalWidth / kPixelsPerTile,
                     view.logicalHeight / kPixelsPerTile);
}

/// An action's primary and alternate keys, the one `chosen` (0 or 1; -1: none) in brackets:
/// "[Space]   Z", "Space   [-]".
std::string keysText(const std::vector<sf::Keyboard::Key>& keys, int chosen) {
  std::string text;
  for (std::size_t slot = 0; slot < 2; ++slot) {
    const std::string name = slot < keys.size() ? keyName(keys[slot]) : "-";
    text += (slot == 0 ? "" : "   ") + (static_cast<int>(slot) == chosen ? "[" + name + "]" : name);
  }
  return text;
}

/// Another action bound to one of `keys`, if any: a conflict the options screen shows.
std::string conflictOf(const Bindings& bindings, std::size_t action) {
  const auto& actions = keyActions();
  for (const sf::Keyboard::Key key : bindings.*actions[action].keys) {
    for (std::size_t other = 0; other < actions.size(); ++other) {
      const auto& keys = bindings.*actions[other].keys;
      if (other != action && std::find(keys.begin(), keys.end(), key) != keys.end()) {
        return std::string(actions[other].label);
      }
    }
  }
  return "";
}

}  // namespace

std::vector<std::string> Menus::handleConnect(const sf::Event& event, MenuList::Action action) {
  TextField* fields[] = {&address_, &name_, &room_, &password_};
  const int row = list_.selected();
  if (row <= kPassword) {
    if (event.type == sf::Event::TextEntered) {
      fields[row]->type(event.text.unicode);
    } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Backspace) {
      fields[row]->erase();
    }
  }
  if (action == MenuList::Action::Back ||
      (action == MenuList::Action::Activate && row == kConnectBack)) {
    if (connectReturn_ == Screen::Browser) {
      returnToBrowser();
    } else {
      show(Screen::Title);
    }
    return {};
  }
  if (action != MenuList::Action::Activate) {
    return {};
  }
  if (row < kConnectButton) {
    list_.select(row + 1);  // Enter in a field goes to the next
    return {};
  }
  return connectCommands(row == kSpectateButton);
}

void Menus::offerAfterRefusal(const std::string& reason, const std::string& address) {
  const bool password = net::passwordRefusal(reason);
  if (!password && !net::fullRoomRefusal(reason)) {
    return;  // the title says why
  }
  config_.address = address;
  log_->info("menus: the connect screen offers {} for {} ({})",
             password ? "the password" : "to spectate", address, reason);
  messageFresh_ = true;  // the refusal is why this screen is offered: it stays in sight
  show(Screen::Connect);
  connectReturn_ = gameFrom_ == Screen::Browser ? Screen::Browser : Screen::Title;
  password_.clear();
  list_.select(password ? kPassword : kSpectateButton);
  refresh();
}

// The address must parse before anything is tried; the name and room are the console's to check.
std::vector<std::string> Menus::connectCommands(bool spectate) {
  try {
    cli::parseHostPort(address_.text(), "address");
  } catch (const std::runtime_error&) {
    setMessage("address: HOST:PORT, for example 192.168.1.20:7777");
    show(Screen::Title);
    return {};
  }
  config_.address = address_.text();
  config_.name = name_.text().empty() ? config_.name : name_.text();
  config_.room = room_.text().empty() ? "main" : room_.text();
  rememberServer(config_, config_.address);  // Recent, as a join from the browser is
  save();
  show(Screen::None);
  return {"name " + config_.name, "room " + config_.room, "password " + password_.text(),
          (spectate ? "spectate " : "connect ") + config_.address};
}

void Menus::update(double now) {
  now_ = now;
  if (screen_ != Screen::Browser) {
    return;
  }
  browser_.update(now);
  if (std::string shown = browser_.summary(); shown != browserLogged_) {
    log_->info("server browser: {}", shown);
    browserLogged_ = std::move(shown);
  }
  for (const ServerListing& found : browser_.heard()) {
    if (!serversLogged_.insert(found.address).second) {
      continue;
    }
    log_->info("server browser: {} \"{}\" {}/{} players, {:.0f} ms{}", found.address,
               found.info.name, found.info.players, found.info.maxPlayers, found.pingMs,
               found.lan ? " (LAN)" : "");
  }
}

std::vector<std::string> Menus::handleBrowser(const sf::Event& event, sf::Vector2u windowSize) {
  const ServerBrowser::Choice choice = browser_.handle(event, windowSize);
  switch (choice.outcome) {
    case ServerBrowser::Outcome::Back:
      show(Screen::Title);
      return {};
    case ServerBrowser::Outcome::SettingsChanged:
      save();
      return {};
    case ServerBrowser::Outcome::None:
      return {};
    case ServerBrowser::Outcome::Join:
      break;
  }
  if (choice.password) {  // the connect screen asks for it, saying why
    config_.address = choice.address;
    setMessage(fmt::format("{} asks for a password", choice.address));
    show(Screen::Connect);
    list_.select(kPassword);
    refresh();
    return {};
  }
  rememberServer(config_, choice.address);
  save();
  show(Screen::None);
  return {"room " + config_.room, "connect " + choice.address};
}

std::vector<MenuItem> Menus::optionItems() const {
  std::vector<MenuItem> items;
  const auto& actions = keyActions();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string conflict = conflictOf(config_.bindings, i);
    items.push_back(
        {std::string(actions[i].label),
         static_cast<int>(i) == rebinding_
             ? (keySlot_ == 0 ? "press the primary key..." : "press the alternate key...")
             : keysText(config_.bindings.*actions[i].keys,
                        static_cast<int>(i) == list_.selected() ? keySlot_ : -1) +
                   (conflict.empty() ? "" : "  (also " + conflict + ")"),
         conflict.empty() ? sf::Color(200, 200, 215) : palette::kMenuWarning});
  }
  items.push_back(
      {std::string(clientSetting("window", "scale").label), fmt::format("{} x", config_.scale)});
  items.push_back({std::string(clientSetting("window", "zoom").label), zoomText(config_)});
  items.push_back(
      {std::string(clientSetting("window", "fullscreen").label), onOff(config_.fullscreen)});
  items.push_back({std::string(clientSetting("window", "vsync").label), onOff(config_.vsync)});
  items.push_back(
      {std::string(clientSetting("window", "net_graph").label), onOff(config_.netGraph)});
  items.push_back({std::string(clientSetting("audio", "master_volume").label),
                   fmt::format("{} %", config_.masterVolume)});
  items.push_back({std::string(clientSetting("audio", "effects_volume").label),
                   fmt::format("{} %", config_.effectsVolume)});
  items.push_back({"Back"});
  return items;
}

std::vector<std::string> Menus::handleOptions(const sf::Event& event, MenuList::Action action) {
  const int keys = static_cast<int>(keyActions().size());
  const int row = list_.selected();
  if (action == MenuList::Action::Back ||
      (action == MenuList::Action::Activate && row == keys + kOptionsBack)) {
    save();
    show(optionsReturn_);
    return {};
  }
  if (action == MenuList::Action::Activate && row < keys) {
    rebinding_ = row;
  } else if ((action == MenuList::Action::Left || action == MenuList::Action::Right) &&
             row < keys) {
    keySlot_ = action == MenuList::Action::Left ? 0 : 1;  // the primary key, or the alternate
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Delete &&
             row < keys && keySlot_ == 1) {
    auto& bound = config_.bindings.*keyActions()[static_cast<std::size_t>(row)].keys;
    if (bound.size() > 1) {
      bound.erase(bound.begin() + 1);  // no alternate; the primary stays
      save();
    }
  } else if (action != MenuList::Action::None && row >= keys) {
    changeOption(row - keys, action == MenuList::Action::Left ? -1 : 1);
  }
  return {};
}

void Menus::changeOption(int row, int step) {
  switch (row) {
    case kScale:
      config_.scale = std::clamp(config_.scale + step, 1, 8);
      break;
    case kZoom:
      config_.zoom = std::clamp(config_.zoom + step, 1, kMaxZoom);
      break;
    case kFullscreen:
      config_.fullscreen = !config_.fullscreen;
      break;
    case kVsync:
      config_.vsync = !config_.vsync;
      break;
    case kNetGraph:
      config_.netGraph = !config_.netGraph;
      break;
    case kMasterVolume:  // heard at once (the window reads the volumes each frame)
    case kEffectsVolume: {
      std::int32_t& volume = row == kMasterVolume ? config_.masterVolume : config_.effectsVolume;
      volume = std::clamp(volume + step * kVolumeStep, 0, 100);
      save();
      return;
    }
    default:
      return;
  }
  windowChanged_ = true;
  save();
}

// The pressed key becomes the action's only key; Escape keeps the old ones.
void Menus::rebind(sf::Keyboard::Key key) {
  if (key != sf::Keyboard::Escape && key != sf::Keyboard::Unknown) {
    const KeyAction& action = keyActions()[static_cast<std::size_t>(rebinding_)];
    auto& bound = config_.bindings.*action.keys;
    // The chosen one is replaced, the other kept: "Space, Z" with the primary rebound to C is
    // "C, Z". An alternate where there was none is added.
    if (keySlot_ < static_cast<int>(bound.size())) {
      bound[static_cast<std::size_t>(keySlot_)] = key;
    } else {
      bound.push_back(key);
    }
    log_->info("options: {} bound to {}", action.name, keysText(bound, -1));
    save();
  }
  rebinding_ = -1;
  refresh();
}

}  // namespace coyote
