// Every command of Coyote: the admin API's (docs/hosting.md#moderation), chat's `/` commands
// (docs/playing.md#chat) and the console's (docs/playing.md#console). Tests check that each is in
// its page of the docs as written here.
#include "commands/command_list.h"

#include <algorithm>

namespace coyote::commands {
namespace {

using Takes = Parameter::Takes;

constexpr std::string_view kPlayerName = "the player's name";

/// The ban, whose choices cost differently (docs/hosting.md#moderation): a player's key and
/// address, its key alone, a key, an address or a name.
Command banCommand() {
  return {
      .name = "ban",
      .parameters = {{.name = "player",
                      .optional = true,
                      .about = "the player whose key and address to ban"},
                     {.name = "key_only",
                      .optional = true,
                      .choices = "yes|no",
                      .about = "with player: its key alone, not the address others may share",
                      .flag = true},
                     {.name = "key", .optional = true, .about = "a key's fingerprint instead"},
                     {.name = "address", .optional = true, .about = "an IPv4 address instead"},
                     {.name = "name", .optional = true, .about = "a name instead (any ASCII case)"},
                     {.name = "minutes",
                      .optional = true,
                      .about = "how long, in minutes",
                      .note = "0 or none: for good",
                      .number = true},
                     {.name = "reason", .optional = true, .about = "shown to them when refused"},
                     {.name = "room", .optional = true, .about = "where to look for the player"}},
      .help =
          "ban a player (its key and address, or its key alone), a key, an address or a name "
          "(kicks them too, and lists whom)",
      .access = kAdmin,
      .changes = true};
}

// Their parameters' `about` is both coyote-admin's help for the option and the API's answer when
// one is missing or wrong ("player: the name of a player to kick").
std::vector<Command> adminModerationCommands() {
  return {
      {.name = "players",
       .help = "rooms and their players: address, ping, loss, time connected; the addresses "
               "several players share",
       .access = kAdmin},
      {.name = "kick",
       .parameters = {{.name = "player", .about = "the name of a player to kick"},
                      {.name = "room", .optional = true, .about = "only in this room"},
                      {.name = "reason", .optional = true, .about = "shown to them and the room"}},
       .help = "disconnect a player, telling them why",
       .access = kAdmin,
       .changes = true},
      banCommand(),
      {.name = "bans", .help = "the bans, with their ids", .access = kAdmin},
      {.name = "unban",
       .parameters = {{.name = "id", .about = "the number GET /admin/bans lists"}},
       .help = "lift a ban",
       .access = kAdmin,
       .changes = true},
      {.name = "mute",
       .parameters = {{.name = "player", .about = kPlayerName},
                      {.name = "minutes",
                       .optional = true,
                       .about = "how long, in minutes",
                       .note = "10",
                       .number = true}},
       .help = "the player's chat lines reach nobody",
       .access = kAdmin,
       .changes = true},
      {.name = "unmute",
       .parameters = {{.name = "player", .about = kPlayerName}},
       .help = "lift a mute",
       .access = kAdmin,
       .changes = true},
      {.name = "release",
       .parameters = {{.name = "name", .about = "a name that set records here"}},
       .help = "let any player key use a name its records' key owns",
       .access = kAdmin,
       .changes = true},
  };
}

std::vector<Command> adminRoomCommands() {
  return {
      {.name = "broadcast",
       .parameters = {{.name = "text",
                       .takes = Takes::kText,
                       .about = "a line of 1 to 120 characters"},
                      {.name = "room", .optional = true, .about = "only this room"}},
       .help = "a server line to every room, or one",
       .access = kAdmin,
       .changes = true},
      {.name = "levels",
       .help = "the levels the server loaded, and what each room plays",
       .access = kAdmin},
      {.name = "level",
       .parameters = {{.name = "level",
                       .about = "the file name of a level this server loaded (GET /admin/levels "
                                "lists them)"},
                      {.name = "room", .optional = true, .about = "the room", .note = "main"},
                      {.name = "when",
                       .optional = true,
                       .choices = "now|race_end",
                       .about = "race_end: once nobody there is racing",
                       .note = "now or race_end"},
                      {.name = "wait",
                       .optional = true,
                       .about = "race_end: seconds to wait at most",
                       .note = "300",
                       .number = true}},
       .help = "a room plays another of the loaded levels, starting over",
       .access = kAdmin,
       .changes = true},
  };
}

std::vector<Command> consoleCommands() {
  return {
      {.name = "connect",
       .parameters = {{.name = "host:port"}},
       .help = "join a server",
       .access = kConsole},
      {.name = "spectate",
       .parameters = {{.name = "host:port"}},
       .help = "watch a server's room without playing in it",
       .access = kConsole},
      {.name = "disconnect", .help = "leave the server", .access = kConsole},
      {.name = "name",
       .parameters = {{.name = "name"}},
       .help = "your name from the next connection on",
       .access = kConsole},
      {.name = "room",
       .parameters = {{.name = "room"}},
       .help = "join another room of this server",
       .access = kConsole},
      {.name = "password",
       .parameters = {{.name = "text", .optional = true, .takes = Takes::kText}},
       .help = "the server's password, for the next connection",
       .access = kConsole},
      {.name = "local", .help = "play on a server of your own on this machine", .access = kConsole},
      {.name = "menu",
       .parameters = {{.name = "menu", .choices = "title|browser|connect|options|replays"}},
       .help = "open a menu",
       .access = kConsole},
      {.name = "replay",
       .parameters = {{.name = "file",
                       .takes = Takes::kText}},  // a player's folder may have spaces
       .help = "watch a replay (Escape: back to the menus)",
       .access = kConsole},
      {.name = "say",
       .parameters = {{.name = "text", .takes = Takes::kText}},
       .help = "a line to the room's chat",
       .access = kConsole},
      {.name = "kill", .help = "back to your last checkpoint, or your spawn", .access = kConsole},
      {.name = "restart",
       .help = "back to your spawn: in a race, a fresh run from the start",
       .access = kConsole},
      {.name = "debug",
       .parameters = {{.name = "view", .choices = "joints|limits"},
                      {.name = "state", .choices = "on|off"}},
       .help = "the F4 joints and F5 limits views",
       .access = kConsole},
      {.name = "net_graph",
       .parameters = {{.name = "state", .choices = "0|1"}},
       .help = "the F3 net graph",
       .access = kConsole},
      {.name = "help",
       .parameters = {{.name = "command", .optional = true, .takes = Takes::kText}},
       .help = "the commands, or one",
       .access = kConsole | kPlayer},
      {.name = "quit", .help = "close the game", .access = kConsole},
  };
}

std::vector<Command> chatCommands() {
  return {
      {.name = "vote kick",
       .parameters = {{.name = "name", .takes = Takes::kText}},
       .help = "open a vote to put NAME out of the room",
       .access = kPlayer},
      {.name = "vote yes", .help = "for the open vote", .access = kPlayer},
      {.name = "vote no", .help = "against the open vote", .access = kPlayer},
  };
}

std::vector<Command> allCommands() {
  std::vector<Command> all = adminModerationCommands();
  std::ranges::move(adminRoomCommands(), std::back_inserter(all));
  std::ranges::move(consoleCommands(), std::back_inserter(all));
  std::ranges::move(chatCommands(), std::back_inserter(all));
  return all;
}

}  // namespace

std::span<const Command> commandList() {
  static const std::vector<Command> all = allCommands();
  return all;
}

std::vector<const Command*> commandsFor(unsigned access) {
  std::vector<const Command*> found;
  for (const Command& command : commandList()) {
    if ((command.access & access) != 0) {
      found.push_back(&command);
    }
  }
  return found;
}

const Command* commandNamed(std::string_view name, unsigned access) {
  for (const Command* command : commandsFor(access)) {
    if (command->name == name) {
      return command;
    }
  }
  return nullptr;
}

Found findCommand(std::string_view line, unsigned access) {
  Found found;
  for (const Command* command : commandsFor(access)) {
    const bool starts = line.starts_with(command->name) &&
                        (line.size() == command->name.size() || line[command->name.size()] == ' ');
    if (starts && (found.command == nullptr || command->name.size() > found.command->name.size())) {
      found = {command, line.substr(command->name.size())};
    }
  }
  return found;
}

}  // namespace coyote::commands
