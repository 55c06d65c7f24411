#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "commands/command.h"

namespace coyote::commands {

/// Every command of Coyote, the one table the admin API, chat's `/` commands and the client's
/// console take theirs from: a command's parameters, help and access are written once here, and
/// each program binds its handlers to them by name (command_handlers.h).
std::span<const Command> commandList();

/// The commands `access` may run, in the table's order.
std::vector<const Command*> commandsFor(unsigned access);
/// The command `access` may run named `name`; nullptr if none.
const Command* commandNamed(std::string_view name, unsigned access);

/// The command `line` starts with among those `access` may run (the longest name that fits:
/// `vote kick` before `vote`) and the rest of the line after its name.
struct Found {
  const Command* command = nullptr;  ///< nullptr: no command starts the line
  std::string_view rest;
};
Found findCommand(std::string_view line, unsigned access);

}  // namespace coyote::commands
