#pragma once

#include <string>
#include <vector>

namespace coyote {

/// What the console's commands act on: the window client (client_window.h), or a test's double.
/// Each returns what the console prints ("" for nothing).
class ConsoleTarget {
 public:
  virtual ~ConsoleTarget() = default;
  virtual std::string connect(const std::string& address) = 0;   ///< "HOST:PORT"
  virtual std::string spectate(const std::string& address) = 0;  ///< connect, to watch
  virtual std::string disconnect() = 0;
  virtual std::string setName(const std::string& name) = 0;  ///< for the next connection
  virtual std::string setRoom(const std::string& room) = 0;  ///< joins it now if connected
  virtual std::string say(const std::string& text) = 0;
  virtual std::string setView(const std::string& view, bool on) = 0;  ///< joints, limits, net_graph
  virtual std::string quit() = 0;
  virtual std::string setPassword(const std::string& password) = 0;  ///< for the next connection
  virtual std::string playLocal() = 0;  ///< a server of our own on this machine
  virtual std::string showMenu(const std::string& menu) = 0;  ///< title, browser, … replays
  virtual std::string kill() = 0;                             ///< the respawn button, pressed once
  virtual std::string restart() = 0;                          ///< the restart button, pressed once
  virtual std::string watchReplay(const std::string& file) = 0;  ///< from the menus, back to them
};

/// Runs `line` on `target`: one of the console's commands (docs/playing.md#console), declared
/// with their parameters and help in commands/command_list.cpp (`kConsole`). Returns the lines to
/// print: an unknown command or arguments that do not fit are answered with its usage.
std::vector<std::string> runConsoleCommand(const std::string& line, ConsoleTarget& target);

/// What `line` may become by completing its last word: commands, then their arguments.
std::vector<std::string> completeConsoleCommand(const std::string& line);

}  // namespace coyote
