#include "client/app/ui/console_commands.h"

#include <functional>
#include <sstream>

#include "commands/command_handlers.h"

namespace coyote {
namespace {

using commands::Arguments;
using commands::Command;
using Handler = std::function<std::string(ConsoleTarget&, const Arguments&)>;

std::vector<std::string> help(const Arguments& arguments) {
  std::vector<std::string> lines;
  if (arguments.has("command")) {
    const Command* command = commands::commandNamed(arguments["command"], commands::kConsole);
    return {command == nullptr ? "help: no command " + arguments["command"]
                               : commands::usage(*command) + ": " + std::string(command->help)};
  }
  for (const Command* command : commands::commandsFor(commands::kConsole)) {
    lines.push_back(commands::usage(*command) + ": " + std::string(command->help));
  }
  return lines;
}

// The console's side of each command of command_list.cpp's table (help is answered apart: it
// prints several lines).
const commands::CommandHandlers<Handler>& handlers() {
  static const commands::CommandHandlers<Handler> bound(
      commands::kConsole,
      {
          {"connect",
           [](ConsoleTarget& t, const Arguments& a) { return t.connect(a["host:port"]); }},
          {"spectate",
           [](ConsoleTarget& t, const Arguments& a) { return t.spectate(a["host:port"]); }},
          {"disconnect", [](ConsoleTarget& t, const Arguments&) { return t.disconnect(); }},
          {"name", [](ConsoleTarget& t, const Arguments& a) { return t.setName(a["name"]); }},
          {"room", [](ConsoleTarget& t, const Arguments& a) { return t.setRoom(a["room"]); }},
          {"password",
           [](ConsoleTarget& t, const Arguments& a) { return t.setPassword(a["text"]); }},
          {"local", [](ConsoleTarget& t, const Arguments&) { return t.playLocal(); }},
          {"menu", [](ConsoleTarget& t, const Arguments& a) { return t.showMenu(a["menu"]); }},
          {"replay", [](ConsoleTarget& t, const Arguments& a) { return t.watchReplay(a["file"]); }},
          {"say", [](ConsoleTarget& t, const Arguments& a) { return t.say(a["text"]); }},
          {"kill", [](ConsoleTarget& t, const Arguments&) { return t.kill(); }},
          {"restart", [](ConsoleTarget& t, const Arguments&) { return t.restart(); }},
          {"debug", [](ConsoleTarget& t,
                       const Arguments& a) { return t.setView(a["view"], a["state"] == "on"); }},
          {"net_graph",
           [](ConsoleTarget& t, const Arguments& a) {
             return t.setView("net_graph", a["state"] == "1");
           }},
          {"help", nullptr},
          {"quit", [](ConsoleTarget& t, const Arguments&) { return t.quit(); }},
      });
  return bound;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> all;
  for (std::string word; stream >> word;) {
    all.push_back(word);
  }
  return all;
}

/// The words the parameter at `index` of `command` may complete to.
std::vector<std::string> choicesFor(const Command& command, std::size_t index) {
  std::vector<std::string> choices;
  if (command.name == "help" && index == 0) {
    for (const Command* each : commands::commandsFor(commands::kConsole)) {
      choices.emplace_back(each->name);
    }
  } else if (index < command.parameters.size()) {
    std::istringstream bars{std::string(command.parameters[index].choices)};
    for (std::string choice; std::getline(bars, choice, '|');) {
      choices.push_back(choice);
    }
  }
  return choices;
}

}  // namespace

std::vector<std::string> runConsoleCommand(const std::string& line, ConsoleTarget& target) {
  const std::size_t start = line.find_first_not_of(' ');
  if (start == std::string::npos) {
    return {};
  }
  const std::string name = words(line).front();
  const Command* command = commands::commandNamed(name, commands::kConsole);
  if (command == nullptr) {
    return {"unknown command: " + name + " (help lists them)"};
  }
  const std::optional<Arguments> arguments =
      commands::fromLine(*command, std::string_view(line).substr(start + name.size()));
  if (!arguments) {
    return {"usage: " + commands::usage(*command)};
  }
  if (command->name == "help") {
    return help(*arguments);
  }
  const std::string reply = handlers()[*command](target, *arguments);
  return reply.empty() ? std::vector<std::string>{} : std::vector<std::string>{reply};
}

std::vector<std::string> completeConsoleCommand(const std::string& line) {
  const std::vector<std::string> argument = words(line);
  const bool newWord = line.empty() || line.back() == ' ';
  const std::size_t index = newWord ? argument.size() : argument.size() - 1;
  const std::string prefix = newWord ? "" : argument.back();
  std::vector<std::string> choices;
  if (index == 0) {
    for (const Command* command : commands::commandsFor(commands::kConsole)) {
      choices.emplace_back(command->name);
    }
  } else if (const Command* command = commands::commandNamed(argument[0], commands::kConsole)) {
    choices = choicesFor(*command, index - 1);
  }
  std::string head;
  for (std::size_t i = 0; i < index; ++i) {
    head += argument[i] + " ";
  }
  std::vector<std::string> lines;
  for (const std::string& choice : choices) {
    if (choice.starts_with(prefix)) {
      lines.push_back(head + choice + (index == 0 ? " " : ""));
    }
  }
  return lines;
}

}  // namespace coyote
