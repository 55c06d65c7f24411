// The menus' connect, server browser and options screens (docs/playing.md#menus).
#include <algorithm>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/app/menu/menus.h"
#include "client/app/render/palette.h"

namespace coyote {
namespace {

enum ConnectRow { kAddress, kName, kRoom, kPassword, kConnectButton, kConnectBack };
/// The options after the key actions, in order.
enum OptionRow {
  kScale,
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

std::string keysText(const std::vector<sf::Keyboard::Key>& keys) {
  std::string text;
  for (const sf::Keyboard::Key key : keys) {
    text += (text.empty() ? "" : ", ") + std::string(keyName(key));
  }
  return text.empty() ? "(none)" : text;
}

/// Another action bound to one of `keys`, if any: a conflict the options screen shows.
std::string conflictOf(const Bindings& bindings, std::size_t action) {
  const auto& actions = keyActions();
  for (const sf::Keyboard::Key key : bindings.*actions[action].keys) {
    for (std::size_t other = 0; other < actions.size(); ++other) {
      const auto& keys = bindings.*actions[other].keys;
      if (other != action && std::find(keys.begin(), keys.end(), key) != keys.end()) {
        return actions[other].label;
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
    show(Screen::Title);
    return {};
  }
  if (action != MenuList::Action::Activate) {
    return {};
  }
  if (row < kConnectButton) {
    list_.select(row + 1);  // Enter in a field goes to the next
    return {};
  }
  return connectCommands();
}

// The address must parse before anything is tried; the name and room are the console's to check.
std::vector<std::string> Menus::connectCommands() {
  try {
    cli::parseHostPort(address_.text(), "address");
  } catch (const std::runtime_error&) {
    message_ = "address: HOST:PORT, for example 192.168.1.20:7777";
    show(Screen::Title);
    return {};
  }
  config_.address = address_.text();
  config_.name = name_.text().empty() ? config_.name : name_.text();
  config_.room = room_.text().empty() ? "main" : room_.text();
  save();
  show(Screen::None);
  return {"name " + config_.name, "room " + config_.room, "password " + password_.text(),
          "connect " + config_.address};
}

void Menus::startBrowsing(double now) {
  std::vector<std::pair<std::string, std::uint16_t>> listed;
  for (const auto* list : {&config_.favourites, &config_.recent}) {
    for (const std::string& address : *list) {
      try {
        const cli::HostPort parsed = cli::parseHostPort(address, "server");
        listed.emplace_back(parsed.host, parsed.port);
      } catch (const std::runtime_error&) {
        // client.toml's addresses were checked when it was read; one set since is skipped
      }
    }
  }
  query_ = std::make_unique<ServerQuery>(
      listed, std::vector<std::uint16_t>(std::begin(kLanPorts), std::end(kLanPorts)));
  servers_.clear();
  serversLogged_.clear();
  update(now);
}

void Menus::update(double now) {
  now_ = now;
  if (screen_ != Screen::Browser || !query_) {
    return;
  }
  query_->update(now);
  servers_ = query_->servers();
  // The list is ordered by address, so a server heard later may come before one logged already.
  for (const ServerListing& found : servers_) {
    if (!serversLogged_.insert(found.address).second) {
      continue;
    }
    log_->info("server browser: {} \"{}\" {}/{} players, {:.0f} ms{}", found.address,
               found.info.name, found.info.players, found.info.maxPlayers, found.pingMs,
               found.lan ? " (LAN)" : "");
  }
  refresh();
}

std::vector<MenuItem> Menus::browserItems() const {
  std::vector<MenuItem> items;
  for (const ServerListing& server : servers_) {
    const bool favourite = std::find(config_.favourites.begin(), config_.favourites.end(),
                                     server.address) != config_.favourites.end();
    items.push_back(
        {fmt::format("{}{}", favourite ? "* " : "", server.info.name),
         fmt::format("{}/{}  {:.0f} ms  {}{}", server.info.players, server.info.maxPlayers,
                     server.pingMs, server.address, server.info.password ? "  [password]" : "")});
  }
  items.push_back({"Refresh", servers_.empty() ? "looking..." : ""});
  items.push_back({"Back"});
  return items;
}

std::vector<std::string> Menus::handleBrowser(const sf::Event& event, MenuList::Action action) {
  const int row = list_.selected();
  const int count = static_cast<int>(servers_.size());
  if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::R) {
    startBrowsing(now_);
  } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::F &&
             row < count) {
    const std::string& address = servers_[static_cast<std::size_t>(row)].address;
    if (std::erase(config_.favourites, address) == 0 &&
        config_.favourites.size() < ClientConfig::kMaxServers) {
      config_.favourites.push_back(address);
    }
    save();
  }
  if (action == MenuList::Action::Back ||
      (action == MenuList::Action::Activate && row == count + 1)) {
    show(Screen::Title);
    return {};
  }
  if (action != MenuList::Action::Activate) {
    return {};
  }
  if (row == count) {
    startBrowsing(now_);
    return {};
  }
  const ServerListing& chosen = servers_[static_cast<std::size_t>(row)];
  if (chosen.info.password) {  // the connect screen asks for it
    config_.address = chosen.address;
    show(Screen::Connect);
    list_.select(kPassword);
    refresh();
    return {};
  }
  rememberServer(config_, chosen.address);
  save();
  show(Screen::None);
  return {"room main", "connect " + chosen.address};
}

std::vector<MenuItem> Menus::optionItems() const {
  std::vector<MenuItem> items;
  const auto& actions = keyActions();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string conflict = conflictOf(config_.bindings, i);
    items.push_back({actions[i].label,
                     static_cast<int>(i) == rebinding_
                         ? "press a key..."
                         : keysText(config_.bindings.*actions[i].keys) +
                               (conflict.empty() ? "" : "  (also " + conflict + ")"),
                     conflict.empty() ? sf::Color(200, 200, 215) : palette::kMenuWarning});
  }
  items.push_back({"Window scale", fmt::format("{} x", config_.scale)});
  items.push_back({"Fullscreen", onOff(config_.fullscreen)});
  items.push_back({"Vsync", onOff(config_.vsync)});
  items.push_back({"Net graph", onOff(config_.netGraph)});
  items.push_back({"Master volume", fmt::format("{} %", config_.masterVolume)});
  items.push_back({"Effects volume", fmt::format("{} %", config_.effectsVolume)});
  items.push_back({"Back"});
  return items;
}

std::vector<std::string> Menus::handleOptions(const sf::Event&, MenuList::Action action) {
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
    config_.bindings.*keyActions()[static_cast<std::size_t>(rebinding_)].keys = {key};
    log_->info("options: {} bound to {}", keyActions()[static_cast<std::size_t>(rebinding_)].name,
               keyName(key));
    save();
  }
  rebinding_ = -1;
  refresh();
}

}  // namespace coyote
