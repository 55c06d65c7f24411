#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "commands/command_list.h"

namespace coyote::commands {

/// A program's handlers for the commands one `access` may run, bound by name to command_list's
/// table. The constructor throws std::logic_error naming the command if one of them has no
/// handler, or if a handler has no command: a command is declared once, and always served.
template <class Handler>
class CommandHandlers {
 public:
  CommandHandlers(unsigned access, std::map<std::string_view, Handler> handlers)
      : handlers_(std::move(handlers)) {
    for (const Command* command : commandsFor(access)) {
      if (!handlers_.contains(command->name)) {
        throw std::logic_error("command " + std::string(command->name) + " has no handler");
      }
    }
    for (const auto& [name, handler] : handlers_) {
      if (commandNamed(name, access) == nullptr) {
        throw std::logic_error("handler " + std::string(name) + " has no command in the table");
      }
    }
  }

  /// The handler of `command`, one of those `access` may run.
  const Handler& operator[](const Command& command) const { return handlers_.at(command.name); }

 private:
  std::map<std::string_view, Handler> handlers_;
};

}  // namespace coyote::commands
