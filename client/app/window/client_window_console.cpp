// ClientWindow as the console's target (docs/playing.md#console): the commands that change the
// connection start a new session from the options kept; the views are the F-keys' switches.
#include <utility>

#include <fmt/format.h>

#include "cli/program.h"
#include "client/app/window/client_window.h"
#include "io/install_paths.h"
#include "wire/room_name.h"
#include "wire/text_check.h"

namespace coyote {

std::string ClientWindow::spectate(const std::string& address) {
  const std::string said = connect(address, true);
  return said.starts_with("connecting") ? "watching: " + said : said;
}

std::string ClientWindow::connect(const std::string& address) {
  return connect(address, false);
}

std::string ClientWindow::connect(const std::string& address, bool spectator) {
  try {
    const cli::HostPort target = cli::parseHostPort(address, spectator ? "spectate" : "connect");
    if (session_) {
      session_->disconnect();
    }
    sessionOptions_.host = target.host;
    sessionOptions_.port = target.port;
    sessionOptions_.reconnectToken = {};
    sessionOptions_.spectator = spectator;
    startSession();
    menus_.show(Menus::Screen::None);
    return fmt::format("connecting to {}:{} as {}", target.host, target.port, sessionOptions_.name);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
}

std::string ClientWindow::disconnect() {
  if (!session_) {
    return "not connected";
  }
  session_->disconnect();
  session_.reset();
  endMessage_.clear();
  menus_.setMessage("");
  menus_.show(Menus::Screen::Title);
  return "disconnected";
}

std::string ClientWindow::setName(const std::string& name) {
  if (const std::string problem = net::textProblem(name, "the name"); !problem.empty()) {
    return "name: " + problem;
  }
  if (name.size() > net::kMaxNameLength) {
    return fmt::format("name: at most {} bytes", net::kMaxNameLength);
  }
  sessionOptions_.name = name;
  return "your name from the next connection on: " + name;
}

std::string ClientWindow::setRoom(const std::string& room) {
  if (const std::string problem = net::roomNameProblem(room); !problem.empty()) {
    return "room: " + problem;
  }
  sessionOptions_.room = room;
  if (!session_) {
    return "room " + room + " from the next connection on";
  }
  session_->disconnect();
  sessionOptions_.reconnectToken = {};
  startSession();
  return "joining room " + room;
}

std::string ClientWindow::say(const std::string& text) {
  if (!session_ || session_->phase() != ClientPhase::Playing) {
    return "not connected";
  }
  const std::string problem = session_->say(text);
  return problem.empty() ? "" : "not sent: " + problem;
}

std::string ClientWindow::setView(const std::string& view, bool on) {
  bool& flag = view == "joints"   ? options_.debugJoints
               : view == "limits" ? options_.debugLimits
                                  : options_.netGraph;
  flag = on;
  return fmt::format("{} {}", view, on ? "on" : "off");
}

std::string ClientWindow::quit() {
  quitting_ = true;
  return "";
}

std::string ClientWindow::setPassword(const std::string& password) {
  if (password.size() > net::kMaxPasswordLength) {
    return fmt::format("password: at most {} bytes", net::kMaxPasswordLength);
  }
  sessionOptions_.password = password;
  return password.empty() ? "" : "password set for the next connection";
}

// A coyote-server of our own on a free port of 127.0.0.1, kept until the window closes.
std::string ClientWindow::playLocal() {
  try {
    if (!localServer_) {
      localServer_ =
          std::make_unique<LocalServer>(options_.program, installedDataFile(options_.localLevel));
      log_->info("started a local server on 127.0.0.1:{} with {}", localServer_->port(),
                 options_.localLevel);
    }
    menus_.show(Menus::Screen::None);
    return connect(fmt::format("127.0.0.1:{}", localServer_->port()));
  } catch (const std::runtime_error& error) {
    menus_.setMessage(error.what());
    menus_.show(Menus::Screen::Title);
    return error.what();
  }
}

std::string ClientWindow::kill() {
  return pressOnce(kButtonRespawn);
}

std::string ClientWindow::restart() {
  return pressOnce(kButtonRestart);
}

std::string ClientWindow::pressOnce(std::uint8_t button) {
  if (!session_ || session_->phase() != ClientPhase::Playing || session_->playerSlot() < 0) {
    return "not playing";
  }
  pendingPresses_ |= button;
  return "";
}

std::string ClientWindow::watchReplay(const std::string& file) {
  if (session_) {
    return "replay: disconnect first";
  }
  pendingReplay_ = file;
  return "";
}

void ClientWindow::runPendingReplay() {
  const std::string file = std::exchange(pendingReplay_, {});
  try {
    ReplayPlayer player(readReplay(file));
    view_.reset();
    menus_.show(Menus::Screen::None);
    play(player);
    leaveReplay_ = false;
    view_.reset();
    menus_.show(Menus::Screen::Replays);
  } catch (const std::runtime_error& error) {  // a file that is not a replay, or a broken one
    menus_.setMessage(error.what());
    menus_.show(Menus::Screen::Title);
  }
}

std::string ClientWindow::showMenu(const std::string& menu) {
  const std::pair<const char*, Menus::Screen> screens[] = {{"title", Menus::Screen::Title},
                                                           {"browser", Menus::Screen::Browser},
                                                           {"connect", Menus::Screen::Connect},
                                                           {"options", Menus::Screen::Options},
                                                           {"replays", Menus::Screen::Replays}};
  for (const auto& [name, screen] : screens) {
    if (menu == name) {
      menus_.show(screen);
      return "";
    }
  }
  return "menu: title, browser, connect, options or replays";
}

}  // namespace coyote
