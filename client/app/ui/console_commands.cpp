#include "client/app/ui/console_commands.h"

#include <algorithm>
#include <sstream>

namespace coyote {
namespace {

struct CommandHelp {
  const char* name;
  const char* usage;
  const char* help;
};

constexpr CommandHelp kCommands[] = {
    {"connect", "connect HOST:PORT", "join a server"},
    {"disconnect", "disconnect", "leave the server"},
    {"name", "name NAME", "your name from the next connection on"},
    {"room", "room ROOM", "join another room of this server"},
    {"password", "password [TEXT]", "the server's password, for the next connection"},
    {"local", "local", "play on a server of your own on this machine"},
    {"menu", "menu title|browser|connect|options|replays", "open a menu"},
    {"replay", "replay FILE", "watch a replay (Escape: back to the menus)"},
    {"say", "say TEXT", "a line to the room's chat"},
    {"kill", "kill", "back to your last checkpoint, or your spawn"},
    {"debug", "debug joints|limits on|off", "the F4 joints and F5 limits views"},
    {"net_graph", "net_graph 0|1", "the F3 net graph"},
    {"help", "help [COMMAND]", "the commands, or one"},
    {"quit", "quit", "close the game"},
};

std::vector<std::string> words(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> all;
  for (std::string word; stream >> word;) {
    all.push_back(word);
  }
  return all;
}

const CommandHelp* find(const std::string& name) {
  const auto found = std::find_if(std::begin(kCommands), std::end(kCommands),
                                  [&](const CommandHelp& command) { return name == command.name; });
  return found == std::end(kCommands) ? nullptr : found;
}

std::vector<std::string> help(const std::vector<std::string>& argument) {
  if (argument.size() > 1) {
    const CommandHelp* command = find(argument[1]);
    return {command == nullptr ? "help: no command " + argument[1]
                               : std::string(command->usage) + ": " + command->help};
  }
  std::vector<std::string> lines;
  for (const CommandHelp& command : kCommands) {
    lines.push_back(std::string(command.usage) + ": " + command.help);
  }
  return lines;
}

/// The rest of `line` after its first word (the text of `say`, kept as typed).
std::string rest(const std::string& line) {
  const std::size_t start = line.find_first_not_of(' ');
  const std::size_t space = line.find(' ', start);
  const std::size_t text = line.find_first_not_of(' ', space);
  return text == std::string::npos ? "" : line.substr(text);
}

std::string runView(const std::vector<std::string>& argument, ConsoleTarget& target) {
  if (argument[0] == "net_graph") {
    if (argument.size() != 2 || (argument[1] != "0" && argument[1] != "1")) {
      return "usage: net_graph 0|1";
    }
    return target.setView("net_graph", argument[1] == "1");
  }
  if (argument.size() != 3 || (argument[1] != "joints" && argument[1] != "limits") ||
      (argument[2] != "on" && argument[2] != "off")) {
    return "usage: debug joints|limits on|off";
  }
  return target.setView(argument[1], argument[2] == "on");
}

}  // namespace

std::vector<std::string> runConsoleCommand(const std::string& line, ConsoleTarget& target) {
  const std::vector<std::string> argument = words(line);
  if (argument.empty()) {
    return {};
  }
  const std::string& name = argument[0];
  const CommandHelp* command = find(name);
  if (command == nullptr) {
    return {"unknown command: " + name + " (help lists them)"};
  }
  if (name == "help") {
    return help(argument);
  }
  const bool oneArgument =
      name == "connect" || name == "name" || name == "room" || name == "menu" || name == "replay";
  const bool noArgument =
      name == "disconnect" || name == "quit" || name == "local" || name == "kill";
  if ((oneArgument && argument.size() != 2) || (noArgument && argument.size() != 1) ||
      (name == "say" && argument.size() < 2)) {
    return {std::string("usage: ") + command->usage};
  }
  std::string reply;
  if (name == "connect") {
    reply = target.connect(argument[1]);
  } else if (name == "disconnect") {
    reply = target.disconnect();
  } else if (name == "name") {
    reply = target.setName(argument[1]);
  } else if (name == "room") {
    reply = target.setRoom(argument[1]);
  } else if (name == "say") {
    reply = target.say(rest(line));
  } else if (name == "quit") {
    reply = target.quit();
  } else if (name == "password") {
    reply = target.setPassword(rest(line));  // spaces and all
  } else if (name == "local") {
    reply = target.playLocal();
  } else if (name == "kill") {
    reply = target.kill();
  } else if (name == "replay") {
    reply = target.watchReplay(argument[1]);
  } else if (name == "menu") {
    reply = target.showMenu(argument[1]);
  } else {
    reply = runView(argument, target);
  }
  return reply.empty() ? std::vector<std::string>{} : std::vector<std::string>{reply};
}

std::vector<std::string> completeConsoleCommand(const std::string& line) {
  const std::vector<std::string> argument = words(line);
  const bool newWord = line.empty() || line.back() == ' ';
  const std::size_t index = newWord ? argument.size() : argument.size() - 1;
  const std::string prefix = newWord ? "" : argument.back();
  std::vector<std::string> choices;
  if (index == 0) {
    for (const CommandHelp& command : kCommands) {
      choices.emplace_back(command.name);
    }
  } else if (argument[0] == "debug" && index == 1) {
    choices = {"joints", "limits"};
  } else if (argument[0] == "debug" && index == 2) {
    choices = {"on", "off"};
  } else if (argument[0] == "net_graph" && index == 1) {
    choices = {"0", "1"};
  } else if (argument[0] == "menu" && index == 1) {
    choices = {"title", "browser", "connect", "options", "replays"};
  } else if (argument[0] == "help" && index == 1) {
    for (const CommandHelp& command : kCommands) {
      choices.emplace_back(command.name);
    }
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
